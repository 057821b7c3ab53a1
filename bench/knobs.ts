// The two knobs the benchmarks compare by, which src/ has no branch on; bench/worker-with-knobs.ts composes the
// production app with them:
// - CPQ_DEV_GATE_LATENCY_MS: every call to a Durable Object first waits that many ms, as a far-away object would,
//   and every response through the rate limiter says whether the request waited on an object, for the limiter or
//   for the key's revocations (X-CPQ-Dev-Gate-Wait: 1 or 0);
// - CPQ_DEV_D1_LATENCY_MS, CPQ_DEV_KV_LATENCY_MS: every D1 statement (or batch) and every KV call first waits that
//   many ms, as for a far-away primary or a KV read missing the location's cache; CPQ_DEV_D1_REPLICA_LATENCY_MS
//   (by default the primary's) instead for reads of a session any replica may answer, as for a replica nearby;
// - CPQ_ADMISSION=hop: one call to the object per request instead of the isolate's leases;
// - CPQ_DEV_QUEUE_FAIL_RATE (0–1): that share of queue sends throws, as a queue refusing them would;
//   CPQ_DEV_CUT_AFTER_WRITE_RATE (0–1): that share of requests fails with a 500 right after its first D1 write, as
//   an isolate ending there would: the write stands, and every later D1 call of the request throws. Both test the
//   webhooks' outbox (docs/webhooks.md, "Emission").
import type { Context } from 'hono';
import { allShards, shardBinding } from '../src/db/shards';
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
  CPQ_DEV_QUEUE_FAIL_RATE?: string;
  CPQ_DEV_CUT_AFTER_WRITE_RATE?: string;
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

/** Every shard's binding (wrangler.toml: `DB`, `DB_1`, …) wrapped the same way, to spread over an environment. */
export function everyShard(env: Env, wrap: (db: D1Database) => D1Database): Partial<Env> {
  return Object.fromEntries(allShards(env).map((shard) => [shard === 0 ? 'DB' : `DB_${shard}`, wrap(shardBinding(env, shard))]));
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
    ...(d1 > 0 || replica > 0 ? everyShard(env, (db) => farDatabase(db, d1Hook)) : {}),
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

/** A share knob (0–1); anything else is 0. */
function share(env: Env, name: 'CPQ_DEV_QUEUE_FAIL_RATE' | 'CPQ_DEV_CUT_AFTER_WRITE_RATE'): number {
  const value = Number((env as Env & Knobs)[name] ?? 0);
  return value > 0 && value <= 1 ? value : 0;
}

/** The queue with that share of its sends throwing before they reach it. */
export function failingQueue<T extends object>(queue: T, rate: number): T {
  return around(queue, async (method, call) => {
    if ((method === 'send' || method === 'sendBatch') && Math.random() < rate) {
      throw new Error(`CPQ_DEV_QUEUE_FAIL_RATE: this ${method} failed on purpose`);
    }
    return call();
  });
}

const WRITE = /^\s*(insert|update|delete|replace)\b/i;
const cutError = () => new Error('CPQ_DEV_CUT_AFTER_WRITE_RATE: this request was cut right after its write');

/**
 * The database of a request cut right after its first write: that statement (or batch) is written, then it and
 * every later call throw, so nothing after the write runs against D1 (the queue send after it is never reached).
 */
export function cutAfterWrite(db: D1Database): D1Database {
  const state = { cut: false };
  const raw = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>();
  const settle = async <R>(writes: boolean, call: () => Promise<R>): Promise<R> => {
    if (state.cut) throw cutError();
    const result = await call();
    if (writes) {
      state.cut = true;
      throw cutError();
    }
    return result;
  };
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, property) {
        const value = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property === 'bind') return (...args: unknown[]) => wrap(Reflect.apply(value, target, args), sql);
        return (...args: unknown[]) => settle(WRITE.test(sql), async () => Reflect.apply(value, target, args));
      },
    });
    raw.set(wrapped, { statement, sql });
    return wrapped;
  };
  return new Proxy(db, {
    get(target, property) {
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql);
      if (property === 'batch') {
        return (list: D1PreparedStatement[]) => {
          const found = list.map((s) => raw.get(s));
          const writes = found.some((f) => f && WRITE.test(f.sql));
          return settle(writes, () => target.batch(list.map((s, i) => found[i]?.statement ?? s)));
        };
      }
      return (...args: unknown[]) => Reflect.apply(value, target, args);
    },
  });
}

/**
 * The environment with the fault knobs: its queue sends failing at CPQ_DEV_QUEUE_FAIL_RATE, and, for a request
 * (`request`), its database cut after the first write with the chance CPQ_DEV_CUT_AFTER_WRITE_RATE. Untouched when
 * both are 0 or unset.
 */
export function faultEnv(env: Env, request: boolean): Env {
  const fail = share(env, 'CPQ_DEV_QUEUE_FAIL_RATE');
  const cut = request && Math.random() < share(env, 'CPQ_DEV_CUT_AFTER_WRITE_RATE');
  if (fail === 0 && !cut) return env;
  return {
    ...env,
    ...(fail > 0 ? { WEBHOOKS: failingQueue(env.WEBHOOKS, fail) } : {}),
    ...(cut ? everyShard(env, cutAfterWrite) : {}),
  };
}
