/// <reference types="vite/client" />
// The no-dead-end promise in process (issue 23), from 1,000 random starting points per example and per product of
// the test fixtures (`npm run test:soak`; 100 under `npm test`): a buyer who sets only fields not yet set, to values
// configure offers, and leaves the others at their defaults, always ends with a configuration that calculate (soft
// defaults included) prices. The same walks as test/api/configure-walks.cases.ts, through the model's configure and
// calculate the routes call.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { errorsFor, instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { walkTree } from '../configure-walk';
import { SHELF } from '../fixtures/shelf';
import { bySize, HEAVY_TIMEOUT_MS } from '../soak';

const sources = {
  ...import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../fixtures/**/*.cpq', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  'test/fixtures/shelf.ts': SHELF,
};
const WALKS = bySize(100, 1_000);

describe.each(Object.entries(sources).map(([path, text]) => [path.replace(/^(\.\.\/)+/, ''), text]))('%s', (name, source) => {
  it(`every one of ${WALKS} random walks through offered values ends in a configuration that prices`, {
    timeout: HEAVY_TIMEOUT_MS,
  }, async () => {
    const ir = analyze(source).ir as ProductIR;
    const model = instantiate(ir);
    const quantity = ir.quantity.default;
    // As calculate answers by default: the customer-facing output groups count.
    const groups = new Set(ir.outputs.filter((o) => !o.internal).map((o) => o.id));
    const figures = await walkTree(
      {
        ir,
        label: name,
        ask: async (configuration) => model.configure({ configuration, quantity }),
        price: async (configuration) => {
          const done = model.calculate({ configuration, quantity });
          const errors = errorsFor(done, groups);
          return { status: errors.length === 0 && done.price !== null ? 200 : 422, body: errors };
        },
      },
      WALKS,
      0x2545f491,
    );
    expect(figures.walks).toBe(WALKS);
  });
});
