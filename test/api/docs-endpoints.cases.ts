// docs/api.md's table of endpoints is the served OpenAPI document's list of operations: the same methods and
// paths, who may call them, and every status each one answers. A route added, removed or given a new status
// without the docs (or the docs without the route) fails here; so does a header the document names (a parameter,
// a response header, an API key's header) that docs/api.md's "Headers" tables leave out.
import { describe, expect, it } from 'vitest';
import api from '../../docs/api.md?raw';
import { codeSpans, section, tableRows } from '../docs/sections';
import { call } from '../helpers';

type Operation = {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string }[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
};
type Document = {
  paths: Record<string, Partial<Record<string, Operation>>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
};

const served = async () => (await call('/api/openapi.json')).json<Document>();
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

function auth(op: Operation): string {
  const schemes = new Set((op.security ?? []).flatMap((s) => Object.keys(s)));
  if (schemes.has('ApiKey')) return 'API key';
  if (schemes.size > 0) return 'admin';
  return 'none';
}

/** `METHOD /path | auth | statuses`, one per operation of the served document. */
async function servedRows(): Promise<string[]> {
  const doc = await served();
  return Object.entries(doc.paths)
    .flatMap(([path, item]) =>
      METHODS.flatMap((m) => {
        const op = item[m];
        return op ? [`${m.toUpperCase()} ${path} | ${auth(op)} | ${Object.keys(op.responses).sort().join(', ')}`] : [];
      }),
    )
    .sort();
}

/** The same three columns of the table under docs/api.md's "Endpoints" heading. */
function documentedRows(): string[] {
  return [...section(api, 'Endpoints').matchAll(/^\| `([A-Z]+ \/[^`]+)` \| ([^|]+) \| ([^|]+) \|/gm)]
    .map(([, op, who, statuses]) => `${op} | ${who!.trim()} | ${statuses!.trim()}`)
    .sort();
}

describe('docs/api.md, "Endpoints"', () => {
  it('lists every operation of the OpenAPI document, with its callers and statuses, and nothing else', async () => {
    expect(documentedRows()).toEqual(await servedRows());
  });
});

/** Every header the served document names: request parameters, response headers, and API keys sent in a header. */
async function servedHeaders(): Promise<string[]> {
  const doc = await served();
  const operations = Object.values(doc.paths).flatMap((item) => Object.values(item).filter((op) => op !== undefined));
  const names = [
    ...operations.flatMap((op) => (op.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name)),
    ...operations.flatMap((op) => Object.values(op.responses).flatMap((r) => Object.keys(r.headers ?? {}))),
    ...Object.values(doc.components.securitySchemes).flatMap((s) => (s.in === 'header' && s.name ? [s.name] : [])),
    // http bearer schemes travel in Authorization.
    ...(Object.values(doc.components.securitySchemes).some((s) => s.type === 'http') ? ['Authorization'] : []),
  ];
  return [...new Set(names)].sort();
}

describe('docs/api.md, "Headers"', () => {
  it('has a row for every header the OpenAPI document names', async () => {
    const documented = new Set(tableRows(section(api, 'Headers')).flatMap(([names]) => codeSpans(names!)));
    expect((await servedHeaders()).filter((name) => !documented.has(name))).toEqual([]);
  });
});
