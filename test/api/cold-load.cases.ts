import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { farDatabase, type Hook } from '../../bench/knobs';
import worker from '../../src/index';
import { SHELF } from '../fixtures/shelf';
import { jsonInit, saveProduct, tenant } from '../helpers';

/** The shelf with a comment of its own: a source, and so a content hash, no other test saves. */
const SCHEMA = (nonce: string) => `// ${nonce}\n${SHELF}`;

/** Statements that read: a request may also write its key's last use (`run`, in the background). */
const reads = (ran: string[]) => ran.filter((where) => !where.endsWith('.run'));

/** One request through the Worker with D1 statements logged by where they ran, its background work done. */
async function logged(request: Request, hook?: Hook) {
  const ran: string[] = [];
  const log: Hook = (where, call) => {
    ran.push(where);
    return hook ? hook(where, call) : Promise.resolve(call());
  };
  const ctx = createExecutionContext();
  const res = await worker.fetch(request, { ...env, DB: farDatabase(env.DB, log) }, ctx);
  await waitOnExecutionContext(ctx);
  return { res, ran };
}

async function storeWith(productId: string, schema: string) {
  const t = await tenant();
  expect((await saveProduct(t.storeId, productId, schema)).status).toBe(201);
  const calculate = () =>
    new Request(
      'http://localhost/api/v1/calculate',
      jsonInit('POST', { tenant_id: t.storeId, product_id: productId, configuration: {} }, t.headers),
    );
  return { ...t, calculate };
}

describe('a cold load of a product version', () => {
  it('reads D1 once per location: through a replica session, then the location cache serves other cold isolates', async () => {
    const schema = SCHEMA(crypto.randomUUID());
    const first = await storeWith('door', schema);
    const cold = await logged(first.calculate());
    expect(cold.res.status).toBe(200);
    expect(cold.ran.filter((w) => w.startsWith('session(first-unconstrained).')).length).toBeGreaterThan(0);
    expect(reads(cold.ran).filter((w) => w.startsWith('primary.'))).toEqual([]);
    // Another store saves the same source: this isolate has not loaded its version, the location has its compiled form.
    const second = await storeWith('gate', schema);
    const fromCache = await logged(second.calculate());
    expect(fromCache.res.status).toBe(200);
    expect(await fromCache.res.json()).toMatchObject({ product_id: 'gate', result: { totals: { price: 40 } } });
    expect(reads(fromCache.ran)).toEqual([]);
  });

  it('serves a burst of cold requests, each making its own reads, and the location keeps the version', async () => {
    const schema = SCHEMA(crypto.randomUUID());
    const first = await storeWith('door', schema);
    // One isolate, twenty requests at once, none finding the version: no request waits on another's read or put
    // (docs/architecture.md, "What an isolate may share across requests").
    const ctx = createExecutionContext();
    const responses = await Promise.all(Array.from({ length: 20 }, () => worker.fetch(first.calculate(), env, ctx)));
    await waitOnExecutionContext(ctx);
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const second = await storeWith('gate', schema);
    const fromCache = await logged(second.calculate());
    expect(fromCache.res.status).toBe(200);
    expect(reads(fromCache.ran)).toEqual([]);
  });

  it('reads the primary when the replica does not have the version yet', async () => {
    const t = await storeWith('window', SCHEMA(crypto.randomUUID()));
    // A replica behind the primary: its reads find no rows.
    const behind: Hook = async (where, call) =>
      where.startsWith('session(') ? { results: [], success: true, meta: {} } : call();
    const { res, ran } = await logged(t.calculate(), behind);
    expect(res.status).toBe(200);
    expect(ran.some((w) => w.startsWith('session('))).toBe(true);
    expect(reads(ran).some((w) => w.startsWith('primary.'))).toBe(true);
  });
});
