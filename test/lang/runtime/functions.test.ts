import { describe, expect, it } from 'vitest';
import type { Expr } from '../../../src/lang/ir';
import { at, call, evaluate, field, num, outputsOf, ref, str, withOutputs } from './build';

/** The value of one expression, computed as an output item. */
function value(e: Expr): number {
  const ev = evaluate(withOutputs({ x: e }));
  expect(ev.errors).toEqual([]);
  return outputsOf(ev).x as number;
}

function failure(e: Expr) {
  const ev = evaluate(withOutputs({ x: e }));
  expect(ev.outputs.get('out')?.has('x')).toBe(false);
  expect(ev.errors).toHaveLength(1);
  return ev.errors[0]!;
}

const f = (fn: string, ...args: number[]) => call(fn, args.map(num));

describe('built-in functions', () => {
  it('min and max are variadic', () => {
    expect(value(f('min', 3))).toBe(3);
    expect(value(f('min', 3, 1))).toBe(1);
    expect(value(f('min', 3, 1, -2, 5))).toBe(-2);
    expect(value(f('max', 3, 1))).toBe(3);
    expect(value(f('max', 3, 1, 7, 5))).toBe(7);
  });

  it('round, with and without places, half away from zero', () => {
    expect(value(f('round', 2.5))).toBe(3);
    expect(value(f('round', -2.5))).toBe(-3);
    expect(value(f('round', 1.005, 2))).toBe(1.01);
    expect(value(f('round', 1562.05))).toBe(1562);
    expect(value(f('round', 1250, -2))).toBe(1300);
  });

  it('ceil and floor ignore binary artefacts', () => {
    expect(value(f('ceil', 9.24))).toBe(10);
    expect(value(f('floor', 9.99))).toBe(9);
    expect(value(f('ceil', 0.1 * 3 * 10))).toBe(3);
    expect(value(f('floor', -0.5))).toBe(-1);
  });

  it('abs, sqrt, clamp, pow, mod', () => {
    expect(value(f('abs', -4.5))).toBe(4.5);
    expect(value(f('sqrt', 2440000))).toBeCloseTo(1562.0499, 3);
    expect(value(f('clamp', 5, 0, 3))).toBe(3);
    expect(value(f('clamp', -5, 0, 3))).toBe(0);
    expect(value(f('clamp', 2, 0, 3))).toBe(2);
    expect(value(f('pow', 2, 10))).toBe(1024);
    expect(value(f('pow', 9, 0.5))).toBe(3);
    expect(value(f('mod', 7, 3))).toBe(1);
    expect(value(f('mod', -7, 3))).toBe(2);
    expect(value(f('mod', 0.3, 0.1))).toBe(0);
  });

  it('ceil_to and floor_to are float-safe', () => {
    expect(value(f('ceil_to', 2.3, 0.1))).toBe(2.3);
    expect(value(f('ceil_to', 4.752, 0.1))).toBe(4.8);
    expect(value(f('floor_to', 4.752, 0.1))).toBe(4.7);
    expect(value(f('ceil_to', 1001, 250))).toBe(1250);
    expect(value(f('floor_to', 1001, 250))).toBe(1000);
  });

  it('len counts characters of a string value', () => {
    const ir = withOutputs(
      { plain: call('len', [ref('note')]), literal: call('len', [str('😀€a')]) },
      { fields: [field('note', 'text')] },
    );
    const ev = evaluate(ir, { note: 'héllo' });
    expect(outputsOf(ev)).toEqual({ plain: 5, literal: 3 });
  });
});

describe('evaluation errors in functions', () => {
  it('sqrt of a negative number is R_NOT_FINITE at its position', () => {
    const e = failure(call('sqrt', [num(-1)], at(7, 12)));
    expect(e.code).toBe('R_NOT_FINITE');
    expect(e).toMatchObject({ line: 7, column: 12 });
    expect(e.message).not.toContain('line');
  });

  it('pow overflowing or giving NaN is R_NOT_FINITE', () => {
    expect(failure(call('pow', [num(10), num(400)], at(2, 3))).code).toBe('R_NOT_FINITE');
    expect(failure(call('pow', [num(-8), num(1 / 3)], at(2, 3))).code).toBe('R_NOT_FINITE');
  });

  it('mod, ceil_to and floor_to by zero are R_DIV_ZERO', () => {
    for (const fn of ['mod', 'ceil_to', 'floor_to']) {
      const e = failure(call(fn, [num(5), num(0)], at(3, 4)));
      expect(e.code).toBe('R_DIV_ZERO');
      expect(e).toMatchObject({ message: 'Division by zero', line: 3, column: 4 });
    }
  });

  it('round with places too fine to overflow into a non-finite value', () => {
    expect(value(f('round', 1e300, 300))).toBe(1e300);
  });
});
