// The step grid is exact in decimal: on-grid values of any magnitude are accepted, off-grid ones refused, by the
// checker (defaults) and the runtime (sent values) alike.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/lang/index';
import { onStepGrid } from '../../../src/lang/runtime/numeric';
import { evaluate, field, product } from './build';

/** thousandths → the decimal text it is (-1234567 → "-1234.567"), so the double is built from exact decimal. */
function milli(n: bigint): number {
  const sign = n < 0n ? '-' : '';
  const a = n < 0n ? -n : n;
  return Number(`${sign}${a / 1000n}.${String(a % 1000n).padStart(3, '0')}`);
}

const LIMIT = 10n ** 15n; // 1e12 in thousandths

/** base, step (0.001 … 1000) and a value base + k·step with 1e-3 ≤ |value| < 1e12, all in thousandths. */
const grid = fc
  .record({
    step: fc.bigInt({ min: 1n, max: 1_000_000n }),
    base: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
    target: fc.bigInt({ min: -LIMIT + 1n, max: LIMIT - 1n }),
  })
  .map(({ step, base, target }) => {
    const k = (target - base) / step;
    return { step, base, value: base + k * step };
  })
  .filter(({ value }) => value !== 0n && value > -LIMIT && value < LIMIT);

describe('onStepGrid', () => {
  it('accepts base + k·step for magnitudes 1e-3 … 1e12 and steps 0.001 … 1000', () => {
    fc.assert(
      fc.property(grid, ({ step, base, value }) => onStepGrid(milli(value), milli(base), milli(step))),
      { numRuns: 20_000 },
    );
  });

  it('refuses values between two grid points', () => {
    const offGrid = grid
      .filter(({ step }) => step >= 2n)
      .chain((g) => fc.bigInt({ min: 1n, max: g.step - 1n }).map((d) => ({ ...g, value: g.value + d })))
      .filter(({ value }) => value !== 0n && value > -LIMIT && value < LIMIT);
    fc.assert(
      fc.property(offGrid, ({ step, base, value }) => !onStepGrid(milli(value), milli(base), milli(step))),
      { numRuns: 20_000 },
    );
  });

  it('accepts the values a float tolerance refused from 1e6 on', () => {
    expect(onStepGrid(624596.08, 0, 0.01)).toBe(true);
    expect(onStepGrid(1234567.35, 0, 0.05)).toBe(true);
    expect(onStepGrid(99999999.9, 0, 0.1)).toBe(true);
    expect(onStepGrid(1234567.36, 0, 0.05)).toBe(false);
    // Float noise of a client that added 0.1 three times is on the grid; a 15-digit off-grid value is not.
    expect(onStepGrid(0.1 + 0.2, 0, 0.1)).toBe(true);
    expect(onStepGrid(0.30000000000001, 0, 0.1)).toBe(false);
    expect(onStepGrid(-0.35, 0.05, 0.1)).toBe(true);
    expect(onStepGrid(1e-7, 0, 1e-7)).toBe(true);
  });
});

describe('one grid for the checker and the runtime', () => {
  it('a default of 624596.08 on a 0.01 step is valid, and so is the same value sent', () => {
    const source = 'product "P" {}\nfield amount: number { label: "Amount", step: 0.01, default: 624596.08 }\n';
    expect(analyze(source).diagnostics).toEqual([]);
    const ir = product({ fields: [field('amount', 'number', { step: 0.01 })] });
    expect(evaluate(ir, { amount: 624596.08 }).errors).toEqual([]);
    expect(evaluate(ir, { amount: '8734612.17' }).errors).toEqual([]);
    expect(evaluate(ir, { amount: 624596.085 }).errors.map((e) => e.code)).toEqual(['OFF_STEP']);
  });
});
