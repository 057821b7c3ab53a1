// The two knobs the benchmarks compare by, which src/ has no branch on; bench/worker-with-knobs.ts composes the
// production app with them:
// - CPQ_DEV_GATE_LATENCY_MS: every call to a Durable Object first waits that many ms, as a far-away object would,
//   and every response through the rate limiter says whether the request waited on an object, for the limiter or
//   for the key's revocations (X-CPQ-Dev-Gate-Wait: 1 or 0);
// - CPQ_DEV_D1_LATENCY_MS, CPQ_DEV_KV_LATENCY_MS: every D1 statement (or batch) and every KV call first waits that
//   many ms, as for a far-away primary or a KV read missing the location's cache; CPQ_DEV_D1_REPLICA_LATENCY_MS
//   (by default the primary's) instead for reads of a session any replica may answer, as for a replica nearby;
// - CPQ_ADMISSION=hop: one call to the object per request instead of the isolate's leases.
import type { Context } from 'hono';
import type { AppEnv } from '../src/env';
import { withTimeout } from '../src/isolate/timeout';
import type { Admit, Decision } from '../src/limits';

export const WAIT_HEADER = 'X-CPQ-Dev-Gate-Wait';

export interface Knobs {
  CPQ_DEV_GATE_LATENCY_MS?: string;
  CPQ_DEV_D1_LATENCY_MS?: string;
  CPQ_DEV_D1_REPLICA_LATENCY_MS?: string;
  CPQ_DEV_KV_LATENCY_MS?: string;
  CPQ_ADMISSION?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What happens around each call of a wrapped object's methods: `call` makes the real one. */
export type Hook = (method: string, call: () => unknown) => Promise<unknown>;

const delay =
  (ms: number): Hook =>
  async (_method, call) => {
    await sleep(ms);
    return call();
  };

/** The object with every method call made through `hook` (a Durable Object stub, a KV namespace). */
export function around<T extends object>(target: T, hook: Hook): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => hook(String(property), () => Reflect.apply(value, object, args));
    },
  });
}

/** The namespace whose stubs all make their calls through `hook`. */
export function aroundNamespace<T extends object>(namespace: T, hook: Hook): T {
  return new Proxy(namespace, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const stubs = property === 'get' || property === 'getByName';
      return (...args: unknown[]) => {
        const result = Reflect.apply(value, target, args);
        return stubs ? around(result as object, hook) : result;
      };
    },
  });
}

/** The statements a far database handed out, by their wrapper: `batch` gives D1 its own objects. */
const statements = new WeakMap<object, D1PreparedStatement>();

function farStatement(statement: D1PreparedStatement, hook: Hook, where: string): D1PreparedStatement {
  const wrapped = new Proxy(statement, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property === 'bind') return (...args: unknown[]) => farStatement(Reflect.apply(value, target, args), hook, where);
      return (...args: unknown[]) => hook(`${where}.${String(property)}`, () => Reflect.apply(value, target, args));
    },
  });
  statements.set(wrapped, statement);
  return wrapped;
}

/**
 * The D1 database (or one of its sessions) with every statement run, batch and exec made through `hook`, which is
 * told where it runs (`primary.first`, `session(first-unconstrained).raw`, …); preparing and binding statements and
 * reading a session's bookmark make no I/O and pass.
 */
export function farDatabase<T extends D1Database | D1DatabaseSession>(db: T, hook: Hook, where = 'primary'): T {
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const apply = (args: unknown[]) => Reflect.apply(value, target, args);
      switch (property) {
        case 'prepare':
          return (...args: unknown[]) => farStatement(apply(args), hook, where);
        case 'withSession':
          return (...args: unknown[]) => farDatabase(apply(args), hook, `session(${String(args[0] ?? 'first-unconstrained')})`);
        case 'getBookmark':
          return (...args: unknown[]) => apply(args);
        case 'batch':
          return (list: D1PreparedStatement[]) => hook(`${where}.batch`, () => apply([list.map((s) => statements.get(s) ?? s)]));
        default:
          return (...args: unknown[]) => hook(`${where}.${String(property)}`, () => apply(args));
      }
    },
  });
}

const knob = (env: Env, name: keyof Knobs) => Number((env as Env & Knobs)[name] ?? 0);

/**
 * The environment with its Durable Objects `CPQ_DEV_GATE_LATENCY_MS` away, its D1 primary `CPQ_DEV_D1_LATENCY_MS`
 * (its nearest replica `CPQ_DEV_D1_REPLICA_LATENCY_MS`, by default as far) and its KV namespace
 * `CPQ_DEV_KV_LATENCY_MS` (each untouched when 0 or unset).
 */
export function farEnv(env: Env): Env {
  const gate = knob(env, 'CPQ_DEV_GATE_LATENCY_MS');
  const d1 = knob(env, 'CPQ_DEV_D1_LATENCY_MS');
  const replica =
    (env as Env & Knobs).CPQ_DEV_D1_REPLICA_LATENCY_MS === undefined ? d1 : knob(env, 'CPQ_DEV_D1_REPLICA_LATENCY_MS');
  const kv = knob(env, 'CPQ_DEV_KV_LATENCY_MS');
  if (!(gate > 0 || d1 > 0 || replica > 0 || kv > 0)) return env;
  // A session that any replica may answer reads from the nearest one; everything else goes to the primary.
  const d1Hook: Hook = (where, call) => delay(where.startsWith('session(first-unconstrained)') ? replica : d1)(where, call);
  return {
    ...env,
    ...(gate > 0
      ? { ACCESS: aroundNamespace(env.ACCESS, delay(gate)), SESSIONS: aroundNamespace(env.SESSIONS, delay(gate)) }
      : {}),
    ...(d1 > 0 || replica > 0 ? { DB: farDatabase(env.DB, d1Hook) } : {}),
    ...(kv > 0 ? { KEYS: around(env.KEYS, delay(kv)) } : {}),
  };
}

/** `CPQ_ADMISSION=hop`: each request asks the object (`admit`, or `check` for a revoked key, which is not counted). */
export const hopAdmission: Admit = async ({ subject, tier, count, clock, timeoutMs, c }) => {
  const object = c.env.ACCESS.getByName(subject);
  const request = { tier, now: clock.told(clock.now()) };
  return { ...(await withTimeout(count ? object.admit(request) : object.check(request), timeoutMs)), waited: true };
};

/** The wait header: whether the limiter or the key's verification waited on a Durable Object. */
export function reportWait(c: Context<AppEnv>, decision: Decision): void {
  const verdict = c.get('verdict');
  const verifyWaited = verdict != null && verdict.kind !== 'unknown' && verdict.waited;
  c.header(WAIT_HEADER, decision.waited || verifyWaited ? '1' : '0');
}
