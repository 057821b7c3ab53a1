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
  let k = 0;
  while (k < compiled.length) {
    try {
      for (; k < compiled.length; k++) {
        const line = compiled[k]!;
        if (line.when !== undefined && line.when(c) !== true) continue;
        const minor = toMinor(line.amount(c) as number, scale);
        if (minor === undefined) return overflow(run);
        unit += minor;
        if (!Number.isSafeInteger(unit)) return overflow(run);
        lines.push({ id: line.ir.id, kind: line.ir.kind, label: pack.lineLabels[k]!, amount: toMajor(minor, scale) });
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
  const t = totals(unit, c.quantity, m.tiers);
  if (t === undefined) return overflow(run);
  if (t.discount !== 0) {
    lines.push({ id: 'quantity_discount', kind: 'discount', label: pack.messages.DISCOUNT, amount: toMajor(-t.discount, scale) });
  }
  return {
    currency: m.ir.currency,
    unit: toMajor(unit, scale),
    subtotal: toMajor(t.subtotal, scale),
    discount: toMajor(t.discount, scale),
    total: toMajor(t.total, scale),
    lines,
  };
}
