// bench/calculate/closures-only.ts, the "closures only" column of `npm run bench -- ab`: it must run every closure
// of a model (slots, then lines, rules, constraints and output items), so that its time is theirs.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closuresOnly } from '../../bench/calculate/closures-only';
import { WORKLOADS } from '../../bench/calculate/configs';
import { analyze } from '../../src/lang/index';
import { bin, cond, field, num, product, ref } from './runtime/build';

describe('closures only', () => {
  it('runs the benchmark orders of every example without a fault', () => {
    const ids = Object.keys(WORKLOADS);
    expect(ids.length).toBe(6);
    for (const id of ids) {
      const { ir } = analyze(readFileSync(`examples/${id}.cpq`, 'utf8'));
      const { orders } = WORKLOADS[id]!;
      const run = closuresOnly(ir!, orders);
      expect(orders.map(run), id).toEqual(orders.map(() => 0));
    }
  });

  it('runs the slots and units nothing in the answer would read, counting each fault once per unit', () => {
    const byZero = bin('/', ref('n'), ref('zero'));
    const ir = product({
      fields: [
        field('zero', 'number'),
        field('n', 'number', { default: 5 }),
        field('hidden_by_fault', 'number', { visibleWhen: cond(bin('>', byZero, num(0))) }),
      ],
      lets: { unused: byZero },
      rules: [
        { id: 'r', severity: 'warning', message: { en: 'm' }, when: bin('>', ref('unused'), num(1)), at: { line: 1, column: 1 } },
      ],
    });
    const order = { configuration: { zero: 0 }, quantity: 1 };
    // The visible_when slot, the field that reads it, the let and the rule: four units fail on the one division.
    expect(closuresOnly(ir, [order])(order)).toBe(4);
    const fine = { configuration: { zero: 2 }, quantity: 1 };
    expect(closuresOnly(ir, [fine])(fine)).toBe(0);
  });
});
