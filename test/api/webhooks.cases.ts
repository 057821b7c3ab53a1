import { createExecutionContext, createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeBinding, storeDatabase, storeShard } from '../../src/db/client';
import worker from '../../src/index';
import {
  type DeliveryMessage,
  deliveryIds,
  fillToken,
  newEventId,
  outboxWrites,
  SWEEP_PER_RUN,
  sweepOutbox,
} from '../../src/outbox/service';
import { change } from '../../src/quotes/service/store';
import { SHELF } from '../fixtures/shelf';
import { admin, createKey, createStore, saveProduct } from '../helpers';
import { quoteTenant } from './quotes-helpers';
import { consume, type DeliveryJson, deliveries, endpoint, hmacHex, hooks, receiver, sentQuote } from './webhooks-helpers';

// Webhooks (docs/webhooks.md): endpoints through the admin API, events stored and queued by the transitions that
// make them, and the queue consumer run on real message batches against a receiver standing in for the store's
// server (the e2e suite, test/e2e/webhooks.e2e.mjs, delivers through wrangler dev's queues to a real one).

afterEach(() => vi.restoreAllMocks());

describe('webhook endpoints', () => {
  it('are created with a secret shown once, listed without it, changed and removed', async () => {
    const storeId = await createStore();
    const made = await endpoint(storeId, ['quote.accepted', 'quote.accepted', 'product.published']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.secret.startsWith(made.secret_prefix)).toBe(true);

    const listed = await (await admin('GET', hooks(storeId))).json<{ webhooks: Record<string, unknown>[] }>();
    expect(listed.webhooks).toHaveLength(1);
    expect(listed.webhooks[0]).toMatchObject({ id: made.id, events: ['quote.accepted', 'product.published'], enabled: true });
    expect(JSON.stringify(listed)).not.toContain(made.secret);

    const patched = await admin('PATCH', `${hooks(storeId)}/${made.id}`, { enabled: false, events: ['quote.sent'] });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ enabled: false, events: ['quote.sent'] });

    expect((await admin('DELETE', `${hooks(storeId)}/${made.id}`)).status).toBe(204);
    expect((await admin('DELETE', `${hooks(storeId)}/${made.id}`)).status).toBe(404);
    expect((await admin('PATCH', `${hooks(storeId)}/${made.id}`, { enabled: true })).status).toBe(404);
  });

  it('refuses unknown event types, no event types, unknown fields, an unknown store, and no admin token', async () => {
    const storeId = await createStore();
    const url = 'https://erp.example.com/hooks';
    for (const body of [
      { url, events: ['quote.paid'] },
      { url, events: [] },
      { url, events: ['quote.sent'], secret: 'x' },
    ]) {
      const res = await admin('POST', hooks(storeId), body);
      expect(res.status).toBe(400);
      expect((await res.json<{ code: string }>()).code).toBe('BAD_REQUEST');
    }
    expect((await admin('PATCH', `${hooks(storeId)}/we_x`, { url: 'http://erp.example.com' })).status).toBe(400);
    expect((await admin('POST', hooks('no-such-store'), { url, events: ['quote.sent'] })).status).toBe(404);
    const anonymous = await worker.fetch(
      new Request(`http://localhost/api/admin${hooks(storeId)}`),
      env,
      createExecutionContext(),
    );
    expect(anonymous.status).toBe(401);
  });

  it('caps a store at 10 endpoints', async () => {
    const storeId = await createStore();
    const made = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        admin('POST', hooks(storeId), { url: `https://erp.example.com/${i}`, events: ['quote.sent'] }),
      ),
    );
    expect(made.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = made.filter((r) => r.status === 409);
    expect(refused).toHaveLength(2);
    expect(await refused[0]!.json()).toMatchObject({ code: 'CONFLICT', details: { max: 10 } });
  });
});

describe('events', () => {
  it('are queued for the endpoints subscribed to them, at each quote transition', async () => {
    const t = await quoteTenant();
    const accepted = await endpoint(t.storeId, ['quote.sent', 'quote.accepted']);
    const cancelled = await endpoint(t.storeId, ['quote.cancelled', 'quote.rejected']);
    const id = await sentQuote(t);
    expect((await t.send('POST', `/${id}/accept`, {})).status).toBe(200);
    const other = await sentQuote(t);
    expect((await t.send('POST', `/${other}/reject`, {})).status).toBe(200);
    const third = (await (await t.create()).json<{ id: string }>()).id;
    expect((await t.send('POST', `/${third}/cancel`, {})).status).toBe(200);
    // Cancelling again changes nothing and announces nothing.
    expect((await t.send('POST', `/${third}/cancel`, {})).status).toBe(409);

    const log = (await deliveries(t.storeId)).deliveries;
    const seen = log.map((d) => [d.event_type, d.webhook_id === accepted.id ? 'a' : 'c']).reverse();
    expect(seen).toEqual([
      ['quote.sent', 'a'],
      ['quote.accepted', 'a'],
      ['quote.sent', 'a'],
      ['quote.rejected', 'c'],
      ['quote.cancelled', 'c'],
    ]);
    expect(log.every((d) => d.status === 'queued' && d.attempts === 0 && d.log.length === 0)).toBe(true);
    expect((await deliveries(t.storeId, `?webhook_id=${cancelled.id}`)).deliveries).toHaveLength(2);
  });

  it('quote.requested: only for a quote a quote:request key created', async () => {
    const t = await quoteTenant();
    await endpoint(t.storeId, ['quote.requested']);
    const { key } = await createKey(t.storeId, ['quote:request']);
    const storefront = await t.create({}, { 'X-API-Key': key });
    expect(storefront.status).toBe(201);
    expect((await t.create()).status).toBe(201);
    const log = (await deliveries(t.storeId)).deliveries;
    expect(log.map((d) => d.event_type)).toEqual(['quote.requested']);
  });

  it('product.published: for each new version, not for a save of the same source', async () => {
    const storeId = await createStore();
    await endpoint(storeId, ['product.published']);
    expect((await saveProduct(storeId, 'shelf', SHELF)).status).toBe(201);
    expect((await saveProduct(storeId, 'shelf', SHELF)).status).toBe(200);
    expect((await saveProduct(storeId, 'shelf', `${SHELF}\n// v2\n`)).status).toBe(200);
    expect((await deliveries(storeId)).deliveries.map((d) => d.event_type)).toEqual(['product.published', 'product.published']);
  });

  it('nothing is stored or queued for a disabled endpoint or a store without endpoints', async () => {
    const t = await quoteTenant();
    const made = await endpoint(t.storeId, ['quote.sent']);
    await admin('PATCH', `${hooks(t.storeId)}/${made.id}`, { enabled: false });
    await sentQuote(t);
    expect((await deliveries(t.storeId)).deliveries).toEqual([]);
    const count = await (await storeBinding(env, t.storeId))
      .prepare('SELECT COUNT(*) AS n FROM webhook_events WHERE store_id = ?')
      .bind(t.storeId)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it('quote.expired: the cron announces a sent quote past valid_until once', async () => {
    const t = await quoteTenant();
    await endpoint(t.storeId, ['quote.expired']);
    const id = await sentQuote(t);
    await (await storeBinding(env, t.storeId))
      .prepare('UPDATE quotes SET valid_until = ? WHERE id = ?')
      .bind(Date.now() - 60_000, id)
      .run();
    for (let run = 0; run < 2; run++) {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: '*/10 * * * *' }), env, ctx);
    }
    const log = (await deliveries(t.storeId)).deliveries;
    expect(log.map((d) => d.event_type)).toEqual(['quote.expired']);
  });
});

describe('the consumer', () => {
  it('delivers a signed quote.accepted with the items and their production outputs', async () => {
    const t = await quoteTenant();
    const hook = await endpoint(t.storeId, ['quote.accepted']);
    const id = await sentQuote(t, { type: 'amount', value: 1.5 });
    await t.send('POST', `/${id}/accept`, {});
    const [queued] = (await deliveries(t.storeId)).deliveries;
    const received = receiver(200);
    const result = await consume(queued!.id);
    expect(result.explicitAcks).toEqual([`m-${queued!.id}-1`]);
    expect(result.retryMessages).toEqual([]);

    expect(received).toHaveLength(1);
    const [got] = received;
    expect(got!.url).toBe('https://erp.example.com/hooks');
    expect(got!.headers.get('Content-Type')).toBe('application/json');
    expect(got!.headers.get('Cpq-Event-Id')).toBe(queued!.event_id);
    expect(got!.headers.get('Cpq-Event-Type')).toBe('quote.accepted');
    const signature = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(got!.headers.get('Cpq-Signature')!);
    expect(signature).not.toBeNull();
    expect(Math.abs(Number(signature![1]) - Date.now() / 1000)).toBeLessThan(60);
    expect(signature![2]).toBe(await hmacHex(hook.secret, `${signature![1]}.${got!.body}`));

    const event = JSON.parse(got!.body);
    expect(event).toMatchObject({ id: queued!.event_id, type: 'quote.accepted', store_id: t.storeId });
    expect(event.data.quote).toMatchObject({ id, status: 'accepted', currency: 'EUR' });
    const [item] = event.data.quote.items;
    expect(item).toMatchObject({ product_id: 'shelf', quantity: 2, configuration: { width: 900, wood: 'oak' } });
    // The price the ERP bills: the item's, less its line discount.
    expect(item.line_discount).toEqual({ type: 'amount', value: 1.5, amount: 1.5 });
    expect(item.net_price).toBe(item.totals.price - 1.5);
    expect(event.data.quote).toMatchObject({ revision: 1, totals: { line_discounts: 1.5 } });
    // The internal BOM is what the ERP needs: it travels, with what describes it.
    expect(item.outputs).toEqual({ bom: { board_m: 0.9, screws: 4 }, weight: { kg: 5.4 } });
    expect(item.output_info.bom.internal).toBe(true);

    const [after] = (await deliveries(t.storeId)).deliveries;
    expect(after).toMatchObject({ status: 'delivered', attempts: 1, next_retry_at: null });
    expect(after!.log).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, error: null })]);
  });

  it('retries a failing receiver with growing delays, moves a timeout to the slow lane, and marks it failed after the last', async () => {
    const t = await quoteTenant();
    await endpoint(t.storeId, ['quote.sent']);
    await sentQuote(t);
    const [queued] = (await deliveries(t.storeId)).deliveries;
    const received = receiver(500, 'timeout', 503);

    const waits = async () => {
      const [now] = (await deliveries(t.storeId)).deliveries;
      return now!.next_retry_at === null ? null : Math.round((Date.parse(now!.next_retry_at) - Date.now()) / 10_000) * 10;
    };
    // Each message is either acked or retried, never both: an ack after a retry is ignored, with a warning.
    const warned = vi.spyOn(console, 'warn');
    let result = await consume(queued!.id, 1);
    expect(warned.mock.calls.flat().join('\n')).not.toContain('after retry()');
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([`m-${queued!.id}-1`]);
    expect(result.explicitAcks).toEqual([]);
    expect((await deliveries(t.storeId)).deliveries[0]).toMatchObject({ status: 'retrying', attempts: 1 });
    expect(await waits()).toBe(60);
    // No answer within the fast lane's 3 s: acked here and sent at once to the slow lane.
    result = await consume(queued!.id, 2);
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual([`m-${queued!.id}-2`]);
    // There, the 503 is its third try: retried after 4 minutes.
    result = await consume(queued!.id, 1, 'cpq-webhooks-slow', { tries: 2 });
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([`m-${queued!.id}-1`]);
    expect(await waits()).toBe(240);
    // The sixth try (max_retries 5) fails for good: the delivery is failed, the message acked.
    result = await consume(queued!.id, 4, 'cpq-webhooks-slow', { tries: 2 });
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toEqual([`m-${queued!.id}-4`]);
    let now: DeliveryJson | undefined;
    [now] = (await deliveries(t.storeId)).deliveries;
    expect(now).toMatchObject({ status: 'failed', attempts: 4, next_retry_at: null });
    expect(now!.log.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, null, 'no answer within 3 s: tried again on the slow lane'],
      [3, 503, 'HTTP 503'],
      [4, 503, 'HTTP 503'],
    ]);
    expect(received).toHaveLength(4);

    // A message whose handling kept throwing ends in the dead-letter queue, which marks its delivery failed.
    expect((await consume(queued!.id, 1, 'cpq-webhooks-dlq')).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(4);
    [now] = (await deliveries(t.storeId)).deliveries;
    expect(now).toMatchObject({ status: 'failed', next_retry_at: null });
  });

  it('skips a delivery whose endpoint was disabled, and drops one whose endpoint was deleted', async () => {
    const t = await quoteTenant();
    const hook = await endpoint(t.storeId, ['quote.sent']);
    await sentQuote(t);
    const [queued] = (await deliveries(t.storeId)).deliveries;
    const received = receiver(200);
    await admin('PATCH', `${hooks(t.storeId)}/${hook.id}`, { enabled: false });
    expect((await consume(queued!.id)).explicitAcks).toHaveLength(1);
    expect((await deliveries(t.storeId)).deliveries[0]).toMatchObject({ status: 'skipped', attempts: 0 });
    await admin('DELETE', `${hooks(t.storeId)}/${hook.id}`);
    expect((await consume(queued!.id)).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(0);
    expect((await deliveries(t.storeId)).deliveries).toEqual([]);
  });
});

describe('replay', () => {
  it('queues a delivery again and sends the same event signed anew', async () => {
    const t = await quoteTenant();
    const hook = await endpoint(t.storeId, ['quote.sent']);
    await sentQuote(t);
    const [queued] = (await deliveries(t.storeId)).deliveries;
    const received = receiver(200);
    await consume(queued!.id);
    const replayed = await admin('POST', `/stores/${t.storeId}/webhook-deliveries/${queued!.id}/replay`, {});
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toMatchObject({ id: queued!.id, status: 'queued', attempts: 1 });
    await consume(queued!.id);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    const [after] = (await deliveries(t.storeId)).deliveries;
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(after!.log.map((a) => a.attempt)).toEqual([1, 2]);

    await admin('PATCH', `${hooks(t.storeId)}/${hook.id}`, { enabled: false });
    const refused = await admin('POST', `/stores/${t.storeId}/webhook-deliveries/${queued!.id}/replay`, {});
    expect(refused.status).toBe(409);
    expect((await admin('POST', `/stores/${t.storeId}/webhook-deliveries/whd_nope/replay`, {})).status).toBe(404);
    // Another store's delivery is not found from this one.
    const other = await createStore();
    expect((await admin('POST', `/stores/${other}/webhook-deliveries/${queued!.id}/replay`, {})).status).toBe(404);
  });

  it('pages the log with a cursor', async () => {
    const storeId = await createStore();
    await endpoint(storeId, ['product.published']);
    for (let v = 0; v < 3; v++) expect((await saveProduct(storeId, 'shelf', `${SHELF}\n// ${v}\n`)).status).toBeLessThan(300);
    const first = await deliveries(storeId, '?limit=2');
    expect(first.deliveries).toHaveLength(2);
    const rest = await deliveries(storeId, `?limit=2&cursor=${first.next_cursor}`);
    expect(rest.deliveries).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    const ids = [...first.deliveries, ...rest.deliveries].map((d) => d.id);
    expect(new Set(ids).size).toBe(3);
    expect((await admin('GET', `/stores/${storeId}/webhook-deliveries?cursor=nope`)).status).toBe(400);
  });
});

describe('the outbox', () => {
  interface Row {
    id: string;
    type: string;
    payload: string;
    queued_at: number | null;
    status: string;
  }
  /** The store's events with their deliveries, oldest first, as D1 holds them. */
  const outbox = async (storeId: string) =>
    (
      await (
        await storeBinding(env, storeId)
      )
        .prepare(
          `SELECT d.id, v.type, v.payload, d.queued_at, d.status FROM webhook_events v
         JOIN webhook_deliveries d ON d.event_id = v.id WHERE v.store_id = ? ORDER BY d.created_at, v.type`,
        )
        .bind(storeId)
        .all<Row>()
    ).results;
  /** Makes every queue send throw, as a queue refusing it or an isolate ending before it would. */
  const queueDown = () =>
    vi.spyOn(env.WEBHOOKS, 'sendBatch').mockRejectedValue(new Error('queue unavailable (the test says so)'));
  /** Runs the cron once, as if its last write were `ago` ms ago for each delivery not yet queued. */
  async function cron(storeId: string, ago = 60_000) {
    await (await storeBinding(env, storeId))
      .prepare('UPDATE webhook_deliveries SET updated_at = updated_at - ? WHERE store_id = ? AND queued_at IS NULL')
      .bind(ago, storeId)
      .run();
    await worker.scheduled(createScheduledController({ cron: '* * * * *' }), env, createExecutionContext());
  }

  it('writes the events of a request, a send and an accept with their changes when the queue fails; the sweep queues them', async () => {
    const t = await quoteTenant();
    await endpoint(t.storeId, ['quote.requested', 'quote.sent', 'quote.accepted']);
    const { key } = await createKey(t.storeId, ['quote:request']);
    const failing = queueDown();
    const q = await (await t.create({}, { 'X-API-Key': key })).json<{ id: string; number: string }>();
    expect((await t.send('POST', `/${q.id}/send`, {})).status).toBe(200);
    expect((await t.send('POST', `/${q.id}/accept`, {})).status).toBe(200);
    expect(failing).toHaveBeenCalledTimes(3);
    const written = await outbox(t.storeId);
    const events = written.map((r) => JSON.parse(r.payload));
    expect(events.map((e) => [e.type, e.sequence, e.data.quote.status])).toEqual([
      ['quote.requested', 2, 'draft'],
      ['quote.sent', 4, 'sent'],
      ['quote.accepted', 6, 'accepted'],
    ]);
    expect(events[0].data.quote.number).toBe(q.number);
    expect(written.every((r) => r.queued_at === null && r.status === 'queued')).toBe(true);

    // Written a moment ago: not yet the sweep's (the request that wrote them may still be sending).
    failing.mockRestore();
    const sent = vi.spyOn(env.WEBHOOKS, 'sendBatch').mockResolvedValue(undefined as never);
    await cron(t.storeId, 0);
    expect(sent).not.toHaveBeenCalled();
    await cron(t.storeId);
    const swept = sent.mock.calls.flatMap(([messages]) => [...messages].map((m) => (m.body as DeliveryMessage).delivery));
    expect(swept).toEqual(written.map((r) => r.id));
    expect((await outbox(t.storeId)).every((r) => r.queued_at !== null)).toBe(true);
    // Marked: the next run sends nothing again.
    await cron(t.storeId);
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('writes no event for a change computed from a stale quote: with If-Match refused, without it computed again, one event', async () => {
    const t = await quoteTenant();
    await endpoint(t.storeId, ['quote.accepted']);
    const id = await sentQuote(t);
    /** Another writer gets in while the change is computed. */
    const overtaken = (actor: 'buyer') => ({
      call: { env, storeId: t.storeId, actor, ifMatch: undefined as number | undefined },
      plan: async (q: { quote: { version: number } }) => {
        if (q.quote.version === 2)
          await (await storeBinding(env, t.storeId))
            .prepare('UPDATE quotes SET version = version + 1 WHERE id = ?')
            .bind(id)
            .run();
        return { action: 'accepted', details: {}, set: { decidedAt: Date.now() } };
      },
    });
    const stale = overtaken('buyer');
    stale.call.ifMatch = 2;
    await expect(change(stale.call, id, 'accept', stale.plan)).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect((await outbox(t.storeId)).map((r) => r.type)).toEqual([]);
    const retried = overtaken('buyer');
    const after = await change(retried.call, id, 'accept', retried.plan);
    expect(after.status).toBe('accepted');
    const events = (await outbox(t.storeId)).map((r) => JSON.parse(r.payload));
    expect(events.map((e) => [e.type, e.sequence, e.data.quote.version])).toEqual([
      ['quote.accepted', 2 * after.quote.version, after.quote.version],
    ]);
  });

  it('writes product.published with the version the batch numbered, once for concurrent saves of one source', async () => {
    const storeId = await createStore();
    await endpoint(storeId, ['product.published']);
    const failing = queueDown();
    expect((await saveProduct(storeId, 'shelf', SHELF)).status).toBe(201);
    const saves = await Promise.all([1, 2, 3].map(() => saveProduct(storeId, 'shelf', `${SHELF}\n// v2\n`)));
    expect(saves.map((r) => r.status)).toEqual([200, 200, 200]);
    failing.mockRestore();
    const events = (await outbox(storeId)).map((r) => JSON.parse(r.payload));
    expect(events.map((e) => [e.sequence, e.data.product.version, e.data.product.id])).toEqual([
      [1, 1, 'shelf'],
      [2, 2, 'shelf'],
    ]);
  });

  it('writes a body larger than one D1 value in parts within the batch, the filled value in its first; the consumer sends it whole', async () => {
    const storeId = await createStore();
    await endpoint(storeId, ['product.published']);
    const db = await storeDatabase(env, storeId);
    const fill = { token: fillToken(), value: sql`41 + 1` };
    const event = {
      id: newEventId(),
      storeId,
      type: 'product.published' as const,
      subject: 'big',
      sequence: fill.token,
      at: Date.now(),
    };
    const note = 'é'.repeat(500_000);
    const writes = outboxWrites(db, { ...event, data: { product: { id: 'big', note } } }, sql`1`, fill);
    expect(writes.length).toBe(3);
    const [delivery] = deliveryIds((await db.batch(writes)).at(-1));
    const received = receiver(200);
    await consume(delivery!);
    const body = JSON.parse(received[0]!.body);
    expect(body).toMatchObject({ id: event.id, sequence: 42, data: { product: { id: 'big' } } });
    expect(body.data.product.note).toBe(note);
  });

  it('sweeps at most SWEEP_PER_RUN deliveries a run, the oldest first', async () => {
    const storeId = await createStore();
    const old = Date.now() - 3_600_000;
    const d1 = await storeBinding(env, storeId);
    await d1
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO webhook_deliveries (id, store_id, event_id, endpoint_id, status, attempts, created_at, updated_at)
       SELECT printf('whd_sweep_%04d', i), ?, 'evt_none', 'we_none', 'queued', 0, ? + i, ? + i FROM n`,
      )
      .bind(SWEEP_PER_RUN, storeId, old, old)
      .run();
    const sent = vi.spyOn(env.WEBHOOKS, 'sendBatch').mockResolvedValue(undefined as never);
    expect(await sweepOutbox(env, await storeShard(env, storeId))).toEqual({ found: SWEEP_PER_RUN, queued: SWEEP_PER_RUN });
    expect(sent.mock.calls.map(([messages]) => [...messages].length)).toEqual([100, 100, 100, 100, 100]);
    const left = await d1
      .prepare('SELECT id FROM webhook_deliveries WHERE store_id = ? AND queued_at IS NULL')
      .bind(storeId)
      .all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([`whd_sweep_${String(SWEEP_PER_RUN).padStart(4, '0')}`]);
    await (await storeBinding(env, storeId)).prepare('DELETE FROM webhook_deliveries WHERE store_id = ?').bind(storeId).run();
  });

  it('the consumer drops a duplicate message of a delivered delivery or of one being retried; a replay sends again', async () => {
    const t = await quoteTenant();
    await endpoint(t.storeId, ['quote.sent']);
    await sentQuote(t);
    const [queued] = (await deliveries(t.storeId)).deliveries;
    const received = receiver(500, 200);
    expect((await consume(queued!.id)).retryMessages).toHaveLength(1);
    // The sweep's second message of it, while the queue retries the first: dropped.
    expect((await consume(queued!.id, 1)).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect((await consume(queued!.id, 2)).explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(2);
    // Delivered: a duplicate posts nothing, and a late dead letter does not make it failed.
    await consume(queued!.id, 1);
    await consume(queued!.id, 1, 'cpq-webhooks-dlq');
    expect(received).toHaveLength(2);
    expect((await deliveries(t.storeId)).deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await admin('POST', `/stores/${t.storeId}/webhook-deliveries/${queued!.id}/replay`, {})).status).toBe(200);
    await consume(queued!.id, 1);
    expect(received).toHaveLength(3);
  });
});
