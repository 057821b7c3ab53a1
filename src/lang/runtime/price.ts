// The price: line amounts rounded once to the minor unit, then integer arithmetic (money.ts).
import { toMajor, toMinor, totals } from './money';
import type { Run } from './run';
import type { Price, PriceLine } from './types';

function overflow(run: Run): null {
  run.error('R_NOT_FINITE', 'R_PRICE_OVERFLOW', {});
  return null;
}

/** The price, or null after reporting why there is none. */
export function price(run: Run): Price | null {
  const { m, c, pack } = run;
  const { lines: compiled, minorScale: scale } = m;
  const before = run.errors.length;
  const lines: PriceLine[] = [];
  let unit = 0;
  let charges = 0;
  let k = 0;
  while (k < compiled.length) {
    try {
      for (; k < compiled.length; k++) {
        const line = compiled[k]!;
        if (line.when !== undefined && line.when(c) !== true) continue;
        const minor = toMinor(line.amount(c) as number, scale);
        if (minor === undefined) return overflow(run);
        const once = line.ir.perOrder === true;
        if (once) charges += minor;
        else unit += minor;
        if (!Number.isSafeInteger(unit) || !Number.isSafeInteger(charges)) return overflow(run);
        const per = once ? 'order' : 'unit';
        lines.push({ id: line.ir.id, kind: line.ir.kind, per, label: pack.lineLabels[k]!, amount: toMajor(minor, scale) });
      }
    } catch (e) {
      k++;
      run.fail(e);
    }
  }
  if (run.errors.length > before) return null;
  if (unit < 0) {
    const amount = String(toMajor(unit, scale));
    run.error('R_NEGATIVE_PRICE', 'R_NEGATIVE_PRICE', { amount, currency: m.ir.currency });
    return null;
  }
  const t = totals(unit, c.quantity, m.tiers, charges);
  if (t === undefined) return overflow(run);
  if (t.total < 0) {
    // A per-order credit larger than the order.
    run.error('R_NEGATIVE_PRICE', 'NEGATIVE_TOTAL', { amount: String(toMajor(t.total, scale)), currency: m.ir.currency });
    return null;
  }
  if (t.discount !== 0) {
    const label = pack.messages.DISCOUNT;
    lines.push({ id: 'quantity_discount', kind: 'discount', per: 'order', label, amount: toMajor(-t.discount, scale) });
  }
  return {
    currency: m.ir.currency,
    unit: toMajor(unit, scale),
    charges: toMajor(charges, scale),
    subtotal: toMajor(t.subtotal, scale),
    discount: toMajor(t.discount, scale),
    total: toMajor(t.total, scale),
    lines,
  };
}
