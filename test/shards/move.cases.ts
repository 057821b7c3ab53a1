// Moving a store between shards over HTTP (docs/scale.md, "Moving a store"): a busy store, its quotes created, sent
// and accepted by concurrent requests all through the move, ends with every quote, version and event once in the new
// shard and nothing in the old; writes meanwhile answered 503 with Retry-After or landed; reads answered throughout.
import { createExecutionContext, createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import type { QuoteJson } from '../api/quotes-helpers';
import { endpoint, receiver } from '../api/webhooks-helpers';
import { bigModel, LABELLED } from '../fixtures/big-model';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createStore, saveProduct, uniqueId } from '../helpers';
import { rowsOf, type Status, shards, status, until } from './move-helpers';

/** A store in shard 0 with a product, a key for quotes and an endpoint, so quotes' changes write events. */
async function busyStore() {
  // The queue's consumer delivers these events while the file runs on: to a receiver, never out of the machine.
  receiver(200);
  const storeId = await createStore('enterprise', uniqueId('moving'), 0);
  await endpoint(storeId, ['quote.sent', 'quote.accepted', 'product.published']);
  expect((await saveProduct(storeId, 'shelf', SHELF)).status).toBe(201);
  const key = await (
    await admin('POST', `/stores/${storeId}/api-keys`, { name: 'k', permissions: ['quote:read', 'quote:write'] })
  ).json<{ key: string }>();
  return { storeId, key: key.key };
}

describe('moving a store', () => {
  it('moves a busy store: every quote, version and event once in the new shard, none in the old, no write lost', async () => {
    const { storeId, key } = await busyStore();
    const auth = { 'X-API-Key': key, 'Content-Type': 'application/json' };
    const v1 = (path: string, body?: unknown) =>
      call(`/api/v1/quotes${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: auth,
        ...(body === undefined ? {} : { body: JSON.stringify({ tenant_id: storeId, ...(body as object) }) }),
      });

    const created: string[] = [];
    const accepted: string[] = [];
    const refused: Response[] = [];
    const reads: number[] = [];
    /** A client that retries a refused write after Retry-After (shortened here), as docs/api.md tells clients to. */
    async function write(path: string, body: unknown): Promise<Response> {
      for (;;) {
        const res = await v1(path, body);
        if (res.status !== 503) return res;
        refused.push(res);
        await res.json();
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    async function lifeOfAQuote(n: number) {
      const res = await write('', { items: [{ product_id: 'shelf', configuration: {} }], customer: { name: `Buyer ${n}` } });
      expect(res.status).toBe(201);
      const q = await res.json<QuoteJson>();
      created.push(q.id);
      expect((await write(`/${q.id}/send`, {})).status).toBe(200);
      if (n % 2 === 0) {
        expect((await write(`/${q.id}/accept`, {})).status).toBe(200);
        accepted.push(q.id);
      }
      const read = await v1(`/${q.id}?tenant_id=${storeId}`);
      reads.push(read.status);
      await read.body?.cancel();
    }

    for (let n = 0; n < 12; n++) await lifeOfAQuote(n);
    const before = await rowsOf(env.DB, storeId);
    expect(before.quotes).toBe(12);

    const started = await admin('POST', `/stores/${storeId}/move`, { to: 1 });
    expect(started.status).toBe(202);
    expect((await started.json<Status>()).move).toMatchObject({ from: 0, to: 1, writes_fenced: true });

    // Three clients keep the store busy through the move and after it, and one keeps reading a quote made before.
    let moving = true;
    const reader = (async () => {
      while (moving) {
        const res = await v1(`/${created[0]}?tenant_id=${storeId}`);
        reads.push(res.status);
        await res.body?.cancel();
      }
    })();
    const clients = [0, 1, 2].map(async (c) => {
      for (let n = 0; moving || n < 2; n++) await lifeOfAQuote(100 * (c + 1) + n);
    });
    const done = await until(storeId, ['done']);
    moving = false;
    await Promise.all([...clients, reader]);

    expect(done).toMatchObject({ shard: 1, move: { from: 0, to: 1, phase: 'done', error: null, writes_fenced: false } });
    for (const [table, tally] of Object.entries(done.move!.tables)) {
      expect(tally.copied, table).toEqual({ rows: tally.rows, hash: tally.hash });
    }
    expect(done.move!.tables.quotes!.rows).toBeGreaterThanOrEqual(12);

    // Writes during the fence were refused whole, and said when to come back.
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.headers.get('Retry-After') === '2')).toBe(true);
    // Reads answered all along.
    expect(reads.length).toBeGreaterThan(created.length);
    expect(reads.every((s) => s === 200)).toBe(true);

    // Nothing of the store is left in shard 0; in shard 1 each quote is there once, with its events once each.
    expect(await rowsOf(env.DB, storeId)).toEqual({});
    const quotes = await env.DB_1.prepare('SELECT id FROM quotes WHERE store_id = ?1').bind(storeId).all<{ id: string }>();
    expect(quotes.results.map((r) => r.id).sort()).toEqual([...created].sort());
    const events = async (type: string) =>
      (
        await env.DB_1.prepare('SELECT subject FROM webhook_events WHERE store_id = ?1 AND type = ?2')
          .bind(storeId, type)
          .all<{ subject: string }>()
      ).results
        .map((r) => r.subject)
        .sort();
    expect(await events('quote.sent')).toEqual([...created].sort());
    expect(await events('quote.accepted')).toEqual([...accepted].sort());
    const versions = await env.DB_1.prepare('SELECT version FROM product_versions WHERE store_id = ?1').bind(storeId).all();
    expect(versions.results).toEqual([{ version: 1 }]);
    // Each quote's history is whole: created, sent, and accepted for every other one, each version once.
    const history = await env.DB_1.prepare('SELECT quote_id, version FROM quote_history WHERE store_id = ?1')
      .bind(storeId)
      .all<{ quote_id: string; version: number }>();
    expect(history.results.length).toBe(created.length * 2 + accepted.length);
    // The quote numbers went on from the copied counter: no number given twice.
    const numbers = await env.DB_1.prepare('SELECT number FROM quotes WHERE store_id = ?1')
      .bind(storeId)
      .all<{ number: string }>();
    expect(new Set(numbers.results.map((r) => r.number)).size).toBe(created.length);
    // The old shard keeps its fence: a late write there is refused for good.
    expect(await env.DB.prepare('SELECT state, to_shard FROM store_fences WHERE store_id = ?1').bind(storeId).first()).toEqual({
      state: 'moved',
      to_shard: 1,
    });
    const rows = Object.values(done.move!.tables).reduce((sum, t) => sum + t.rows, 0);
    const fencedMs = Date.parse(done.move!.switched_at!) - Date.parse(done.move!.started_at);
    console.log(
      `move: ${created.length} quotes created, ${refused.length} writes answered 503 and retried, ${reads.length} reads all 200; ${rows} rows copied and verified, writes fenced ${fencedMs} ms`,
    );
  });

  it('a write that reaches a fenced shard is refused whole with 503 and Retry-After, whatever checked it before', async () => {
    const { storeId } = await busyStore();
    // The fence as a move raises it, straight in the store's shard: what the store's routing and key check thought
    // they knew before it went up does not matter, the database refuses.
    await env.DB.prepare(`INSERT INTO store_fences (store_id, state, to_shard, at) VALUES (?1, 'fenced', 1, 0)`)
      .bind(storeId)
      .run();
    const before = await rowsOf(env.DB, storeId);
    const res = await saveProduct(storeId, 'other', SHELF);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('2');
    expect(await res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retry_after: 2 } });
    const profile = await admin('PUT', `/stores/${storeId}/profile`, { legal_name: 'Acme' });
    expect(profile.status).toBe(503);
    expect(await rowsOf(env.DB, storeId)).toEqual(before);
    // Reads go on.
    expect((await admin('GET', `/stores/${storeId}/products`)).status).toBe(200);
    await env.DB.prepare('DELETE FROM store_fences WHERE store_id = ?1').bind(storeId).run();
  });

  it('refuses a move to where the store is, to an unbound shard, a second move under way, an unknown store, a bad body', async () => {
    const storeId = await createStore('enterprise', uniqueId('refused'), 1);
    const post = (body: unknown, id = storeId) => admin('POST', `/stores/${id}/move`, body);
    expect(await (await post({ to: 1 })).json()).toMatchObject({ code: 'CONFLICT', details: { shard: 1 } });
    const unbound = await post({ to: 7 });
    expect(unbound.status).toBe(400);
    expect(await unbound.json()).toMatchObject({ details: { shards: [0, 1] } });
    expect((await post({ to: 0 }, 'no-such-store')).status).toBe(404);
    for (const body of [{ to: '0' }, { to: -1 }, { to: 0.5 }, { to: 0, extra: 1 }, {}, { to: Number.NaN }]) {
      expect((await post(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post({ to: 0 })).status).toBe(202);
    // The move is under way until its old rows are gone (1.5 s after its switch in the tests).
    const second = await post({ to: 1 });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'CONFLICT', details: { move: { from: 1, to: 0 } } });
    await until(storeId, ['done']);
    expect((await status(storeId)).shard).toBe(0);
    // A store that never moved has no move to show.
    const still = await createStore('enterprise', uniqueId('still'), 0);
    expect(await status(still)).toEqual({ store_id: still, shard: 0, move: null });
  });

  it('moves a store there and back: the fence the first move left in its old shard is gone once it comes home', async () => {
    const { storeId } = await busyStore();
    const rows = await rowsOf(env.DB, storeId);
    for (const [to, from] of [
      [1, 0],
      [0, 1],
    ] as const) {
      expect((await admin('POST', `/stores/${storeId}/move`, { to })).status).toBe(202);
      await until(storeId, ['done']);
      expect(await rowsOf(shards[to]!, storeId)).toEqual(rows);
      expect(await rowsOf(shards[from]!, storeId)).toEqual({});
    }
    // At home again in 0, it takes writes there.
    expect((await saveProduct(storeId, 'other', SHELF)).status).toBe(201);
  });

  it('moves a version stored in parts (a 0.9 MB source): its parts copied whole, its source and form served from the new shard', async () => {
    const storeId = await createStore('enterprise', uniqueId('parts'), 0);
    const { source } = bigModel(LABELLED);
    expect((await saveProduct(storeId, 'labelled', source)).status).toBe(201);
    const before = await rowsOf(env.DB, storeId);
    expect(before.product_version_source_parts).toBeGreaterThan(0);
    expect((await admin('POST', `/stores/${storeId}/move`, { to: 1 })).status).toBe(202);
    const done = await until(storeId, ['done']);
    expect(done.move!.tables.product_version_source_parts).toMatchObject({ rows: before.product_version_source_parts });
    expect(await rowsOf(env.DB_1, storeId)).toEqual(before);
    expect(await rowsOf(env.DB, storeId)).toEqual({});
    const product = await (await admin('GET', `/stores/${storeId}/products/labelled`)).json<{ source: string }>();
    expect(product.source).toBe(source);
    const key = await (await admin('POST', `/stores/${storeId}/api-keys`, { name: 'k', permissions: ['form:read'] })).json<{
      key: string;
    }>();
    const form = await call(`/api/v1/products/labelled/form?tenant_id=${storeId}`, { headers: { 'X-API-Key': key.key } });
    expect(form.status).toBe(200);
  });

  it("the retention leaves a store's copy arriving in a shard to its move, and goes on for the stores that shard holds", async () => {
    const { storeId } = await busyStore();
    const homed = { storeId: await createStore('enterprise', uniqueId('homed'), 1) };
    await endpoint(homed.storeId, ['product.published']);
    expect((await saveProduct(homed.storeId, 'shelf', SHELF)).status).toBe(201);
    expect((await admin('POST', `/stores/${storeId}/customer-groups`, { id: 'dealer', name: 'Dealers' })).status).toBe(201);
    const eventsIn = async (db: D1Database, id: string) =>
      (await db.prepare('SELECT count(*) AS n FROM webhook_events WHERE store_id = ?1').bind(id).first<{ n: number }>())!.n;
    // Both stores' product.published events past their retention, the arriving store's the oldest of shard 1.
    await env.DB.prepare('UPDATE webhook_events SET created_at = ?2 WHERE store_id = ?1')
      .bind(storeId, Date.now() - 40 * 86_400_000)
      .run();
    await env.DB_1.prepare('UPDATE webhook_events SET created_at = ?2 WHERE store_id = ?1')
      .bind(homed.storeId, Date.now() - 31 * 86_400_000)
      .run();
    // The move is held in copying, its events copied, until shard 1 takes the store's customer groups.
    const hold = 'test_hold_customer_groups';
    await env.DB_1.prepare(
      `CREATE TRIGGER ${hold} BEFORE INSERT ON customer_groups WHEN NEW.store_id = '${storeId}' BEGIN SELECT RAISE(ABORT, 'held'); END`,
    ).run();
    try {
      expect((await admin('POST', `/stores/${storeId}/move`, { to: 1 })).status).toBe(202);
      for (;;) {
        const { move } = await status(storeId);
        if (move?.phase === 'copying' && move.table === 'customer_groups' && move.error) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await eventsIn(env.DB_1, storeId)).toBe(1);
      await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, createExecutionContext());
      expect(await eventsIn(env.DB_1, storeId)).toBe(1);
      expect(await eventsIn(env.DB_1, homed.storeId)).toBe(0);
    } finally {
      await env.DB_1.prepare(`DROP TRIGGER IF EXISTS ${hold}`).run();
    }
    const done = await until(storeId, ['done', 'failed']);
    expect(done.move).toMatchObject({ phase: 'done', error: null });
    expect(done.move!.tables.webhook_events).toMatchObject({ rows: 1, copied: { rows: 1 } });
  });

  it("the cron's jobs leave a fenced store's rows to its move and go on for the other stores of its shard", async () => {
    const [fenced, other] = [await busyStore(), await busyStore()];
    const eventsOf = async (storeId: string) =>
      (await env.DB.prepare('SELECT count(*) AS n FROM webhook_events WHERE store_id = ?1').bind(storeId).first<{ n: number }>())!
        .n;
    // Each store has a product.published event; made 31 days old, both are past their retention.
    for (const { storeId } of [fenced, other]) {
      await env.DB.prepare('UPDATE webhook_events SET created_at = ?2 WHERE store_id = ?1')
        .bind(storeId, Date.now() - 31 * 86_400_000)
        .run();
      expect(await eventsOf(storeId)).toBe(1);
    }
    await env.DB.prepare(`INSERT INTO store_fences (store_id, state, to_shard, at) VALUES (?1, 'fenced', 1, 0)`)
      .bind(fenced.storeId)
      .run();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, createExecutionContext());
    expect(await eventsOf(other.storeId)).toBe(0);
    expect(await eventsOf(fenced.storeId)).toBe(1);
    await env.DB.prepare('DELETE FROM store_fences WHERE store_id = ?1').bind(fenced.storeId).run();
  });
});
