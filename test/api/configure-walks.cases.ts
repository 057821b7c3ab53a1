// The no-dead-end promise over HTTP (issue 23), from 1,000 random starting points per product (`npm run test:soak`;
// 100 under `npm test`), as test/lang/configure-walk.test.ts takes them in process: for every example and every
// product of the test fixtures, a buyer who sets only fields not yet set, to values /v1/configure offers, and leaves
// the others at their defaults, always ends with a configuration /v1/calculate answers 200 for. Walks share their
// first requests (test/configure-walk.ts) and run concurrently; requests go to the Worker's fetch handler, the full
// middleware included, without test/contract.ts's schema check of each answer (test/api/soft-defaults.cases.ts checks
// the new answers' shape).
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import worker from '../../src/index';
import { analyze } from '../../src/lang/index';
import type { ProductIR } from '../../src/lang/ir';
import { type WalkAnswer, walkTree } from '../configure-walk';
import { SHELF } from '../fixtures/shelf';
import { saveProduct, tenant } from '../helpers';
import { bySize, HEAVY_TIMEOUT_MS } from '../soak';

// The requests call the fetch handler directly: through the test pool's `exports.default` each costs more than the
// one before (test/contract.ts, sendChecked), and 20 walks took 65 s; directly, 200 walks (about 5,800 requests)
// took about 25 s on a shared 2-core machine.
const WALKS = bySize(100, 1_000);
/** Requests in flight at once: the Worker awaits KV and the rate limiter between its computations. */
const IN_FLIGHT = 16;

const sources = {
  ...import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../fixtures/**/*.cpq', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
};
const products: [string, string][] = [
  ...Object.entries(sources).map(([path, text]): [string, string] => [path.replace(/^(\.\.\/)+/, ''), text]),
  ['test/fixtures/shelf.ts', SHELF],
];

/** At most `n` calls at once. */
function limited(n: number): <T>(f: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (f) => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await f();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

describe('no dead ends over HTTP: every walk through offered values ends in a 200 from /v1/calculate', () => {
  it.each(products)(
    `%s, ${WALKS} walks`,
    async (name, text) => {
      const ir = analyze(text).ir as ProductIR;
      const { storeId, headers } = await tenant();
      const productId = name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      expect((await saveProduct(storeId, productId, text)).status).toBe(201);
      const slot = limited(IN_FLIGHT);
      // A client has its answer before the work the Worker leaves to waitUntil is done (a lease hands its tokens
      // back a second after it expires): waiting for it per request made a walk's every step cost a second. It is
      // all awaited at the end, so whatever of it fails still fails the test.
      const leftToDo: Promise<void>[] = [];
      const post = (path: string, configuration: Record<string, unknown>) =>
        slot(async () => {
          const ctx = createExecutionContext();
          const res = await worker.fetch(
            new Request(`http://localhost/api/v1/${path}`, {
              method: 'POST',
              headers: { ...headers, 'Content-Type': 'application/json' },
              body: JSON.stringify({ tenant_id: storeId, product_id: productId, configuration }),
            }),
            env,
            ctx,
          );
          leftToDo.push(waitOnExecutionContext(ctx));
          return { status: res.status, body: await res.json() };
        });
      const started = Date.now();
      const figures = await walkTree(
        {
          ir,
          label: name,
          ask: async (configuration) => {
            const { status, body } = await post('configure', configuration);
            expect(status, JSON.stringify(body)).toBe(200);
            return body as WalkAnswer;
          },
          price: (configuration) => post('calculate', configuration),
        },
        WALKS,
        0x5eed,
      );
      await Promise.all(leftToDo);
      console.log(
        `${name}: ${figures.walks} walks, ${figures.asked} configure and ${figures.priced} calculate requests, ${Date.now() - started} ms`,
      );
      expect(figures.walks).toBe(WALKS);
    },
    HEAVY_TIMEOUT_MS,
  );
});
