import { describe, expect, it } from 'vitest';
import { errorsFor, instantiate } from '../../../src/lang/instantiate';
import type { Expr } from '../../../src/lang/ir';
import {
  at,
  attr,
  bin,
  bool,
  call,
  cond,
  evaluate,
  field,
  iff,
  inList,
  neg,
  not,
  num,
  option,
  outputsOf,
  product,
  ref,
  str,
  withOutputs,
} from './build';

const b2n = (e: Expr): Expr => iff(e, num(1), num(0));

describe('operators', () => {
  it('arithmetic', () => {
    const ev = evaluate(
      withOutputs({
        add: bin('+', num(0.1), num(0.2)),
        sub: bin('-', num(5), num(7)),
        mul: bin('*', num(1.5), num(4)),
        div: bin('/', num(7), num(2)),
        neg: neg(num(3)),
      }),
    );
    expect(outputsOf(ev)).toEqual({ add: 0.3, sub: -2, mul: 6, div: 3.5, neg: -3 });
  });

  it('output values are served without binary float noise; computations keep full precision', () => {
    expect(4.4 * 1.08).not.toBe(4.752);
    const ev = evaluate(
      withOutputs({
        noisy: bin('*', num(4.4), num(1.08)),
        exact: b2n(bin('==', bin('+', num(0.1), num(0.2)), num(0.3))),
      }),
    );
    expect(outputsOf(ev)).toEqual({ noisy: 4.752, exact: 0 });
  });

  it('comparisons on numbers and strings, boolean logic, if and in', () => {
    const ev = evaluate(
      withOutputs({
        lt: b2n(bin('<', num(1), num(2))),
        le: b2n(bin('<=', num(2), num(2))),
        gt: b2n(bin('>', num(1), num(2))),
        ge: b2n(bin('>=', num(1), num(2))),
        eq: b2n(bin('==', str('a'), str('a'))),
        ne: b2n(bin('!=', num(1), num(1))),
        dates: b2n(bin('<', str('2024-01-31'), str('2024-02-01'))),
        and: b2n(bin('and', bool(true), bool(false))),
        or: b2n(bin('or', bool(true), bool(false))),
        not: b2n(not(bool(false))),
        in: b2n(inList(str('b'), [str('a'), str('b')])),
        notIn: b2n(inList(str('b'), [str('a'), str('b')], true)),
        inExprs: b2n(inList(num(4), [bin('+', num(1), num(3)), num(9)])),
      }),
    );
    expect(outputsOf(ev)).toEqual({
      lt: 1,
      le: 1,
      gt: 0,
      ge: 0,
      eq: 1,
      ne: 0,
      dates: 1,
      and: 0,
      or: 1,
      not: 1,
      in: 1,
      notIn: 0,
      inExprs: 1,
    });
  });

  it('and, or and if evaluate lazily: the branch not taken cannot fail', () => {
    const boom = bin('>', bin('/', num(1), num(0)), num(0));
    const ev = evaluate(
      withOutputs({
        and: b2n(bin('and', bool(false), boom)),
        or: b2n(bin('or', bool(true), boom)),
        if: iff(bool(true), num(1), bin('/', num(1), num(0))),
      }),
    );
    expect(ev.errors).toEqual([]);
    expect(outputsOf(ev)).toEqual({ and: 0, or: 1, if: 1 });
  });

  it('quantity, lets and option attributes', () => {
    const ir = withOutputs(
      { total: bin('*', ref('area'), ref('quantity')), extra: attr('colour', 'price') },
      {
        fields: [
          field('width', 'number', { min: 100, max: 2000 }),
          field('colour', 'swatch', { options: [option('white', { price: 0 }), option('oak', { price: 14 })] }),
        ],
        lets: { area: bin('*', ref('width'), num(2)) },
      },
    );
    expect(outputsOf(evaluate(ir, { width: 300, colour: 'oak' }, 3))).toEqual({ total: 1800, extra: 14 });
    expect(outputsOf(evaluate(ir, {}, 1))).toEqual({ total: 200, extra: 0 });
  });
});

describe('arithmetic errors', () => {
  it('division by zero names line and column', () => {
    const ev = evaluate(withOutputs({ x: bin('/', num(1), num(0), at(4, 9)) }));
    expect(ev.errors).toEqual([{ code: 'R_DIV_ZERO', message: 'Division by zero', line: 4, column: 9, because: {} }]);
    expect(ev.outputs.get('out')?.size).toBe(0);
  });

  it('overflow is R_NOT_FINITE', () => {
    for (const op of ['*', '+', '-'] as const) {
      const big = op === '-' ? neg(num(1e308)) : num(1e308);
      const ev = evaluate(
        withOutputs({ x: bin(op, big, op === '*' ? num(10) : op === '+' ? num(1e308) : num(1e308), at(2, 5)) }),
      );
      expect(ev.errors.map((e) => e.code)).toEqual(['R_NOT_FINITE']);
      expect(ev.errors[0]).toMatchObject({ line: 2, column: 5 });
    }
  });

  it('a failing let is reported once, however many places read it', () => {
    const ir = withOutputs(
      { a: ref('bad'), b: bin('+', ref('bad'), num(1)) },
      {
        lets: { bad: bin('/', num(1), num(0), at(8, 1)) },
        rules: [{ id: 'r', severity: 'warning', when: bin('>', ref('bad'), num(0)), message: { en: 'x' } }],
      },
    );
    const ev = evaluate(ir);
    expect(ev.errors.map((e) => e.code)).toEqual(['R_DIV_ZERO']);
    expect(ev.warnings).toEqual([]);
  });

  it('a dependency cycle in a malformed IR is an error, not a stack overflow', () => {
    const ir = withOutputs({ x: ref('a') }, { lets: { a: bin('+', ref('b'), num(1)), b: ref('a') } });
    const ev = evaluate(ir);
    expect(ev.errors.map((e) => e.code)).toEqual(['R_CYCLE']);
  });

  it('instantiate rejects references to things that do not exist', () => {
    expect(() => instantiate(withOutputs({ x: ref('nope') }))).toThrow(/unknown name nope/);
    expect(() => instantiate(withOutputs({ x: call('nope', [num(1)]) }))).toThrow(/nope\(\)/);
    expect(() => instantiate(withOutputs({ x: call('sqrt', []) }))).toThrow(/sqrt\(\)/);
  });
});

describe('lazy evaluation and memoization', () => {
  it('a let is computed once per evaluation and fresh for the next one', () => {
    const ir = withOutputs(
      { a: ref('double'), b: ref('double'), c: bin('+', ref('double'), ref('double')) },
      { fields: [field('n', 'number')], lets: { double: bin('*', ref('n'), num(2)) } },
    );
    const model = instantiate(ir);
    const first = model.evaluate({ configuration: { n: 2 }, quantity: 1, lang: 'en' });
    const second = model.evaluate({ configuration: { n: 5 }, quantity: 1, lang: 'en' });
    expect(outputsOf(first)).toEqual({ a: 4, b: 4, c: 8 });
    expect(outputsOf(second)).toEqual({ a: 10, b: 10, c: 20 });
  });

  it('an error in one evaluation does not stick to the next', () => {
    const ir = withOutputs({ x: bin('/', num(10), ref('n')) }, { fields: [field('n', 'number')] });
    const model = instantiate(ir);
    const failed = model.evaluate({ configuration: { n: 0 }, quantity: 1, lang: 'en' });
    expect(errorsFor(failed, null)[0]?.code).toBe('R_DIV_ZERO');
    const ok = model.evaluate({ configuration: { n: 4 }, quantity: 1, lang: 'en' });
    expect(ok.errors).toEqual([]);
    expect(outputsOf(ok)).toEqual({ x: 2.5 });
  });

  it('output items whose when is false are left out', () => {
    const ir = product({
      outputs: [
        {
          id: 'bom',
          internal: true,
          items: [
            { id: 'kept', value: num(1), when: bool(true) },
            { id: 'dropped', value: num(2), when: bool(false) },
          ],
        },
        { id: 'empty', internal: false, items: [] },
      ],
    });
    const ev = evaluate(ir);
    expect([...ev.outputs.keys()]).toEqual(['bom', 'empty']);
    expect(outputsOf(ev, 'bom')).toEqual({ kept: 1 });
  });

  it('conditions of groups and fields see effective values', () => {
    const ir = product({
      groups: [
        { id: 'extras', label: { en: 'Extras' }, order: 1, visibleWhen: cond(bin('>', ref('width'), num(1000))) },
        { id: 'main', label: { en: 'Main' }, order: 2 },
      ],
      fields: [
        field('width', 'number', { min: 400, max: 3000, default: 800 }),
        field('sill', 'checkbox', { group: 'extras' }),
        field('depth', 'number', { group: 'extras', visibleWhen: cond(ref('sill')), default: 150 }),
      ],
    });
    const narrow = evaluate(ir, { sill: true, depth: 225 });
    expect(narrow.groups.find((g) => g.id === 'extras')?.visible).toBe(false);
    expect(narrow.fields.map((f) => [f.id, f.visible, f.value])).toEqual([
      ['width', true, 800],
      ['sill', false, false],
      ['depth', false, 0],
    ]);
    const wide = evaluate(ir, { width: 1200, sill: true, depth: 225 });
    expect(wide.fields.map((f) => [f.id, f.visible, f.value])).toEqual([
      ['width', true, 1200],
      ['sill', true, true],
      ['depth', true, 225],
    ]);
  });
});
