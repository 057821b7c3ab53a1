import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { recordKeyUse } from '../keys/service';
import { clientAddress } from './address';
import { LocalLimiter } from './fallback';
import { type Admission, type AdmitRequest, addressObjectName, storeObjectName } from './gate';
import { bindingWindow, rateLimitHeaders } from './headers';

/** What the middleware needs of a StoreGate stub. */
export interface Gate {
  admit(request: AdmitRequest): Promise<Admission>;
}

export interface RateLimitOptions {
  /** The gate for a Durable Object name; production uses the GATE binding, tests pass failing ones. */
  gate: (env: Env, objectName: string) => Gate;
  /** How long to wait for the gate before the local fallback decides. */
  timeoutMs?: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Counts the request against its store's budget (a valid key) or its client address's budget (no or an unknown
 * key, and GET /api/health), sets the rate-limit headers on whatever response follows, and refuses with 429 when a
 * window is exhausted. A key revoked in the store's object loses its principal here, so `requireKey` answers 401.
 *
 * When the Durable Object fails or is slow it fails open to a per-isolate per-minute count: pricing pages keep
 * working through an outage of the counters, still bounded per isolate.
 */
export function createRateLimit({ gate, timeoutMs = 1_500 }: RateLimitOptions) {
  const fallback = new LocalLimiter();
  return createMiddleware<AppEnv>(async (c, next) => {
    const principal = c.var.principal ?? null;
    const subject = principal ? storeObjectName(principal.storeId) : addressObjectName(clientAddress(c.req.raw.headers));
    const request: AdmitRequest = principal ? { tier: principal.plan, keyId: principal.keyId } : { tier: 'anonymous' };
    let admission: Admission;
    try {
      admission = await withTimeout(gate(c.env, subject).admit(request), timeoutMs);
    } catch (err) {
      console.error(
        JSON.stringify({
          level: 'error',
          request_id: c.var.requestId,
          message: 'rate limit gate unavailable; counting in this isolate',
          error: err instanceof Error ? err.message : String(err),
        }),
      );
      admission = fallback.admit(subject, request.tier);
    }

    if (admission.revoked) c.set('principal', null);
    if (admission.touch && principal) c.executionCtx.waitUntil(recordKeyUse(c.env, principal.keyId, Date.now()));
    for (const [name, value] of Object.entries(rateLimitHeaders(admission.windows, Date.now()))) c.header(name, value);

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

export const rateLimit = createRateLimit({ gate: (env, name) => env.GATE.getByName(name) });

