import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { orderSuites } from '../e2e/suite-order.mjs';

// The e2e runner's order (test/e2e/suite-order.mjs): the suites that load wrangler's proxy run last, so no suite
// follows them through it; the backoffice suite, which expects an empty store list, runs before any that creates one.
it('runs the load suites last and the rest by name, the backoffice suite after api-docs only', () => {
  const suites = readdirSync('test/e2e').filter((f) => f.endsWith('.e2e.mjs'));
  const order = orderSuites(suites);
  expect(order.slice(-2)).toEqual(['quotes.e2e.mjs', 'burst.e2e.mjs']);
  expect(order.slice(0, -2)).toEqual(suites.filter((f) => !order.slice(-2).includes(f)).sort());
  expect(order.slice(0, -2)[1]).toBe('backoffice.e2e.mjs');
  expect(orderSuites(['quotes.e2e.mjs', 'b.e2e.mjs', 'a.e2e.mjs'])).toEqual(['a.e2e.mjs', 'b.e2e.mjs', 'quotes.e2e.mjs']);
});
