import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { Hono } from 'hono';
import { DEFAULT_PERMISSIONS, type Permission, type Plan } from '../../src/api/permissions';
import { apiKeys, stores } from '../../src/db/schema';
import type { AppEnv } from '../../src/env';
import { createAuthenticate, requireKey } from '../../src/http/auth';
import { onError } from '../../src/http/on-error';
import { assignRequestId } from '../../src/http/request-guards';
import worker from '../../src/index';
import { REVOCATION_TTL_MS, RevocationViews } from '../../src/keys/revocations';
import { generateApiKey, sha256Hex } from '../../src/keys/secret';
import { putKeyRecord } from '../../src/keys/store';
import {
  createRateLimit,
  injectedClock,
  isolateLeases,
  LEASE_TTL_MS,
  LeaseRegistry,
  type LimiterClock,
  type RateLimitOptions,
} from '../../src/limits';
import { windowStart } from '../../src/limits/windows';
import { checkResponse, sendChecked } from '../contract';
import { uniqueId } from '../helpers';

/** A distinct IPv4 address per call, so anonymous budgets of different tests never meet. */
export function uniqueAddress(): string {
  const n = crypto.getRandomValues(new Uint8Array(3));
  return `10.${n[0]}.${n[1]}.${n[2]}`;
}

export interface IssuedKey {
  key: string;
  keyId: string;
  storeId: string;
}

/**
 * A valid key written straight to KV, as the admin API would, with the plan as the KV record's hint. With `inD1`
 * the store and key rows exist too (for last-use tracking).
 */
export async function issueKey(
  options: { plan?: Plan; storeId?: string; permissions?: Permission[]; inD1?: boolean } = {},
): Promise<IssuedKey> {
  const { plan = 'free', storeId = uniqueId('store'), permissions = DEFAULT_PERMISSIONS, inD1 = false } = options;
  const { key, prefix } = generateApiKey();
  const keyId = uniqueId('key');
  const hash = await sha256Hex(key);
  await putKeyRecord(env.KEYS, hash, { keyId, storeId, permissions, plan });
  if (inD1) {
    const db = drizzle(env.DB);
    const now = Date.now();
    await db.insert(stores).values({ id: storeId, name: storeId, plan, createdAt: now, updatedAt: now }).onConflictDoNothing();
    await db.insert(apiKeys).values({ id: keyId, storeId, name: 'test', prefix, hash, permissions, createdAt: now });
  }
  return { key, keyId, storeId };
}

/** A request to a /api/v1 path with no route: with a valid key it passes auth and the limiter, then answers 404. */
export function v1Request(key: string | null, address?: string): Request {
  const headers = new Headers();
  if (key !== null) headers.set('X-API-Key', key);
  if (address) headers.set('CF-Connecting-IP', address);
  return new Request('http://localhost/api/v1/limits-probe', { headers });
}

/** A keyless request outside /api/v1 that is counted per client address (health is not counted at all). */
export function anonymousRequest(address?: string): Request {
  return new Request('http://localhost/api/docs', { headers: address ? { 'CF-Connecting-IP': address } : {} });
}

/** One request through the Worker's default export, as the runtime delivers it, its response checked against the OpenAPI document. */
export function send(request: Request): Promise<Response> {
  return sendChecked(request);
}

/**
 * Sends `n` requests at once and counts the answers by status. It calls the same fetch handler directly because
 * every request through the test pool's `exports.default` costs more than the one before (test/contract.ts,
 * sendChecked), which would time the pool rather than the limiter.
 */
export async function burst(n: number, request: () => Request): Promise<Map<number, number>> {
  const ctx = createExecutionContext();
  const requests = Array.from({ length: n }, request);
  const copies = requests.map((r) => r.clone());
  const responses = await Promise.all(requests.map((r) => worker.fetch(r, env, ctx)));
  await waitOnExecutionContext(ctx);
  const counts = new Map<number, number>();
  for (const [i, r] of responses.entries()) {
    counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    await checkResponse(copies[i]!, r);
    await r.body?.cancel();
  }
  return counts;
}

/**
 * A limiter clock a test moves forward (`advance`) instead of waiting, e.g. for a lease to expire. Its `sleep` ends
 * once the clock has moved on that far, moved or not: each sleeper looks with its own short timers, so no promise of
 * one request is settled by another (docs/architecture.md, "What an isolate may share across requests").
 */
export interface SteppingClock extends LimiterClock {
  advance(ms: number): void;
}

/** Past a lifetime's end, by when leases and views have settled (both settle 50 ms after it). */
const SETTLED_AFTER_MS = 100;
/** How often a sleeper of a SteppingClock looks whether its time has come. */
const STEP_POLL_MS = 5;

/**
 * A limiter clock one second into the next minute, running at the real pace, so that a test has 59 s before its
 * window ends and never waits for a minute's edge. It never runs behind the real clock (a Durable Object cleans its
 * counters up on the real one) nor behind `after`.
 */
export function freshMinute(after: LimiterClock = isolateLeases.clock): SteppingClock {
  const realStart = Date.now();
  const start = windowStart('minute', Math.max(realStart, after.now())) + 61_000;
  let skipped = 0;
  const now = () => start + skipped + (Date.now() - realStart);
  const sleep = async (ms: number) => {
    const until = now() + ms;
    while (now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(until - now(), STEP_POLL_MS)));
  };
  return {
    ...injectedClock(now, sleep),
    advance: (ms) => {
      skipped += ms;
    },
  };
}

/** Sets the Worker's own limiter clock (the tests run in its isolate) to a fresh minute, and returns it. */
export function useFreshMinute(): SteppingClock {
  const clock = freshMinute();
  isolateLeases.clock = clock;
  return clock;
}

export function rateHeaders(res: Response) {
  const h = (name: string) => res.headers.get(name);
  return {
    limit: h('X-RateLimit-Limit'),
    remaining: h('X-RateLimit-Remaining'),
    reset: h('X-RateLimit-Reset'),
    policy: h('RateLimit-Policy'),
    rateLimit: h('RateLimit'),
    retryAfter: h('Retry-After'),
  };
}

/**
 * A simulated isolate: the production middleware chain with its own leases and its own views of revocations,
 * against the one real Durable Object of each store. `clock` is the time of both (see freshMinute); `env` and the
 * limiter's `admit` and `decided` are what bench/worker-with-knobs.ts changes.
 */
export function isolate(clock: SteppingClock, options: { env?: Env } & Pick<RateLimitOptions, 'admit' | 'decided'> = {}) {
  const app = new Hono<AppEnv>();
  const { env: isolateEnv = env, ...limiter } = options;
  app.use('*', assignRequestId);
  const leases = new LeaseRegistry({ clock });
  app.use(
    '/api/v1/*',
    createAuthenticate(new RevocationViews(clock), limiter.admit ? null : leases),
    createRateLimit({ gate: (e, name) => e.ACCESS.getByName(name), leases, ...limiter }),
    requireKey,
  );
  app.get('/api/v1/*', (c) => c.json({ ok: true }));
  app.onError(onError);
  const pending: Promise<void>[] = [];
  return {
    /** One request; what it leaves running (renewals, hand-backs) is collected for `settle`. */
    async send(request: Request): Promise<Response> {
      const ctx = createExecutionContext();
      const res = await app.fetch(request, isolateEnv, ctx);
      pending.push(waitOnExecutionContext(ctx));
      return res;
    },
    /**
     * Moves the clock past every lease's and revocation view's lifetime, and waits for what that sets off: leases
     * handing back their unused tokens, views reporting the keys used.
     */
    settle: () => {
      clock.advance(Math.max(LEASE_TTL_MS, REVOCATION_TTL_MS) + SETTLED_AFTER_MS);
      return Promise.all(pending.splice(0));
    },
  };
}

export type Isolate = ReturnType<typeof isolate>;
