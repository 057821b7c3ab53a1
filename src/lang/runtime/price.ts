// The price: line amounts rounded once to the minor unit, then integer arithmetic (money.ts).
import type { MessageKey } from './catalog';
import type { CompiledModel } from './compiled-model';
import type { Ctx } from './context';
import type { Params } from './messages';
import { type Totals, toMajor, toMinor, totals } from './money';
import type { Run } from './run';
import type { Price, PriceLine } from './types';

/** Why the lines' amounts give no price: an error calculate reports (a negative or unrepresentable total). */
export interface Refusal {
  code: 'R_NEGATIVE_PRICE' | 'R_NOT_FINITE';
  key: MessageKey;
  params: Params;
}

const OVERFLOW: Refusal = { code: 'R_NOT_FINITE', key: 'R_PRICE_OVERFLOW', params: {} };

/** Line amounts summed in minor units, per unit and per order. */
class Sums {
  unit = 0;
  charges = 0;

  /** Adds a line's amount: its minor units, or undefined when it or a sum leaves the safe integers. */
  add(amount: number, perOrder: boolean, scale: number): number | undefined {
    const minor = toMinor(amount, scale);
    if (minor === undefined) return undefined;
    if (perOrder) this.charges += minor;
    else this.unit += minor;
    return Number.isSafeInteger(this.unit) && Number.isSafeInteger(this.charges) ? minor : undefined;
  }

  /** The totals at `quantity`, or why there are none. */
  settle(m: CompiledModel, quantity: number): Totals | Refusal {
    const scale = m.minorScale;
    if (this.unit < 0) {
      return {
        code: 'R_NEGATIVE_PRICE',
        key: 'R_NEGATIVE_PRICE',
        params: { amount: String(toMajor(this.unit, scale)), currency: m.ir.currency },
      };
    }
    const t = totals(this.unit, quantity, m.tiers, this.charges);
    if (t === undefined) return OVERFLOW;
    // A per-order credit larger than the order.
    if (t.total < 0) {
      return {
        code: 'R_NEGATIVE_PRICE',
        key: 'NEGATIVE_TOTAL',
        params: { amount: String(toMajor(t.total, scale)), currency: m.ir.currency },
      };
    }
    return t;
  }
}

/**
 * Why the lines that apply on the loaded configuration give no price, or undefined when they give one: the price
 * as the configurator's search checks it (configure/evaluation.ts). A line's fault is thrown.
 */
export function priceRefusal(m: CompiledModel, c: Ctx): Refusal | undefined {
  const t = loadedTotals(m, c);
  return 'code' in t ? t : undefined;
}

/**
 * The total of the lines that apply on the loaded configuration, in minor units, or undefined when they give none:
 * what soft defaults compare a choice field's options by (configure/pricing.ts). A line's fault is thrown.
 */
export function loadedTotal(m: CompiledModel, c: Ctx): number | undefined {
  const t = loadedTotals(m, c);
  return 'code' in t ? undefined : t.total;
}

function loadedTotals(m: CompiledModel, c: Ctx): Totals | Refusal {
  const sums = new Sums();
  for (const line of m.lines) {
    if (line.when !== undefined && line.when(c) !== true) continue;
    if (sums.add(line.amount(c) as number, line.ir.perOrder === true, m.minorScale) === undefined) return OVERFLOW;
  }
  return sums.settle(m, c.quantity);
}

/** The price, or null after reporting why there is none. */
export function price(run: Run): Price | null {
  const { m, c, pack } = run;
  const { lines: compiled, minorScale: scale } = m;
  const before = run.errors.length;
  const lines: PriceLine[] = [];
  const sums = new Sums();
  let k = 0;
  while (k < compiled.length) {
    try {
      for (; k < compiled.length; k++) {
        const line = compiled[k]!;
        if (line.when !== undefined && line.when(c) !== true) continue;
        const once = line.ir.perOrder === true;
        const minor = sums.add(line.amount(c) as number, once, scale);
        if (minor === undefined) return refuse(run, OVERFLOW);
        const per = once ? 'order' : 'unit';
        lines.push({ id: line.ir.id, kind: line.ir.kind, per, label: pack.lineLabels[k]!, amount: toMajor(minor, scale) });
      }
    } catch (e) {
      k++;
      run.fail(e);
    }
  }
  if (run.errors.length > before) return null;
  const t = sums.settle(m, c.quantity);
  if ('code' in t) return refuse(run, t);
  if (t.discount !== 0) {
    const label = pack.messages.DISCOUNT;
    lines.push({ id: 'quantity_discount', kind: 'discount', per: 'order', label, amount: toMajor(-t.discount, scale) });
  }
  return {
    currency: m.ir.currency,
    unit: toMajor(sums.unit, scale),
    charges: toMajor(sums.charges, scale),
    subtotal: toMajor(t.subtotal, scale),
    discount: toMajor(t.discount, scale),
    total: toMajor(t.total, scale),
    lines,
  };
}

function refuse(run: Run, r: Refusal): null {
  run.error(r.code, r.key, r.params);
  return null;
}
