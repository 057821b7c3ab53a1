// docs/api.md's table of endpoints is the served OpenAPI document's list of operations: the same methods and
// paths, who may call them, and every status each one answers. A route added, removed or given a new status
// without the docs (or the docs without the route) fails here.
import { describe, expect, it } from 'vitest';
import api from '../../docs/api.md?raw';
import { call } from '../helpers';

type Operation = { security?: Record<string, unknown>[]; responses: Record<string, unknown> };
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

function auth(op: Operation): string {
  const schemes = new Set((op.security ?? []).flatMap((s) => Object.keys(s)));
  if (schemes.has('ApiKey')) return 'API key';
  if (schemes.size > 0) return 'admin';
  return 'none';
}

/** `METHOD /path | auth | statuses`, one per operation of the served document. */
async function servedRows(): Promise<string[]> {
  const doc = await (await call('/api/openapi.json')).json<{ paths: Record<string, Partial<Record<string, Operation>>> }>();
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
  const section = api.split(/^## Endpoints$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `([A-Z]+ \/[^`]+)` \| ([^|]+) \| ([^|]+) \|/gm)]
    .map(([, op, who, statuses]) => `${op} | ${who!.trim()} | ${statuses!.trim()}`)
    .sort();
}

describe('docs/api.md, "Endpoints"', () => {
  it('lists every operation of the OpenAPI document, with its callers and statuses, and nothing else', async () => {
    expect(documentedRows()).toEqual(await servedRows());
  });
});
