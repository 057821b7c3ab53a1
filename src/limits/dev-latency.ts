/**
 * The dev-only latency knob: `CPQ_DEV_GATE_LATENCY_MS` delays every call to a Durable Object by that many ms, so
 * the cost of a far-away object can be measured on one machine. Only `npm run dev` (scripts/dev.mjs passes it as a
 * var) and the test pool (vitest.config.ts) set the binding; wrangler.toml does not, so a deployed Worker has no
 * such binding and pays no delay. While the binding exists, responses also say whether the request waited on the
 * object (`DEV_WAIT_HEADER`), so benchmarks can count waits.
 */
export const DEV_WAIT_HEADER = 'X-CPQ-Dev-Gate-Wait';

/** The knob's delay in ms, or null when the binding is absent (production). */
export function devGateLatency(env: Env): number | null {
  const raw = (env as Env & { CPQ_DEV_GATE_LATENCY_MS?: unknown }).CPQ_DEV_GATE_LATENCY_MS;
  if (raw === undefined || raw === null || raw === '') return null;
  const ms = Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? ms : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The stub itself, or one whose every method call first waits the knob's delay (a round trip to a far object). */
export function withDevLatency<T extends object>(env: Env, stub: T): T {
  const ms = devGateLatency(env);
  if (!ms) return stub;
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
