import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { farDatabase, type Hook } from '../../bench/knobs';
import { forgetMigrated, LATEST_MIGRATION } from '../../src/db/migrated';
import { forgetShard, shardBinding } from '../../src/db/shards';
import worker from '../../src/index';
import { sha256Hex } from '../../src/keys/secret';
import type { DeliveryMessage } from '../../src/outbox/service';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createKey, createStore, jsonInit, saveProduct, uniqueId } from '../helpers';
import { endpoint, receiver } from './webhooks-helpers';

// Stores spread over D1 databases (docs/scale.md): DB is shard 0 and the directory, DB_1 shard 1 (wrangler.toml).

const SHARDS = [0, 1];

const form: RequestInit = {
  method: 'POST',
  redirect: 'manual',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: 'signer=Ada+Lovelace&consent=yes',
};

/** A store placed in `shard`, with the shelf saved and a key holding every permission the tests need. */
async function storeIn(shard: number) {
  const storeId = await createStore('enterprise', uniqueId('store'), shard);
  expect((await saveProduct(storeId, 'shelf', SHELF)).status).toBe(201);
  const { key } = await createKey(storeId, ['form:read', 'calculate', 'quote:read', 'quote:write']);
  const headers = { 'X-API-Key': key };
  const quotes = (path: string, body?: Record<string, unknown>) =>
    call(`/api/v1/quotes${path}`, jsonInit('POST', { tenant_id: storeId, ...body }, headers));
  return { storeId, headers, quotes };
}

/** How many rows of the store each shard holds in a table. */
const rowsIn = (table: string, storeId: string) =>
  Promise.all(
    SHARDS.map(async (shard) =>
      Number(
        await shardBinding(env, shard).prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE store_id = ?`).bind(storeId).first('n'),
      ),
    ),
  );

describe('a store in a shard', () => {
  it.each(SHARDS)(
    'in shard %i: a product, its form, a quote sent and accepted through its share link, all in that shard alone',
    async (shard) => {
      const t = await storeIn(shard);
      expect((await (await admin('GET', `/stores/${t.storeId}`)).json<{ shard: number }>()).shard).toBe(shard);
      expect((await call(`/api/v1/products/shelf/form?tenant_id=${t.storeId}`, { headers: t.headers })).status).toBe(200);
      const created = await t.quotes('', { items: [{ product_id: 'shelf', configuration: {} }], customer: { name: 'Ada' } });
      expect(created.status).toBe(201);
      const { id } = await created.json<{ id: string }>();
      const sent = await t.quotes(`/${id}/send`);
      expect(sent.status).toBe(200);
      const share = new URL((await sent.json<{ share_url: string }>()).share_url).pathname;
      // The token names the shard, so the page looks there first; shard 0's keep the shape of tokens before shards.
      expect(share).toMatch(shard === 0 ? /^\/q\/q_/ : new RegExp(`^/q/q${shard}_`));
      expect((await call(share)).status).toBe(200);
      expect((await call(`${share}/accept`, form)).status).toBe(303);
      const read = await call(`/api/v1/quotes/${id}?tenant_id=${t.storeId}`, { headers: t.headers });
      expect((await read.json<{ status: string }>()).status).toBe('accepted');

      const only = (n: number) => SHARDS.map((s) => (s === shard ? n : 0));
      expect(await rowsIn('products', t.storeId)).toEqual(only(1));
      expect(await rowsIn('product_versions', t.storeId)).toEqual(only(1));
      expect(await rowsIn('api_keys', t.storeId)).toEqual(only(1));
      expect(await rowsIn('quotes', t.storeId)).toEqual(only(1));
      expect(await rowsIn('quote_items', t.storeId)).toEqual(only(1));
      // The directory's row is in shard 0 and says where the store lives; in another shard a copy anchors its rows.
      const directory = await env.DB.prepare('SELECT shard FROM stores WHERE id = ?').bind(t.storeId).first('shard');
      expect(directory).toBe(shard);
    },
  );

  it('answers 422 for a shard this Worker does not bind, and writes nothing', async () => {
    const id = uniqueId('store');
    const res = await admin('POST', '/stores', { id, name: 'Nowhere', plan: 'free', shard: 2 });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'shard', code: 'INVALID_VALUE' }] });
    expect((await admin('GET', `/stores/${id}`)).status).toBe(404);
  });

  it('places a new store in the shard with the most room (the smallest)', async () => {
    const sizes = await Promise.all(
      SHARDS.map(async (s) => (await shardBinding(env, s).prepare('SELECT 1').run()).meta.size_after),
    );
    const roomiest = sizes.indexOf(Math.min(...sizes));
    const res = await admin('POST', '/stores', { id: uniqueId('store'), name: 'Placed', plan: 'free' });
    expect(res.status).toBe(201);
    expect((await res.json<{ shard: number }>()).shard).toBe(roomiest);
  });

  it('lists the stores of every shard, from the directory, each with its shard', async () => {
    const [a, b] = [await createStore('free', uniqueId('store'), 0), await createStore('free', uniqueId('store'), 1)];
    const { stores } = await (await admin('GET', '/stores')).json<{ stores: { id: string; shard: number }[] }>();
    expect(stores.filter((s) => s.id === a || s.id === b).map((s) => [s.id, s.shard])).toEqual([
      [a, 0],
      [b, 1],
    ]);
  });

  it("opens a share link whose token names another shard than the store's (a store moved since)", async () => {
    const t = await storeIn(1);
    const created = await t.quotes('', { items: [{ product_id: 'shelf', configuration: {} }] });
    const { id } = await created.json<{ id: string }>();
    expect((await t.quotes(`/${id}/send`)).status).toBe(200);
    // A token as shard 0 gave them before shards, for a quote that is in shard 1 now.
    const token = `q_${'S'.repeat(43)}`;
    await shardBinding(env, 1)
      .prepare('UPDATE quotes SET share_token_hash = ? WHERE id = ?')
      .bind(await sha256Hex(token), id)
      .run();
    expect((await call(`/q/${token}`)).status).toBe(200);
    expect((await call(`/q/q1_${'U'.repeat(43)}`)).status).toBe(404);
  });
});

describe('the directory on the request path', () => {
  it("finds a keyed request's shard in its key record: no read of the directory (shard 0) for a store in shard 1", async () => {
    const t = await storeIn(1);
    const calculate = () =>
      new Request(
        'http://localhost/api/v1/calculate',
        jsonInit('POST', { tenant_id: t.storeId, product_id: 'shelf', configuration: {} }, t.headers),
      );
    expect((await worker.fetch(calculate(), env, createExecutionContext())).status).toBe(200);
    // The isolate forgets what it held of the store's shard; the model stays loaded, so the request needs no version.
    forgetShard(t.storeId);
    const ran: string[] = [];
    const log =
      (shard: number): Hook =>
      (where, run) => {
        ran.push(`${shard} ${where}`);
        return Promise.resolve(run());
      };
    const logged = { ...env, DB: farDatabase(env.DB, log(0)), DB_1: farDatabase(env.DB_1, log(1)) } as Env;
    const ctx = createExecutionContext();
    const res = await worker.fetch(calculate(), logged, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(ran.filter((r) => r.startsWith('0 '))).toEqual([]);
  });
});

describe('the cron', () => {
  it("announces expired quotes and sweeps the outbox in every shard, each from the store's own shard", async () => {
    const stores = await Promise.all(SHARDS.map((shard) => storeIn(shard)));
    const ids: string[] = [];
    for (const t of stores) {
      await endpoint(t.storeId, ['quote.expired', 'quote.sent']);
      const { id } = await (await t.quotes('', { items: [{ product_id: 'shelf', configuration: {} }] })).json<{ id: string }>();
      expect((await t.quotes(`/${id}/send`)).status).toBe(200);
      ids.push(id);
    }
    for (const [shard, t] of stores.entries()) {
      const db = shardBinding(env, shard);
      await db
        .prepare('UPDATE quotes SET valid_until = ? WHERE id = ?')
        .bind(Date.now() - 60_000, ids[shard])
        .run();
      // quote.sent's delivery as if its queue send had failed a minute ago: the sweep's to send.
      await db
        .prepare('UPDATE webhook_deliveries SET queued_at = NULL, updated_at = updated_at - 60000 WHERE store_id = ?')
        .bind(t.storeId)
        .run();
    }
    const sent = vi.spyOn(env.WEBHOOKS, 'sendBatch').mockResolvedValue(undefined as never);
    try {
      await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, createExecutionContext());
      const messages = sent.mock.calls.flatMap(([batch]) => [...batch].map((m) => m.body as { store?: string }));
      for (const [shard, t] of stores.entries()) {
        const events = await shardBinding(env, shard)
          .prepare('SELECT type FROM webhook_events WHERE store_id = ? ORDER BY type')
          .bind(t.storeId)
          .all<{ type: string }>();
        expect(events.results.map((e) => e.type)).toEqual(['quote.expired', 'quote.sent']);
        // The expiry's delivery and the swept one, each message naming its store.
        expect(messages.filter((m) => m.store === t.storeId)).toHaveLength(2);
        const unqueued = await shardBinding(env, shard)
          .prepare('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE store_id = ? AND queued_at IS NULL')
          .bind(t.storeId)
          .first('n');
        expect(unqueued).toBe(0);
      }
    } finally {
      sent.mockRestore();
    }
  });
});

describe('the queue consumer', () => {
  it.each([
    ['in shard 0, a message sent before shards (no store)', 0, false],
    ['in shard 1, a message naming its store', 1, true],
  ] as const)("delivers from the delivery's shard: %s", async (_, shard, named) => {
    const t = await storeIn(shard);
    await endpoint(t.storeId, ['quote.sent']);
    const { id } = await (await t.quotes('', { items: [{ product_id: 'shelf', configuration: {} }] })).json<{ id: string }>();
    expect((await t.quotes(`/${id}/send`)).status).toBe(200);
    const delivery = await shardBinding(env, shard)
      .prepare('SELECT id FROM webhook_deliveries WHERE store_id = ?')
      .bind(t.storeId)
      .first<string>('id');
    const received = receiver(200);
    try {
      const body = { delivery: delivery!, ...(named ? { store: t.storeId } : {}) };
      const batch = createMessageBatch<DeliveryMessage>('cpq-webhooks', [
        { id: `m-${delivery}`, timestamp: new Date(), attempts: 1, body },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`m-${delivery}`]);
    } finally {
      vi.restoreAllMocks();
    }
    expect(received).toHaveLength(1);
    const status = await shardBinding(env, shard)
      .prepare('SELECT status FROM webhook_deliveries WHERE id = ?')
      .bind(delivery)
      .first('status');
    expect(status).toBe('delivered');
  });
});

describe('migrations', () => {
  it('answers 503 naming a shard behind its migrations, and serves again once it is migrated', async () => {
    const db1 = shardBinding(env, 1);
    const applied = await db1
      .prepare('SELECT * FROM d1_migrations WHERE name = ?')
      .bind(LATEST_MIGRATION)
      .first<{ id: number; applied_at: string }>();
    expect(applied).not.toBeNull();
    await db1.prepare('DELETE FROM d1_migrations WHERE name = ?').bind(LATEST_MIGRATION).run();
    try {
      forgetMigrated();
      const res = await admin('GET', '/stores');
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('30');
      const body = await res.json<{ code: string; error: string; details: { shards: number[] } }>();
      expect(body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { shards: [1] } });
      expect(body.error).toMatch(/Shard 1 \(DB_1\)/);
      // Health is a constant answer without I/O, and says nothing of the shards.
      expect((await call('/api/health')).status).toBe(200);
    } finally {
      await db1
        .prepare('INSERT INTO d1_migrations (id, name, applied_at) VALUES (?, ?, ?)')
        .bind(applied!.id, LATEST_MIGRATION, applied!.applied_at)
        .run();
    }
    expect((await admin('GET', '/stores')).status).toBe(200);
  });
});
