import { roundHalfAway } from '../lang/runtime/numeric';
import type { LineDiscount, QuoteDiscount } from './shapes';

// A quote's totals in integer minor units (docs/api.md, "Money"): the items' totals are already rounded, and so
// is each line discount (once), so the subtotal is an exact sum; the quote's percent discount is rounded once,
// half away from zero; an amount never exceeds what it is taken off, so no total is ever negative.

export interface QuoteTotals {
  /** After the line discounts. */
  subtotalMinor: number;
  lineDiscountMinor: number;
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
    line_discounts: majorOf(q.lineDiscountMinor, q.minorUnits),
    discount: majorOf(q.discountMinor, q.minorUnits),
    total: majorOf(q.totalMinor, q.minorUnits),
  };
}

/** An item's line discount and its price after it as served (the API, webhook events): major units. */
export function majorLine(i: LineTotals & { discount: LineDiscount | null; priced: { minor_units: number } }) {
  const major = (minor: number) => majorOf(minor, i.priced.minor_units);
  return {
    line_discount: i.discount && { ...i.discount, amount: major(i.discountMinor) },
    net_price: major(i.totalMinor - i.discountMinor),
  };
}

/**
 * What a discount takes off an amount, in minor units: a percent rounded once, half away from zero; an amount
 * never more than the amount itself, so nothing discounted is ever negative. Nothing is taken off an amount ≤ 0.
 */
export function discountOff(baseMinor: number, discount: LineDiscount | null, minorUnits: number): number {
  if (!discount || baseMinor <= 0) return 0;
  if (discount.type === 'percent') return mulDivRound(baseMinor, Math.round(discount.value * 100), 10_000);
  return Math.min(minorOf(discount.value, minorUnits), baseMinor);
}

/** An item's price and its line discount in minor units (quote_items.total_minor, discount_minor). */
export interface LineTotals {
  totalMinor: number;
  discountMinor: number;
}

/**
 * The subtotal is the items' prices after their line discounts; the quote's discount is taken off that subtotal
 * (docs/quotes.md, "Line discounts").
 */
export function quoteTotals(lines: readonly LineTotals[], discount: QuoteDiscount | null, minorUnits: number): QuoteTotals {
  const lineDiscountMinor = lines.reduce((sum, l) => sum + l.discountMinor, 0);
  const subtotalMinor = lines.reduce((sum, l) => sum + l.totalMinor, 0) - lineDiscountMinor;
  const discountMinor = discountOff(subtotalMinor, discount, minorUnits);
  return { subtotalMinor, lineDiscountMinor, discountMinor, totalMinor: subtotalMinor - discountMinor };
}

/**
 * All the discount a quote gives (its line discounts and its own) and the subtotal before any of it: what the
 * approval threshold weighs, and what an approval records.
 */
export const givenDiscount = (t: QuoteTotals) => ({
  discountMinor: t.lineDiscountMinor + t.discountMinor,
  subtotalMinor: t.subtotalMinor + t.lineDiscountMinor,
});

/**
 * Whether a quote's discount needs an admin's approval: the share of all the discount given (givenDiscount)
 * exceeds the store's threshold (basis points) and the share an admin last approved for this quote. Compared by
 * cross-multiplying, exactly.
 */
export function needsApproval(
  totals: QuoteTotals,
  thresholdBp: number | null,
  approved: { discountMinor: number | null; subtotalMinor: number | null },
): boolean {
  const given = givenDiscount(totals);
  if (thresholdBp === null || given.discountMinor === 0) return false;
  const discount = BigInt(given.discountMinor);
  const subtotal = BigInt(given.subtotalMinor);
  if (discount * 10_000n <= BigInt(thresholdBp) * subtotal) return false;
  if (approved.discountMinor === null || approved.subtotalMinor === null) return true;
  return discount * BigInt(approved.subtotalMinor) > BigInt(approved.discountMinor) * subtotal;
}
