import { Hono } from 'hono';
import { bundle } from '../../bundles';
import { sha256Hex } from '../../keys/secret';
import type { BackofficeEnv } from '../env';
import { editorCss } from './editor-styles';
import { overviewCss } from './overview-styles';
import { previewCss } from './preview-styles';
import { pricingCss } from './pricing-styles';
import { baseCss } from './styles';

const JS = 'text/javascript; charset=utf-8';

const FILES = new Map<string, { type: string; body: string }>([
  ['app.css', { type: 'text/css; charset=utf-8', body: baseCss + editorCss + previewCss + overviewCss + pricingCss }],
  // The bundles of src/browser/ a backoffice page loads (the configurator itself comes from /embed/v1/).
  ['common.js', { type: JS, body: bundle('common').js }],
  ['editor.js', { type: JS, body: bundle('editor').js }],
  ['preview.js', { type: JS, body: bundle('preview').js }],
  ['quote-desk.js', { type: JS, body: bundle('quote-desk').js }],
]);

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
  const file = FILES.get(name);
  if (!file) return c.text('Not found', 404);
  const etag = await etagOf(name, file.body);
  const headers = { 'Content-Type': file.type, ETag: etag, 'Cache-Control': 'no-cache' };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  return c.body(file.body, 200, headers);
});
