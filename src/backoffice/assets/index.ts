import { Hono } from 'hono';
import { bundles } from '../../generated/bundles';
import { sha256Hex } from '../../keys/secret';
import type { BackofficeEnv } from '../env';
import type { Module } from '../views/layout';
import { commonJs } from './common';
import { editorCss } from './editor-styles';
import { logicJs } from './logic';
import { previewJs } from './preview';
import { previewFieldsJs } from './preview-fields';
import { previewResultJs } from './preview-result';
import { previewCss } from './preview-styles';
import { baseCss } from './styles';

const JS = 'text/javascript; charset=utf-8';

const FILES = new Map<string, { type: string; body: string }>([
  ['app.css', { type: 'text/css; charset=utf-8', body: baseCss + editorCss + previewCss }],
  ['common.js', { type: JS, body: commonJs }],
  ['logic.js', { type: JS, body: logicJs }],
  ['preview-fields.js', { type: JS, body: previewFieldsJs }],
  ['preview-result.js', { type: JS, body: previewResultJs }],
  ['preview.js', { type: JS, body: previewJs }],
]);

/** The browser bundles the pages load as modules (views/layout.tsx `Module`), tagged by their content hash. */
const MODULES = new Map<string, { body: string; etag: string }>(
  (['editor'] satisfies Module[]).flatMap((name) => {
    const b = bundles[name];
    return b ? [[`${name}.js`, { body: b.js, etag: `"${b.hash}"` }] as const] : [];
  }),
);

const etags = new Map<string, string>();

async function etagOf(name: string, body: string): Promise<string> {
  let tag = etags.get(name);
  if (!tag) {
    tag = `"${(await sha256Hex(body)).slice(0, 20)}"`;
    etags.set(name, tag);
  }
  return tag;
}

/** The backoffice's scripts and stylesheet; public (the sign-in page needs them) and revalidated by ETag. */
export const assets = new Hono<BackofficeEnv>().get('/:name', async (c) => {
  const name = c.req.param('name');
  const bundle = MODULES.get(name);
  const file = bundle ? { type: JS, body: bundle.body } : FILES.get(name);
  if (!file) return c.text('Not found', 404);
  const etag = bundle?.etag ?? (await etagOf(name, file.body));
  const headers = { 'Content-Type': file.type, ETag: etag, 'Cache-Control': 'no-cache' };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(file.body, 200, headers);
});
