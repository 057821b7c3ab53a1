import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { aroundNamespace, everyShard, farDatabase, type Hook } from '../../bench/knobs';
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
  const res = await worker.fetch(request, { ...env, ...everyShard(env, (db) => farDatabase(db, log)) }, ctx);
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

describe('a keyed request in a cold isolate', () => {
  const FAR_MS = 100;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** One request with the store's object FAR_MS away; what happened, in order: the object's answer and each D1 read sent. */
  async function timeline(request: Request) {
    const events: string[] = [];
    const far: Hook = async (method, call) => {
      await sleep(FAR_MS);
      const answer = await call();
      events.push(`object.${method} answered`);
      return answer;
    };
    const d1: Hook = (where, call) => {
      if (!where.endsWith('.run')) events.push(`d1 ${where} sent`);
      return Promise.resolve(call());
    };
    const ctx = createExecutionContext();
    const farEnv = { ...env, ACCESS: aroundNamespace(env.ACCESS, far), ...everyShard(env, (db) => farDatabase(db, d1)) } as Env;
    const res = await worker.fetch(request, farEnv, ctx);
    await waitOnExecutionContext(ctx);
    return { res, events };
  }

  const firstRead = (events: string[]) => events.findIndex((e) => e.startsWith('d1 '));
  const answered = (events: string[]) => events.findIndex((e) => e.startsWith('object.'));

  it('reads the product it names from D1 while its key check waits for the store object (calculate, configure, form)', async () => {
    const t = await storeWith('door', SCHEMA(crypto.randomUUID()));
    const cold = await timeline(t.calculate());
    expect(cold.res.status).toBe(200);
    expect(await cold.res.json()).toMatchObject({ product_id: 'door', result: { totals: { price: 40 } } });
    expect(answered(cold.events)).toBeGreaterThan(-1);
    expect(firstRead(cold.events)).toBeGreaterThan(-1);
    expect(firstRead(cold.events)).toBeLessThan(answered(cold.events));

    const u = await storeWith('door', SCHEMA(crypto.randomUUID()));
    const configure = new Request(
      'http://localhost/api/v1/configure',
      jsonInit('POST', { tenant_id: u.storeId, product_id: 'door', configuration: {} }, u.headers),
    );
    const configured = await timeline(configure);
    expect(configured.res.status).toBe(200);
    expect(firstRead(configured.events)).toBeLessThan(answered(configured.events));

    const v = await storeWith('door', SCHEMA(crypto.randomUUID()));
    const form = await timeline(
      new Request(`http://localhost/api/v1/products/door/form?tenant_id=${v.storeId}`, { headers: v.headers }),
    );
    expect(form.res.status).toBe(200);
    expect(await form.res.json()).toMatchObject({ product_id: 'door' });
    expect(firstRead(form.events)).toBeLessThan(answered(form.events));
  });

  it('answers as a warm isolate would when the body or the product is wrong, or names another store', async () => {
    const t = await storeWith('door', SCHEMA(crypto.randomUUID()));
    const send = (body: string, headers = t.headers) =>
      timeline(
        new Request('http://localhost/api/v1/calculate', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...headers },
          body,
        }),
      );
    const broken = await send('{"tenant_id": ');
    expect(broken.res.status).toBe(400);
    const body = (productId: string, tenantId = t.storeId) =>
      JSON.stringify({ tenant_id: tenantId, product_id: productId, configuration: {} });
    const missing = await send(body('no-such-product'));
    expect(missing.res.status).toBe(404);
    // The key's store is the one read ahead, never the tenant the body names: another store's product stays unread.
    const other = await storeWith('gate', SCHEMA(crypto.randomUUID()));
    const elsewhere = await send(body('gate', other.storeId));
    expect(elsewhere.res.status).toBe(403);
    const ahead = await send(body('gate', t.storeId));
    expect(ahead.res.status).toBe(404);
  });
});
