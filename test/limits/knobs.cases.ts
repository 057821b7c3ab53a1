import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { farEnv, hopAdmission, reportWait, WAIT_HEADER } from '../../bench/knobs';
import knobbed from '../../bench/worker-with-knobs';
import { storeBinding } from '../../src/db/client';
import worker from '../../src/index';
import { realClock } from '../../src/limits';
import { quoteTenant } from '../api/quotes-helpers';
import { admin } from '../helpers';
import { freshMinute, type Isolate, isolate, issueKey, useFreshMinute, v1Request } from './helpers';

// The benchmarks' knobs live in bench/knobs.ts; bench/worker-with-knobs.ts composes the production app with them: the dev
// latency (every Durable Object call waits, as for a far-away object, and the wait header says whether a request
// waited) and the per-request hop. The production Worker (src/index.ts) ignores both.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const knobs = (vars: Record<string, string>) => ({ ...env, ...vars }) as Env;

/** A steady client: one request every `gapMs`, each timed, with whether it waited on an object. */
async function steady(target: Isolate, key: string, n: number, gapMs: number) {
  const results: { ms: number; waited: boolean; status: number }[] = [];
  for (let i = 0; i < n; i++) {
    const started = Date.now();
    const res = await target.send(v1Request(key));
    results.push({ ms: Date.now() - started, waited: res.headers.get(WAIT_HEADER) === '1', status: res.status });
    await sleep(gapMs);
  }
  return { results, waits: results.filter((r) => r.waited).length };
}

describe('the knobs of bench/worker-with-knobs.ts', () => {
  it('with 150 ms per object call, a steady client under leases almost never waits', { timeout: 30_000 }, async () => {
    const { key } = await issueKey({ plan: 'pro' });
    const far = isolate(freshMinute(realClock), {
      env: farEnv(knobs({ CPQ_DEV_GATE_LATENCY_MS: '150' })),
      decided: reportWait,
    });
    const run = await steady(far, key, 100, 20);
    expect(new Set(run.results.map((r) => r.status))).toEqual(new Set([200]));
    // The first request of the isolate waits (for one call bringing the key's revocations and a lease), and a few more while
    // its rate estimate ramps up; renewals then happen in the background: at most 5 % of requests wait (the goal
    // of issue 17). Whether a request waited is what the header says, not a latency, so a busy machine cannot
    // fail this.
    expect(run.results[0]).toMatchObject({ waited: true });
    expect(run.results[0]!.ms).toBeGreaterThanOrEqual(150);
    expect(run.waits).toBeLessThanOrEqual(5);
    await far.settle();
  });

  it('with CPQ_ADMISSION=hop every request waits on the object', { timeout: 30_000 }, async () => {
    const { key } = await issueKey({ plan: 'pro' });
    const hop = isolate(freshMinute(realClock), {
      env: farEnv(knobs({ CPQ_DEV_GATE_LATENCY_MS: '150' })),
      admit: hopAdmission,
      decided: reportWait,
    });
    const run = await steady(hop, key, 5, 0);
    expect(run.waits).toBe(5);
    expect(Math.min(...run.results.map((r) => r.ms))).toBeGreaterThanOrEqual(150);
    await hop.settle();
  });

  it('hop admits exactly the budget through the knobbed Worker too', async () => {
    useFreshMinute();
    const { key } = await issueKey({ plan: 'free' });
    const ctx = createExecutionContext();
    const hopEnv = knobs({ CPQ_ADMISSION: 'hop' });
    const responses = await Promise.all(Array.from({ length: 100 }, () => knobbed.fetch(v1Request(key), hopEnv, ctx)));
    await waitOnExecutionContext(ctx);
    expect(responses.filter((r) => r.status === 404)).toHaveLength(60);
    expect(responses.every((r) => r.headers.get(WAIT_HEADER) === '1')).toBe(true);
  });

  it('CPQ_DEV_D1_LATENCY_MS (CPQ_DEV_D1_REPLICA_LATENCY_MS for replica reads) and CPQ_DEV_KV_LATENCY_MS delay every D1 statement and every KV call', async () => {
    const far = farEnv(knobs({ CPQ_DEV_D1_LATENCY_MS: '120', CPQ_DEV_KV_LATENCY_MS: '80' }));
    const took = async (work: () => Promise<unknown>) => {
      const started = Date.now();
      await work();
      return Date.now() - started;
    };
    expect(await took(() => far.DB.prepare('SELECT ?1 AS n').bind(1).first())).toBeGreaterThanOrEqual(120);
    const [one, two] = await far.DB.batch([far.DB.prepare('SELECT 1 AS n'), far.DB.prepare('SELECT ?1 AS n').bind(2)]);
    expect([one?.results, two?.results]).toEqual([[{ n: 1 }], [{ n: 2 }]]);
    const session = far.DB.withSession('first-unconstrained');
    expect(await took(() => session.prepare('SELECT 1').run())).toBeGreaterThanOrEqual(120);
    expect(typeof session.getBookmark()).not.toBe('undefined');
    expect(await took(() => far.KEYS.get('no-such-key'))).toBeGreaterThanOrEqual(80);
    expect(far.ACCESS).toBe(env.ACCESS);
    // A replica nearby: sessions any replica may answer are quick, the primary stays far.
    const replicated = farEnv(knobs({ CPQ_DEV_D1_LATENCY_MS: '400', CPQ_DEV_D1_REPLICA_LATENCY_MS: '0' }));
    expect(await took(() => replicated.DB.withSession('first-unconstrained').prepare('SELECT 1').run())).toBeLessThan(400);
    expect(await took(() => replicated.DB.withSession('first-primary').prepare('SELECT 1').run())).toBeGreaterThanOrEqual(400);
  });

  it('are ignored by the production Worker: no header, no delay', async () => {
    useFreshMinute();
    const { key } = await issueKey({ plan: 'pro' });
    const vars = knobs({ CPQ_DEV_GATE_LATENCY_MS: '1000', CPQ_ADMISSION: 'hop' });
    const ctx = createExecutionContext();
    const started = Date.now();
    const res = await worker.fetch(v1Request(key), vars, ctx);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(res.status).toBe(404);
    expect(res.headers.get(WAIT_HEADER)).toBeNull();
    expect(res.headers.get('X-RateLimit-Remaining')).toBe('299');
    await waitOnExecutionContext(ctx);
  });

  it("keep production's queue handler, so webhooks deliver under the knobs", () => {
    expect(knobbed.queue).toBe(worker.queue);
  });
});

describe('the fault knobs of bench/worker-with-knobs.ts', () => {
  /** A store with the shelf, an endpoint for quote.sent, and a draft; `send` sends it through the knobbed Worker. */
  async function draftWithHook() {
    const t = await quoteTenant();
    const hook = { url: 'https://erp.example.com/hooks', events: ['quote.sent'] };
    expect((await admin('POST', `/stores/${t.storeId}/webhooks`, hook)).status).toBe(201);
    const q = await (await t.create()).json<{ id: string }>();
    const send = async (vars: Record<string, string>) => {
      const ctx = createExecutionContext();
      const request = new Request(`http://localhost/api/v1/quotes/${q.id}/send`, {
        method: 'POST',
        headers: { ...t.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ tenant_id: t.storeId }),
      });
      const res = await knobbed.fetch(request, knobs(vars), ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    const outbox = async () =>
      (
        await (
          await storeBinding(env, t.storeId)
        )
          .prepare('SELECT queued_at FROM webhook_deliveries WHERE store_id = ?')
          .bind(t.storeId)
          .all<{ queued_at: number | null }>()
      ).results;
    return { ...t, id: q.id, send, outbox };
  }

  it('CPQ_DEV_QUEUE_FAIL_RATE=1: every queue send throws; the change and its event stand, and the cron under it sends nothing', async () => {
    const t = await draftWithHook();
    const sent = vi.spyOn(env.WEBHOOKS, 'sendBatch').mockResolvedValue(undefined as never);
    try {
      expect((await t.send({ CPQ_DEV_QUEUE_FAIL_RATE: '1' })).status).toBe(200);
      expect(await t.outbox()).toEqual([{ queued_at: null }]);
      await (await storeBinding(env, t.storeId))
        .prepare('UPDATE webhook_deliveries SET updated_at = updated_at - 60000 WHERE store_id = ?')
        .bind(t.storeId)
        .run();
      const cron = createScheduledController({ cron: '* * * * *' });
      await knobbed.scheduled(cron, knobs({ CPQ_DEV_QUEUE_FAIL_RATE: '1' }), createExecutionContext());
      expect(await t.outbox()).toEqual([{ queued_at: null }]);
      expect(sent).not.toHaveBeenCalled();
      await knobbed.scheduled(cron, knobs({}), createExecutionContext());
      expect((await t.outbox())[0]!.queued_at).not.toBeNull();
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it('CPQ_DEV_CUT_AFTER_WRITE_RATE=1: a change answers 500 right after it is written, before its event is handed to the queue', async () => {
    const t = await draftWithHook();
    const sent = vi.spyOn(env.WEBHOOKS, 'sendBatch');
    try {
      const res = await t.send({ CPQ_DEV_CUT_AFTER_WRITE_RATE: '1' });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ code: 'INTERNAL' });
      expect((await (await t.get(t.id)).json<{ status: string }>()).status).toBe('sent');
      expect(await t.outbox()).toEqual([{ queued_at: null }]);
      expect(sent).not.toHaveBeenCalled();
    } finally {
      sent.mockRestore();
    }
  });
});
