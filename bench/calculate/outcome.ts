// What every implementation of an example computes, in one shape, so that they can be compared with deepEqual.
// Money goes through the runtime's own helpers: the benchmark compares evaluation, not rounding.
import type { Evaluation, Issue as RuntimeIssue } from '../../src/lang/instantiate';

/** An issue as the peers compute it: what fired and its message; where and why (line, column, because) are ours alone. */
export type Issue = Pick<RuntimeIssue, 'code' | 'message' | 'field' | 'rule'>;

import { minorScale, type Tier, toMajor, toMinor, totals } from '../../src/lang/runtime/money';
import { formatNumber } from '../../src/lang/runtime/numeric';

export type Val = number | string | boolean | readonly string[];

export interface FieldOut {
  id: string;
  visible: boolean;
  enabled: boolean;
  value: Val;
}

export interface LineOut {
  id: string;
  kind: 'line' | 'surcharge' | 'discount';
  per: 'unit' | 'order';
  label: string;
  amount: number;
}

export interface PriceOut {
  currency: string;
  unit: number;
  charges: number;
  subtotal: number;
  discount: number;
  total: number;
  lines: LineOut[];
}

export interface Outcome {
  fields: FieldOut[];
  price: PriceOut | null;
  outputs: Record<string, Record<string, number>>;
  errors: Issue[];
  warnings: Issue[];
}

/** The runtime's Evaluation in the common shape (outside the timed code). */
export function fromEvaluation(e: Evaluation): Outcome {
  return {
    fields: e.fields.map(({ id, visible, enabled, value }) => ({ id, visible, enabled, value })),
    price: e.price && { ...e.price, lines: e.price.lines.map((l) => ({ ...l })) },
    outputs: Object.fromEntries([...e.outputs].map(([id, items]) => [id, Object.fromEntries(items)])),
    errors: e.errors.map(peerIssue),
    warnings: e.warnings.map(peerIssue),
  };
}

function peerIssue(i: RuntimeIssue): Issue {
  return issue(i.code, i.message, i.field, i.rule);
}

export function issue(code: string, message: string, field?: string, rule?: string): Issue {
  const out: Issue = { code, message };
  if (field !== undefined) out.field = field;
  if (rule !== undefined) out.rule = rule;
  return out;
}

/** A fired rule, as the runtime reports it. */
export const ruleIssue = (rule: string, message: string, field?: string): Issue => issue('RULE', message, field, rule);

/** How rule messages print numbers. */
export const show = (v: Val): string => (typeof v === 'number' ? formatNumber(v) : String(v));

/** Price lines collected in integer minor units, as the runtime does, then the totals. */
export class Bill {
  readonly lines: LineOut[] = [];
  private unit = 0;
  private charges = 0;
  private readonly scale: number;

  constructor(minorUnits: number) {
    this.scale = minorScale(minorUnits);
  }

  /** `perOrder`: charged once per order (a per_order line), not per unit. */
  add(id: string, kind: 'line' | 'surcharge', label: string, amount: number, perOrder = false): void {
    const minor = toMinor(amount, this.scale);
    if (minor === undefined) throw new Error(`price line ${id} overflows`);
    if (perOrder) this.charges += minor;
    else this.unit += minor;
    this.lines.push({ id, kind, per: perOrder ? 'order' : 'unit', label, amount: toMajor(minor, this.scale) });
  }

  /** The price, or null after reporting a negative unit price. `tiers`: highest threshold first. */
  close(currency: string, quantity: number, tiers: readonly Tier[], errors: Issue[]): PriceOut | null {
    const mu = this.scale;
    if (this.unit < 0) {
      errors.push(issue('R_NEGATIVE_PRICE', `The unit price is negative (${toMajor(this.unit, mu)} ${currency})`));
      return null;
    }
    const t = totals(this.unit, quantity, tiers, this.charges);
    if (t === undefined) throw new Error('price overflows');
    if (t.discount !== 0)
      this.lines.push({
        id: 'quantity_discount',
        kind: 'discount',
        per: 'order',
        label: 'Quantity discount',
        amount: toMajor(-t.discount, mu),
      });
    return {
      currency,
      unit: toMajor(this.unit, mu),
      charges: toMajor(this.charges, mu),
      subtotal: toMajor(t.subtotal, mu),
      discount: toMajor(t.discount, mu),
      total: toMajor(t.total, mu),
      lines: this.lines,
    };
  }
}
