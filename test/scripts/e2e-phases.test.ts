import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { seesEmptyList, suitePhases } from '../e2e/suite-order.mjs';

// The e2e runner's phases (test/e2e/suite-order.mjs): the backoffice suite, which expects an empty store list, with
// only suites that create no store beside it; then the others side by side, the three on the demo store one after the
// other, the longest first; then the load suites (the webhook fairness soak among them: it times deliveries), alone.
const suites = readdirSync('test/e2e').filter((f) => f.endsWith('.e2e.mjs'));

it('runs the backoffice first, every other suite once side by side, and the load suites last, alone', () => {
  const [first, rest, load] = suitePhases(suites);
  expect(first).toEqual([['api-docs.e2e.mjs'], ['backoffice.e2e.mjs']]);
  expect(load).toEqual([['burst.e2e.mjs', 'quotes.e2e.mjs', 'webhook-fairness.e2e.mjs']]);
  expect(rest!.slice(0, 3)).toEqual([
    ['editor.e2e.mjs'],
    ['configurator-feedback.e2e.mjs', 'configurator.e2e.mjs', 'markets.e2e.mjs'],
    ['outbox-soak.e2e.mjs'],
  ]);
  expect(rest).toContainEqual(['configurator-feedback.e2e.mjs', 'configurator.e2e.mjs', 'markets.e2e.mjs']);
  const others = suites.filter((f) => !first!.flat().includes(f) && !load!.flat().includes(f));
  expect(rest!.flat().sort()).toEqual(others.sort());
  // The others start once the backoffice suite has seen the empty list; the load suites wait for all of them.
  expect([first, rest, load].map((phase) => seesEmptyList(phase!))).toEqual([true, false, false]);
});

it('keeps the rules for a subset: no empty phase, the storeless suites beside the others without the backoffice', () => {
  expect(suitePhases(['layouts.e2e.mjs', 'api-docs.e2e.mjs'])).toEqual([[['api-docs.e2e.mjs'], ['layouts.e2e.mjs']]]);
  expect(suitePhases(['configurator.e2e.mjs'])).toEqual([[['configurator.e2e.mjs']]]);
  expect(suitePhases(['quotes.e2e.mjs', 'backoffice.e2e.mjs'])).toEqual([[['backoffice.e2e.mjs']], [['quotes.e2e.mjs']]]);
});
