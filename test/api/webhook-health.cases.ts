import { createExecutionContext, createScheduledController } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeBinding } from '../../src/db/client';
import worker from '../../src/index';
import { signIn } from '../backoffice/sign-in';
import { admin, call, createStore } from '../helpers';
import { quoteTenant } from './quotes-helpers';
import { consume, deliveries, endpoint, hmacHex, hooks, receiver, sentQuote } from './webhooks-helpers';

// Webhooks over time (docs/webhooks.md): targets the URL check refuses, the log at D1's parameter bound, slow
// endpoints on their own lane, endpoints that fail for days (the consumer's clock injected), the test event,
// secret rotation and retention.

afterEach(() => vi.restoreAllMocks());

const DAY = 86_400_000;

describe('the URL check', () => {
  it.each([
    ['http://erp.example.com/hooks', 'only https'],
    ['http://127.0.0.1:9999/hooks', 'only https'],
    ['https://localhost/hooks', 'local'],
    ['https://10.1.2.3/hooks', 'private'],
    ['https://192.168.0.5/hooks', 'private'],
    ['https://[::1]/hooks', 'IPv6'],
    ['https://user:pw@erp.example.com/', 'credentials'],
    ['not a url', 'not a URL'],
    ['https://localhost./hooks', 'dot'],
    ['https://metadata.google.internal./computeMetadata', 'dot'],
    ['https://erp.example.com./hooks', 'dot'],
    ['https://intranet/hooks', 'single-label'],
    ['https://0.0.0.0/hooks', 'special-purpose'],
    ['https://0.1.2.3/hooks', 'special-purpose'],
    ['https://192.0.0.8/hooks', 'special-purpose'],
    ['https://198.18.0.1/hooks', 'special-purpose'],
    ['https://198.19.255.254/hooks', 'special-purpose'],
    ['https://224.0.0.251/hooks', 'special-purpose'],
    ['https://239.255.255.250/hooks', 'special-purpose'],
    ['https://240.0.0.1/hooks', 'special-purpose'],
    ['https://255.255.255.255/hooks', 'special-purpose'],
    // Numeric forms the URL parser reads as 127.0.0.1 and 10.0.0.1.
    ['https://2130706433/hooks', 'special-purpose'],
    ['https://10.1/hooks', 'special-purpose'],
  ])('refuses %s', async (url, why) => {
    const storeId = await createStore();
    const res = await admin('POST', hooks(storeId), { url, events: ['quote.sent'] });
    expect(res.status).toBe(400);
    const body = await res.json<{ code: string; error: string; errors: { field: string }[] }>();
    expect(body).toMatchObject({ code: 'BAD_REQUEST', errors: [{ field: 'url' }] });
    expect(body.error).toContain(why);
  });

  it.each([
    'https://10.example.com/hooks',
    'https://127.example.com/hooks',
    'https://192.168.example.com/hooks',
    'https://198.20.0.1/hooks',
    'https://8.8.8.8/hooks',
  ])('accepts %s', async (url) => {
    const storeId = await createStore();
    expect((await admin('POST', hooks(storeId), { url, events: ['quote.sent'] })).status).toBe(201);
  });
});

describe('the delivery log at D1 bound', () => {
  it.each([99, 100])('answers limit=%i (the most is 100) with each delivery and its attempts', async (limit) => {
    const storeId = await createStore();
    const hook = await endpoint(storeId, ['quote.sent']);
    // Arranged in D1 directly: 101 deliveries of one event, each with one attempt.
    const now = Date.now();
    const statements = [
      (await storeBinding(env, storeId))
        .prepare(
          `INSERT INTO webhook_events (id, store_id, type, subject, payload, created_at) VALUES (?, ?, 'quote.sent', 'q', '{}', ?)`,
        )
        .bind(`evt_${storeId}`, storeId, now),
    ];
    for (let i = 0; i < 101; i++) {
      const id = `whd_${storeId}_${String(i).padStart(3, '0')}`;
      statements.push(
        (await storeBinding(env, storeId))
          .prepare(
            `INSERT INTO webhook_deliveries (id, store_id, event_id, endpoint_id, status, attempts, created_at, updated_at)
           VALUES (?, ?, ?, ?, 'delivered', 1, ?, ?)`,
          )
          .bind(id, storeId, `evt_${storeId}`, hook.id, now + i, now + i),
        (await storeBinding(env, storeId))
          .prepare(`INSERT INTO webhook_attempts (delivery_id, attempt, at, status_code, duration_ms) VALUES (?, 1, ?, 200, 5)`)
          .bind(id, now + i),
      );
    }
    await (await storeBinding(env, storeId)).batch(statements);
    const page = await deliveries(storeId, `?limit=${limit}`);
    expect(page.deliveries).toHaveLength(limit);
    expect(page.deliveries.every((d) => d.log.length === 1 && d.log[0]!.status_code === 200)).toBe(true);
    expect(page.next_cursor).not.toBeNull();
    const rest = await deliveries(storeId, `?limit=${limit}&cursor=${page.next_cursor}`);
    expect(rest.deliveries).toHaveLength(101 - limit);
    expect((await admin('GET', `/stores/${storeId}/webhook-deliveries?limit=101`)).status).toBe(400);
  });
});

describe('slow endpoints', () => {
  it('are delivered on the slow lane, without an attempt on the fast one, until they answer in time again', async () => {
    const t = await quoteTenant();
    const hook = await endpoint(t.storeId, ['quote.sent']);
    await sentQuote(t);
    await sentQuote(t);
    const [second, first] = (await deliveries(t.storeId)).deliveries;
    const received = receiver('timeout', 200);
    expect((await consume(first!.id)).explicitAcks).toHaveLength(1);
    const listed = async () =>
      (await (await admin('GET', hooks(t.storeId))).json<{ webhooks: { failing_since: string | null }[] }>()).webhooks[0]!;
    expect((await listed()).failing_since).not.toBeNull();
    // The endpoint is slow now: its next message goes straight to the slow lane, untried.
    const moved = await consume(second!.id);
    expect(moved.explicitAcks).toHaveLength(1);
    expect(received).toHaveLength(1);
    expect((await deliveries(t.storeId)).deliveries[0]).toMatchObject({ id: second!.id, status: 'queued', attempts: 0 });
    // There it answers 2xx at once: delivered, and the endpoint is back on the fast lane.
    expect((await consume(second!.id, 1, 'cpq-webhooks-slow', { tries: 0 })).explicitAcks).toHaveLength(1);
    expect((await deliveries(t.storeId)).deliveries[0]).toMatchObject({ id: second!.id, status: 'delivered', attempts: 1 });
    expect((await listed()).failing_since).toBeNull();
    // The first message, moved to the slow lane after its timed-out try, arrives there and is delivered.
    await consume(first!.id, 1, 'cpq-webhooks-slow', { tries: 1 });
    expect(received).toHaveLength(3);
    expect((await deliveries(t.storeId, `?webhook_id=${hook.id}&status=delivered`)).deliveries).toHaveLength(2);
  });
});

describe('an endpoint failing for days', () => {
  it('is disabled after 3 days of failed attempts, says why in the log and the API, and starts afresh when enabled', async () => {
    const t = await quoteTenant();
    const hook = await endpoint(t.storeId, ['quote.sent']);
    for (let i = 0; i < 3; i++) await sentQuote(t);
    const [third, second, first] = (await deliveries(t.storeId)).deliveries;
    const received = receiver(500);
    const start = Date.now();
    // Failing for 2 days 23 hours: still enabled, retried.
    expect((await consume(first!.id, 1, 'cpq-webhooks', { clock: () => start })).retryMessages).toHaveLength(1);
    const late = await consume(second!.id, 1, 'cpq-webhooks', { clock: () => start + 3 * DAY - 3_600_000 });
    expect(late.retryMessages).toHaveLength(1);
    const webhook = async () =>
      (await (await admin('GET', hooks(t.storeId))).json<{ webhooks: Record<string, unknown>[] }>()).webhooks[0]!;
    expect(await webhook()).toMatchObject({ enabled: true, failing_since: new Date(start).toISOString(), disabled_reason: null });
    // The first failure past 3 days disables it: not retried, its delivery failed with the reason.
    const last = await consume(first!.id, 2, 'cpq-webhooks', { clock: () => start + 3 * DAY });
    expect(last.retryMessages).toEqual([]);
    expect(last.explicitAcks).toHaveLength(1);
    const disabled = await webhook();
    expect(disabled).toMatchObject({ enabled: false, disabled_at: new Date(start + 3 * DAY).toISOString() });
    expect(disabled.disabled_reason).toContain('every attempt failed for 3 days');
    const log = (await deliveries(t.storeId)).deliveries.find((d) => d.id === first!.id)!;
    expect(log.status).toBe('failed');
    expect(log.log.at(-1)!.error).toContain('HTTP 500; endpoint disabled: every attempt failed for 3 days');
    // Its other deliveries are skipped, untried.
    await consume(third!.id);
    expect(received).toHaveLength(3);
    expect((await deliveries(t.storeId)).deliveries[0]).toMatchObject({ id: third!.id, status: 'skipped' });
    // Stores > Webhooks shows why (the page is what an admin looks at).
    const { cookie } = await signIn();
    const html = await (await call(`/admin/stores/${t.storeId}/webhooks`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain('<span class="badge danger">Disabled</span>');
    expect(html).toContain('endpoint disabled: every attempt failed for 3 days');

    const enabled = await admin('PATCH', `${hooks(t.storeId)}/${hook.id}`, { enabled: true });
    expect(await enabled.json()).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null, failing_since: null });
  });

  it('is not disabled when an attempt in between was delivered', async () => {
    const t = await quoteTenant();
    await endpoint(t.storeId, ['quote.sent']);
    for (let i = 0; i < 2; i++) await sentQuote(t);
    const [second, first] = (await deliveries(t.storeId)).deliveries;
    receiver(500, 200, 500);
    const start = Date.now();
    await consume(first!.id, 1, 'cpq-webhooks', { clock: () => start });
    await consume(first!.id, 2, 'cpq-webhooks', { clock: () => start + 2 * DAY });
    expect((await consume(second!.id, 1, 'cpq-webhooks', { clock: () => start + 4 * DAY })).retryMessages).toHaveLength(1);
    const [hook] = (await (await admin('GET', hooks(t.storeId))).json<{ webhooks: Record<string, unknown>[] }>()).webhooks;
    expect(hook).toMatchObject({ enabled: true, failing_since: new Date(start + 4 * DAY).toISOString() });
  });
});

describe('a test event', () => {
  it("is sent at once, signed, and answers the attempt's outcome without touching the log", async () => {
    const storeId = await createStore();
    const hook = await endpoint(storeId, ['quote.sent']);
    const received = receiver(202, 500);
    const ok = await admin('POST', `${hooks(storeId)}/${hook.id}/test`, {});
    expect(ok.status).toBe(200);
    const body = await ok.json<Record<string, unknown>>();
    expect(body).toMatchObject({ ok: true, status_code: 202, error: null });
    expect(body.event_id).toMatch(/^evt_test_/);
    const event = JSON.parse(received[0]!.body);
    expect(event).toMatchObject({ id: body.event_id, type: 'webhook.test', store_id: storeId, data: { webhook_id: hook.id } });
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(received[0]!.headers.get('Cpq-Signature')!)!;
    expect(v1).toBe(await hmacHex(hook.secret, `${t}.${received[0]!.body}`));

    const failed = await (await admin('POST', `${hooks(storeId)}/${hook.id}/test`, {})).json();
    expect(failed).toMatchObject({ ok: false, status_code: 500, error: 'HTTP 500' });
    expect((await deliveries(storeId)).deliveries).toEqual([]);

    const other = await createStore();
    expect((await admin('POST', `${hooks(other)}/${hook.id}/test`, {})).status).toBe(404);
    expect((await admin('POST', `${hooks(storeId)}/${hook.id}/test`, { x: 1 })).status).toBe(400);
    expect(received).toHaveLength(2);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for the overlap, keeps the log, and ends the overlap at 0 hours', async () => {
    const t = await quoteTenant();
    const hook = await endpoint(t.storeId, ['quote.sent']);
    await sentQuote(t);
    const [queued] = (await deliveries(t.storeId)).deliveries;
    const received = receiver(200);
    await consume(queued!.id);

    const rotated = await admin('POST', `${hooks(t.storeId)}/${hook.id}/rotate-secret`, { overlap_hours: 48 });
    expect(rotated.status).toBe(200);
    const fresh = await rotated.json<{ secret: string; secret_prefix: string; previous_secret_expires_at: string }>();
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(hook.secret);
    expect(Math.abs(Date.parse(fresh.previous_secret_expires_at) - Date.now() - 48 * 3_600_000)).toBeLessThan(60_000);
    expect((await deliveries(t.storeId)).deliveries).toHaveLength(1);

    await admin('POST', `/stores/${t.storeId}/webhook-deliveries/${queued!.id}/replay`, {});
    await consume(queued!.id);
    const [, ts, v1, v1old] = /^t=(\d+),v1=([0-9a-f]{64}),v1=([0-9a-f]{64})$/.exec(received[1]!.headers.get('Cpq-Signature')!)!;
    expect(v1).toBe(await hmacHex(fresh.secret, `${ts}.${received[1]!.body}`));
    expect(v1old).toBe(await hmacHex(hook.secret, `${ts}.${received[1]!.body}`));

    const again = await (await admin('POST', `${hooks(t.storeId)}/${hook.id}/rotate-secret`, { overlap_hours: 0 })).json<{
      secret: string;
      previous_secret_expires_at: string | null;
    }>();
    expect(again.previous_secret_expires_at).toBeNull();
    await admin('POST', `${hooks(t.storeId)}/${hook.id}/test`, {});
    const [, ts2, only] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(received[2]!.headers.get('Cpq-Signature')!)!;
    expect(only).toBe(await hmacHex(again.secret, `${ts2}.${received[2]!.body}`));

    for (const bad of [{ overlap_hours: 169 }, { overlap_hours: -1 }, { overlap_hours: 1.5 }, { secret: 'x' }]) {
      expect((await admin('POST', `${hooks(t.storeId)}/${hook.id}/rotate-secret`, bad)).status).toBe(400);
    }
    expect((await admin('POST', `${hooks(t.storeId)}/we_nope/rotate-secret`, {})).status).toBe(404);
  });
});

describe('retention', () => {
  it('the cron deletes events older than 30 days with their deliveries and attempts, and keeps the rest', async () => {
    const t = await quoteTenant();
    await endpoint(t.storeId, ['quote.sent']);
    await sentQuote(t);
    await sentQuote(t);
    const [recent, old] = (await deliveries(t.storeId)).deliveries;
    receiver(200);
    await consume(old!.id);
    await (await storeBinding(env, t.storeId))
      .prepare('UPDATE webhook_events SET created_at = ? WHERE id = ?')
      .bind(Date.now() - 31 * DAY, old!.event_id)
      .run();
    await worker.scheduled(createScheduledController({ cron: '*/10 * * * *' }), env, createExecutionContext());
    expect((await deliveries(t.storeId)).deliveries.map((d) => d.id)).toEqual([recent!.id]);
    const left = await (await storeBinding(env, t.storeId))
      .prepare(
        `SELECT (SELECT COUNT(*) FROM webhook_attempts WHERE delivery_id = ?1) + (SELECT COUNT(*) FROM webhook_events WHERE id = ?2) AS n`,
      )
      .bind(old!.id, old!.event_id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });
});
