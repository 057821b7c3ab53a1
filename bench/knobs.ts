// The two knobs the benchmarks compare by, which src/ has no branch on; bench/worker-with-knobs.ts composes the
// production app with them:
// - CPQ_DEV_GATE_LATENCY_MS: every call to a Durable Object first waits that many ms, as a far-away object would,
//   and every response through the rate limiter says whether the request waited on an object, for the limiter or
//   for the key's revocations (X-CPQ-Dev-Gate-Wait: 1 or 0);
// - CPQ_ADMISSION=hop: one call to the object per request instead of the isolate's leases.
import type { Context } from 'hono';
import type { AppEnv } from '../src/env';
import { withTimeout } from '../src/isolate/timeout';
import type { Admit, Decision } from '../src/limits';

export const WAIT_HEADER = 'X-CPQ-Dev-Gate-Wait';

export interface Knobs {
  CPQ_DEV_GATE_LATENCY_MS?: string;
  CPQ_ADMISSION?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stub with every method call delayed by `ms`. */
function far<T extends object>(stub: T, ms: number): T {
  return new Proxy(stub, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await sleep(ms);
        return Reflect.apply(value, target, args);
      };
    },
  });
}

/** The namespace whose stubs are all far away. */
function farNamespace<T extends object>(namespace: T, ms: number): T {
  return new Proxy(namespace, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const stubs = property === 'get' || property === 'getByName';
      return (...args: unknown[]) => {
        const result = Reflect.apply(value, target, args);
        return stubs ? far(result as object, ms) : result;
      };
    },
  });
}

/** The environment with its Durable Objects `CPQ_DEV_GATE_LATENCY_MS` away (none when 0 or unset). */
export function farEnv(env: Env): Env {
  const ms = Number((env as Env & Knobs).CPQ_DEV_GATE_LATENCY_MS ?? 0);
  if (!(ms > 0)) return env;
  return { ...env, ACCESS: farNamespace(env.ACCESS, ms), SESSIONS: farNamespace(env.SESSIONS, ms) };
}

/** `CPQ_ADMISSION=hop`: each request asks the object (`admit`, or `check` for a revoked key, which is not counted). */
export const hopAdmission: Admit = async ({ subject, tier, count, clock, timeoutMs, c }) => {
  const object = c.env.ACCESS.getByName(subject);
  const request = { tier, now: clock.told(clock.now()) };
  return { ...(await withTimeout(count ? object.admit(request) : object.check(request), timeoutMs)), waited: true };
};

/** The wait header: whether the limiter or the key's verification waited on a Durable Object. */
export function reportWait(c: Context<AppEnv>, decision: Decision): void {
  const verdict = c.var.verdict;
  const verifyWaited = verdict != null && verdict.kind !== 'unknown' && verdict.waited;
  c.header(WAIT_HEADER, decision.waited || verifyWaited ? '1' : '0');
}
