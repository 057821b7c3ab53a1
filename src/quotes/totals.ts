import { roundHalfAway } from '../lang/runtime/numeric';
import type { QuoteDiscount } from './shapes';

// A quote's totals in integer minor units (docs/api.md, "Money"): the items' totals are already rounded, so the
// subtotal is their exact sum; a percent discount is rounded once, half away from zero; an amount never exceeds
// the subtotal, so a total is never negative.

export interface QuoteTotals {
  subtotalMinor: number;
  discountMinor: number;
  totalMinor: number;
}

/** An amount served as a JSON number in major units back in integer minor units (exact: it is minor / 10^digits). */
export function minorOf(major: number, minorUnits: number): number {
  return roundHalfAway(major * 10 ** minorUnits);
}

export function majorOf(minor: number, minorUnits: number): number {
  return minor / 10 ** minorUnits;
}

/**
 * a × b / c rounded half away from zero, for a ≥ 0 and b, c > 0; in BigInt, since basis points × a large amount
 * can pass 2^53 before the division brings it back.
 */
export const mulDivRound = (a: number, b: number, c: number) =>
  Number((2n * BigInt(a) * BigInt(b) + BigInt(c)) / (2n * BigInt(c)));

/** A quote's stored totals as served: major units. */
export function majorTotals(q: QuoteTotals & { minorUnits: number }) {
  return {
    subtotal: majorOf(q.subtotalMinor, q.minorUnits),
    discount: majorOf(q.discountMinor, q.minorUnits),
    total: majorOf(q.totalMinor, q.minorUnits),
  };
}

export function quoteTotals(itemTotals: readonly number[], discount: QuoteDiscount | null, minorUnits: number): QuoteTotals {
  const subtotalMinor = itemTotals.reduce((sum, t) => sum + t, 0);
  let discountMinor = 0;
  if (discount?.type === 'percent') {
    discountMinor = mulDivRound(subtotalMinor, Math.round(discount.value * 100), 10_000);
  } else if (discount?.type === 'amount') {
    discountMinor = Math.min(minorOf(discount.value, minorUnits), subtotalMinor);
  }
  return { subtotalMinor, discountMinor, totalMinor: subtotalMinor - discountMinor };
}

/**
 * Whether a discount needs an admin's approval: its share of the subtotal exceeds the store's threshold (basis
 * points) and the share an admin last approved for this quote. Compared by cross-multiplying, exactly.
 */
export function needsApproval(
  totals: QuoteTotals,
  thresholdBp: number | null,
  approved: { discountMinor: number | null; subtotalMinor: number | null },
): boolean {
  if (thresholdBp === null || totals.discountMinor === 0) return false;
  const discount = BigInt(totals.discountMinor);
  const subtotal = BigInt(totals.subtotalMinor);
  if (discount * 10_000n <= BigInt(thresholdBp) * subtotal) return false;
  if (approved.discountMinor === null || approved.subtotalMinor === null) return true;
  return discount * BigInt(approved.subtotalMinor) > BigInt(approved.discountMinor) * subtotal;
}
