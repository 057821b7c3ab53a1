import { describe, expect, it } from 'vitest';
import type { Expr, LineIR, ProductIR } from '../../../src/lang/ir';
import { minorScale, sortTiers, toMajor, toMinor, totals } from '../../../src/lang/runtime/money';
import { at, attr, bin, bool, evaluate, field, num, product, ref } from './build';

const line = (id: string, amount: Expr, extra: Partial<LineIR> = {}): LineIR => ({
  id,
  kind: 'line',
  label: { en: id, de: `${id} (de)` },
  amount,
  ...extra,
});

function priced(lines: LineIR[], parts: Partial<ProductIR> = {}): ProductIR {
  return product({ ...parts, price: { lines, quantityDiscount: parts.price?.quantityDiscount ?? [] } });
}

describe('money helpers', () => {
  it('rounds a line amount once, half away from zero, after 15 significant digits', () => {
    expect(toMinor(1.005, minorScale(2))).toBe(101);
    expect(toMinor(0.1 + 0.2, minorScale(2))).toBe(30);
    expect(toMinor(-1.005, minorScale(2))).toBe(-101);
    expect(toMinor(66.6, minorScale(2))).toBe(6660);
    expect(toMinor(1234.5, minorScale(0))).toBe(1235);
    expect(toMinor(1.0005, minorScale(3))).toBe(1001);
    expect(toMinor(1e17, minorScale(2))).toBeUndefined();
  });

  it('prints minor amounts without artefacts', () => {
    expect(toMajor(1234, minorScale(2))).toBe(12.34);
    expect(String(toMajor(30, minorScale(2)))).toBe('0.3');
    expect(toMajor(1235, minorScale(0))).toBe(1235);
    expect(toMajor(1001, minorScale(3))).toBe(1.001);
  });

  it('takes the highest discount threshold ≤ quantity and rounds the discount once', () => {
    const tiers = sortTiers([
      { min: 10, rate: 0.05 },
      { min: 25, rate: 0.08 },
    ]);
    expect(totals(1999, 9, tiers)).toEqual({ subtotal: 17991, discount: 0, total: 17991 });
    expect(totals(1999, 10, tiers)).toEqual({ subtotal: 19990, discount: 1000, total: 18990 });
    expect(totals(1999, 24, tiers)).toEqual({ subtotal: 47976, discount: 2399, total: 45577 });
    expect(totals(1999, 25, tiers)).toEqual({ subtotal: 49975, discount: 3998, total: 45977 });
    expect(totals(2 ** 52, 4, tiers)).toBeUndefined();
  });
});

describe('price evaluation', () => {
  it('sums rounded lines in minor units: 0.1 + 0.2 lines make 0.3', () => {
    const ev = evaluate(priced([line('a', num(0.1)), line('b', num(0.2))]), {}, 3);
    expect(ev.price).toEqual({
      currency: 'EUR',
      unit: 0.3,
      charges: 0,
      subtotal: 0.9,
      discount: 0,
      total: 0.9,
      lines: [
        { id: 'a', kind: 'line', per: 'unit', label: 'a', amount: 0.1 },
        { id: 'b', kind: 'line', per: 'unit', label: 'b', amount: 0.2 },
      ],
    });
  });

  it('1.005 is charged 1.01, and each line is rounded before summing', () => {
    const ev = evaluate(priced([line('a', num(1.005)), line('b', num(0.004)), line('c', num(0.004))]));
    expect(ev.price?.unit).toBe(1.01);
    expect(ev.price?.lines.map((l) => l.amount)).toEqual([1.01, 0, 0]);
  });

  it('large quantities stay exact', () => {
    const ir = priced([line('a', num(19.99))], { quantity: { min: 1, max: 1_000_000, step: 1, default: 1 } });
    const ev = evaluate(ir, {}, 999_999);
    expect(ev.price?.subtotal).toBe(19_989_980.01);
    expect(ev.price?.total).toBe(19_989_980.01);
  });

  it('applies the quantity discount, shown as a negative discount line', () => {
    const ir = priced([line('a', num(10.05))], {
      languages: ['en', 'de'],
      price: {
        lines: [],
        quantityDiscount: [
          { min: 5, rate: 0.03 },
          { min: 10, rate: 0.05 },
        ],
      },
    });
    expect(evaluate(ir, {}, 4).price?.discount).toBe(0);
    expect(evaluate(ir, {}, 4).price?.lines.map((l) => l.kind)).toEqual(['line']);
    const ev = evaluate(ir, {}, 7, 'de');
    // 70.35 × 3 % = 2.1105 → 2.11
    expect(ev.price).toMatchObject({ unit: 10.05, subtotal: 70.35, discount: 2.11, total: 68.24 });
    expect(ev.price?.lines.at(-1)).toEqual({
      id: 'quantity_discount',
      kind: 'discount',
      per: 'order',
      label: 'Mengenrabatt',
      amount: -2.11,
    });
    expect(ev.price?.lines[0]?.label).toBe('a (de)');
    expect(evaluate(ir, {}, 10).price).toMatchObject({ subtotal: 100.5, discount: 5.03, total: 95.47 });
  });

  it('JPY has no minor unit', () => {
    const ir = priced([line('a', num(1234.5)), line('b', num(0.4))], { currency: 'JPY', minorUnits: 0 });
    const ev = evaluate(ir, {}, 3);
    expect(ev.price).toMatchObject({ currency: 'JPY', unit: 1235, subtotal: 3705, total: 3705 });
    expect(ev.price?.lines.map((l) => l.amount)).toEqual([1235, 0]);
  });

  it('three-decimal currencies', () => {
    const ir = priced([line('a', num(1.0005))], { currency: 'KWD', minorUnits: 3 });
    expect(evaluate(ir, {}, 2).price).toMatchObject({ unit: 1.001, subtotal: 2.002 });
  });

  it('surcharges and lines with when', () => {
    const ir = priced(
      [
        line('base', num(100)),
        line('colour', num(12.5), { kind: 'surcharge', when: bin('==', ref('colour'), num(1)) }),
        line('never', num(1), { when: bool(false) }),
      ],
      { fields: [field('colour', 'number', { min: 0, max: 1 })] },
    );
    expect(evaluate(ir, { colour: 1 }).price?.lines.map((l) => [l.id, l.kind, l.amount])).toEqual([
      ['base', 'line', 100],
      ['colour', 'surcharge', 12.5],
    ]);
    expect(evaluate(ir, { colour: 0 }).price?.total).toBe(100);
  });

  it('a negative line is allowed, a negative unit price is R_NEGATIVE_PRICE', () => {
    expect(evaluate(priced([line('a', num(10)), line('rebate', num(-4))])).price?.unit).toBe(6);
    const ev = evaluate(priced([line('a', num(10)), line('rebate', num(-14.5))]));
    expect(ev.price).toBeNull();
    expect(ev.errors).toEqual([{ code: 'R_NEGATIVE_PRICE', message: 'The unit price is negative (-4.5 EUR)', because: {} }]);
  });

  it('amounts beyond safe integers are R_NOT_FINITE', () => {
    const huge = evaluate(priced([line('a', num(1e15))]));
    expect(huge.price).toBeNull();
    expect(huge.errors.map((e) => e.code)).toEqual(['R_NOT_FINITE']);
    const ir = priced([line('a', num(1e12))], { quantity: { min: 1, max: 100000, step: 1, default: 1 } });
    const times = evaluate(ir, {}, 100000);
    expect(times.price).toBeNull();
    expect(times.errors.map((e) => e.code)).toEqual(['R_NOT_FINITE']);
  });

  it('a failing line amount makes the price null and names the position', () => {
    const ev = evaluate(priced([line('a', bin('/', num(1), num(0), at(12, 30)))]));
    expect(ev.price).toBeNull();
    expect(ev.errors).toEqual([{ code: 'R_DIV_ZERO', message: 'Division by zero', line: 12, column: 30, because: {} }]);
  });

  it('a per-order charge is added once: 36.00 setup over 33 shirts is 36.00, not 35.97', () => {
    const setup = line('setup', num(36), { perOrder: true });
    const ir = priced([line('print', num(4.5)), setup]);
    const ev = evaluate(ir, {}, 33);
    // 4.50 × 33 = 148.50, + 36.00 once
    expect(ev.price).toMatchObject({ unit: 4.5, charges: 36, subtotal: 184.5, discount: 0, total: 184.5 });
    expect(ev.price?.lines.map((l) => [l.id, l.per, l.amount])).toEqual([
      ['print', 'unit', 4.5],
      ['setup', 'order', 36],
    ]);
  });

  it('the quantity discount is a rate of the per-unit part only, and the total may not go negative', () => {
    const tiers = { lines: [], quantityDiscount: [{ min: 10, rate: 0.1 }] };
    const ir = priced([line('print', num(3.33)), line('setup', num(36), { perOrder: true })], { price: tiers });
    // 3.33 × 12 = 39.96; discount 10 % of 39.96 = 3.996 → 4.00; subtotal 39.96 + 36 = 75.96; total 71.96
    expect(evaluate(ir, {}, 12).price).toMatchObject({ unit: 3.33, charges: 36, subtotal: 75.96, discount: 4, total: 71.96 });
    expect(totals(333, 12, sortTiers([{ min: 10, rate: 0.1 }]), 3600)).toEqual({ subtotal: 7596, discount: 400, total: 7196 });
    const credit = evaluate(priced([line('a', num(10)), line('voucher', num(-25), { perOrder: true })]), {}, 2);
    expect(credit.price).toBeNull();
    expect(credit.errors).toEqual([{ code: 'R_NEGATIVE_PRICE', message: 'The total price is negative (-5 EUR)', because: {} }]);
    expect(evaluate(priced([line('a', num(10)), line('voucher', num(-15), { perOrder: true })]), {}, 2).price?.total).toBe(5);
  });

  it('output items read the price once it is known, and are left out when there is none', () => {
    const readsTotal = { id: 'sales', internal: true, items: [{ id: 'value', value: attr('price', 'total') }] };
    const items = [
      { id: 'setup', value: attr('price', 'setup') },
      { id: 'absent', value: attr('price', 'never') },
      { id: 'unit', value: bin('*', attr('price', 'unit'), num(2)) },
      { id: 'plain', value: num(1) },
    ];
    const ir = priced(
      [line('a', num(10)), line('never', num(5), { when: bool(false) }), line('setup', num(36), { perOrder: true })],
      {
        outputs: [readsTotal, { id: 'more', internal: false, items }],
      },
    );
    const ev = evaluate(ir, {}, 3);
    expect(Object.fromEntries(ev.outputs.get('sales')!)).toEqual({ value: 66 });
    expect(Object.fromEntries(ev.outputs.get('more')!)).toEqual({ setup: 36, absent: 0, unit: 20, plain: 1 });
    const failing = priced([line('a', bin('/', num(1), num(0)))], {
      outputs: [readsTotal, { id: 'more', internal: false, items }],
    });
    const none = evaluate(failing);
    expect(none.price).toBeNull();
    expect(Object.fromEntries(none.outputs.get('sales')!)).toEqual({});
    expect(Object.fromEntries(none.outputs.get('more')!)).toEqual({ plain: 1 });
  });

  it('no lines price at zero', () => {
    expect(evaluate(priced([])).price).toMatchObject({ unit: 0, total: 0, lines: [] });
  });
});
