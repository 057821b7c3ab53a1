import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { recordKeyUse } from '../keys/service';
import { clientAddress } from './address';
import { DEV_WAIT_HEADER, devGateLatency, withDevLatency } from './dev-latency';
import { LocalLimiter } from './fallback';
import {
  type Admission,
  type AdmitRequest,
  addressObjectName,
  type LeaseGrant,
  type LeaseRequest,
  storeObjectName,
} from './gate';
import { bindingWindow, rateLimitHeaders } from './headers';
import { type Decision, isolateLeases, LeaseRegistry } from './lease';
import { withTimeout } from './timeout';

/** What the middleware needs of a StoreGate stub. */
export interface Gate {
  admit(request: AdmitRequest): Promise<Admission>;
  lease(request: LeaseRequest): Promise<LeaseGrant>;
}

export interface RateLimitOptions {
  /** The gate for a Durable Object name; production uses the GATE binding, tests pass failing ones. */
  gate: (env: Env, objectName: string) => Gate;
  /** How long to wait for the gate before the local fallback decides. */
  timeoutMs?: number;
  /** This isolate's leases, whose clock the limiter reads; tests give each simulated isolate its own. */
  leases?: LeaseRegistry;
}

/** How a request is admitted: from a lease held in the isolate (the default), or by a call to the object per request. */
type AdmissionMode = 'lease' | 'hop';

/** `CPQ_ADMISSION=hop` keeps the per-request call, for comparison in benchmarks; anything else means leases. */
function admissionMode(env: Env): AdmissionMode {
  return (env as Env & { CPQ_ADMISSION?: unknown }).CPQ_ADMISSION === 'hop' ? 'hop' : 'lease';
}

const logError = (requestId: string | undefined, message: string, err: unknown) =>
  console.error(
    JSON.stringify({ level: 'error', request_id: requestId, message, error: err instanceof Error ? err.message : String(err) }),
  );

/**
 * Counts the request against its store's budget (a valid key) or its client address's budget (no or an unknown
 * key, and GET /api/health), sets the rate-limit headers on whatever response follows, and refuses with 429 when a
 * window is exhausted. A key revoked in the store's object loses its principal here, so `requireKey` answers 401.
 * By default the decision comes from a lease the isolate holds (lease.ts), so most requests do not wait on the
 * object; `CPQ_ADMISSION=hop` asks the object on every request instead.
 *
 * When the Durable Object fails or is slow it fails open to a per-isolate per-minute count: pricing pages keep
 * working through an outage of the counters, still bounded per isolate.
 */
export function createRateLimit({ gate, timeoutMs = 1_500, leases = new LeaseRegistry() }: RateLimitOptions) {
  const fallback = new LocalLimiter();
  return createMiddleware<AppEnv>(async (c, next) => {
    const principal = c.var.principal ?? null;
    const subject = principal ? storeObjectName(principal.storeId) : addressObjectName(clientAddress(c.req.raw.headers));
    const request: AdmitRequest = principal ? { tier: principal.plan, keyId: principal.keyId } : { tier: 'anonymous' };
    const stub = () => withDevLatency(c.env, gate(c.env, subject));
    const clock = leases.clock;
    let admission: Decision;
    try {
      if (admissionMode(c.env) === 'hop') {
        const told = { ...request, now: clock.told(clock.now()) };
        admission = { ...(await withTimeout(stub().admit(told), timeoutMs)), waited: true };
      } else {
        admission = await leases.admit(subject, request.tier, request.keyId, {
          call: (lease) => withTimeout(stub().lease(lease), timeoutMs),
          waitUntil: (promise) => c.executionCtx.waitUntil(promise),
          touch: (keyIds) => c.executionCtx.waitUntil(Promise.all(keyIds.map((keyId) => recordKeyUse(c.env, keyId, Date.now())))),
          failed: (err) => logError(c.var.requestId, 'renewing a rate limit lease failed', err),
          patienceMs: timeoutMs,
        });
      }
    } catch (err) {
      logError(c.var.requestId, 'rate limit gate unavailable; counting in this isolate', err);
      admission = { ...fallback.admit(subject, request.tier, clock.now()), waited: true };
    }

    if (devGateLatency(c.env) !== null) c.header(DEV_WAIT_HEADER, admission.waited ? '1' : '0');
    if (admission.revoked) c.set('principal', null);
    if (admission.touch && principal) c.executionCtx.waitUntil(recordKeyUse(c.env, principal.keyId, Date.now()));
    for (const [name, value] of Object.entries(rateLimitHeaders(admission.windows, clock.now()))) c.header(name, value);

    const binding = bindingWindow(admission.windows);
    if (!admission.allowed && binding) {
      const whose = principal ? "this store's plan" : 'this client address';
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

export const rateLimit = createRateLimit({ gate: (env, name) => env.GATE.getByName(name), leases: isolateLeases });
