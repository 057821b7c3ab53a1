import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { suiteGroups } from '../e2e/suite-order.mjs';

// The e2e runner's order (test/e2e/suite-order.mjs): the suites that load wrangler's proxy run in a group of their
// own after the others, so no suite follows them through it; the backoffice suite, which expects an empty store
// list, runs before any that creates one.
it('runs the load suites after all the others, each group by name', () => {
  const suites = readdirSync('test/e2e').filter((f) => f.endsWith('.e2e.mjs'));
  const [rest, load] = suiteGroups(suites);
  expect(load).toEqual(['burst.e2e.mjs', 'quotes.e2e.mjs', 'webhook-fairness.e2e.mjs']);
  expect(rest).toEqual(suites.filter((f) => !load!.includes(f)).sort());
  expect(rest!.slice(0, 2)).toEqual(['api-docs.e2e.mjs', 'backoffice.e2e.mjs']);
  expect(suiteGroups(['quotes.e2e.mjs'])).toEqual([['quotes.e2e.mjs']]);
  expect(suiteGroups(['b.e2e.mjs', 'a.e2e.mjs'])).toEqual([['a.e2e.mjs', 'b.e2e.mjs']]);
});
