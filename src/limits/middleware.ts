import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { addressObjectName, storeObjectName } from '../access/names';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { withTimeout } from '../isolate/timeout';
import { clientAddress } from './address';
import type { Tier } from './budgets';
import type { LimiterClock } from './clock';
import { LocalLimiter } from './fallback';
import { bindingWindow, rateLimitHeaders } from './headers';
import { type Decision, isolateLeases, LeaseRegistry } from './lease';
import type { LeaseGrant, LeaseRequest } from './store-budget';

/** What the limiter needs of a store's (or an address's) object: leases. */
export interface Gate {
  lease(request: LeaseRequest): Promise<LeaseGrant>;
}

/** One request to admit: whose budget, on which tier, and whether it is counted (a revoked key's is not). */
export interface AdmissionRequest {
  subject: string;
  tier: Tier;
  count: boolean;
  clock: LimiterClock;
  timeoutMs: number;
  c: Context<AppEnv>;
}

/** How a request is admitted; production admits from the isolate's leases (`leaseAdmission`). */
export type Admit = (request: AdmissionRequest) => Promise<Decision>;

export interface RateLimitOptions {
  /** The gate for a Durable Object name; production uses the ACCESS binding, tests pass failing ones. */
  gate: (env: Env, objectName: string) => Gate;
  /** How long to wait for the gate before the local fallback decides. */
  timeoutMs?: number;
  /** This isolate's leases, whose clock the limiter reads; tests give each simulated isolate its own. */
  leases?: LeaseRegistry;
  /** How a request is admitted, when not from leases: bench/worker-with-knobs.ts compares the per-request call. */
  admit?: Admit;
  /** Told each decision before the response is made: bench/worker-with-knobs.ts reports the waits. */
  decided?: (c: Context<AppEnv>, decision: Decision) => void;
}

export const logError = (requestId: string | undefined, message: string, err: unknown) =>
  console.error(
    JSON.stringify({ level: 'error', request_id: requestId, message, error: err instanceof Error ? err.message : String(err) }),
  );

/** Admission from a lease the isolate holds (lease.ts), so that most requests do not wait on the object. */
function leaseAdmission(gate: RateLimitOptions['gate'], leases: LeaseRegistry): Admit {
  return ({ subject, tier, count, timeoutMs, c }) =>
    leases.admit(
      subject,
      tier,
      {
        call: (lease) => withTimeout(gate(c.env, subject).lease(lease), timeoutMs),
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
        failed: (err) => logError(c.get('requestId'), 'renewing a rate limit lease failed', err),
        patienceMs: timeoutMs,
      },
      count,
    );
}

/**
 * Counts the request against its store's budget (a verified key) or its client address's budget (no or an unknown
 * key, and the rest of /api and /q), sets the rate-limit headers on whatever response follows, and refuses with 429
 * when a window is exhausted. A revoked key (`authenticate`'s verdict) is not counted: its response, a 401 from
 * `requireKey`, carries its store's windows. The decision comes from a lease the isolate holds (lease.ts).
 *
 * When the Durable Object fails or is slow it fails open to a per-isolate per-minute count: pricing pages keep
 * working through an outage of the counters, still bounded per isolate.
 */
export function createRateLimit({ gate, timeoutMs = 1_500, leases = new LeaseRegistry(), admit, decided }: RateLimitOptions) {
  const fallback = new LocalLimiter();
  const admission = admit ?? leaseAdmission(gate, leases);
  return createMiddleware<AppEnv>(async (c, next) => {
    const verdict = c.get('verdict') ?? null;
    const record = verdict && verdict.kind !== 'unknown' ? verdict.record : null;
    const subject = record ? storeObjectName(record.storeId) : addressObjectName(clientAddress(c.req.raw.headers));
    const tier: Tier = record ? record.plan : 'anonymous';
    const count = verdict?.kind !== 'revoked';
    const clock = leases.clock;
    let decision: Decision;
    try {
      decision = await admission({ subject, tier, count, clock, timeoutMs, c });
    } catch (err) {
      logError(c.get('requestId'), 'rate limit gate unavailable; counting in this isolate', err);
      decision = { ...fallback.admit(subject, tier, clock.now(), count), waited: true };
    }

    decided?.(c, decision);
    for (const [name, value] of Object.entries(rateLimitHeaders(decision.windows, clock.now()))) c.header(name, value);

    const binding = bindingWindow(decision.windows);
    if (count && !decision.allowed && binding) {
      const whose = record ? "this store's plan" : 'this client address';
      throw new ApiError(
        'RATE_LIMITED',
        `Rate limit exceeded: ${binding.limit} requests per ${binding.window} for ${whose}; retry in ${binding.resetIn} s`,
        { details: { window: binding.window, limit: binding.limit, retry_after: binding.resetIn } },
        { 'Retry-After': String(binding.resetIn) },
      );
    }
    await next();
  });
}

export const rateLimit = createRateLimit({ gate: (env, name) => env.ACCESS.getByName(name), leases: isolateLeases });
