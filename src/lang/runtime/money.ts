// Money rules: every line amount is rounded once to the currency's minor unit; from there on everything is
// integer arithmetic in minor units, and amounts leave as integerMinor / 10^minorUnits so JSON prints 12.34.
import { roundHalfAway } from './numeric';

/** 10^minorUnits, the number of minor units in a major unit (100 for EUR, 1 for JPY). */
export function minorScale(minorUnits: number): number {
  return 10 ** minorUnits;
}

/** A line amount (major units, straight from the formula) in integer minor units, or undefined if too large. */
export function toMinor(amount: number, scale: number): number | undefined {
  const minor = roundHalfAway(amount * scale);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

export function toMajor(minor: number, scale: number): number {
  // Division by an exact power of ten gives the double nearest the decimal, which prints without artefacts.
  return minor / scale;
}

export interface Tier {
  min: number;
  rate: number;
}

/** Quantity discount tiers, highest threshold first, so the first tier with min ≤ quantity applies. */
export function sortTiers(tiers: readonly Tier[]): Tier[] {
  return [...tiers].sort((a, b) => b.min - a.min);
}

export interface Totals {
  subtotal: number;
  discount: number;
  total: number;
}

/**
 * Subtotal, discount and total in minor units, or undefined when a sum leaves the safe integer range. Per-order
 * charges are added once to the subtotal; the quantity discount is a rate of the per-unit part only.
 */
export function totals(unitMinor: number, quantity: number, tiers: readonly Tier[], chargesMinor = 0): Totals | undefined {
  const units = unitMinor * quantity;
  const subtotal = units + chargesMinor;
  if (!Number.isSafeInteger(units) || !Number.isSafeInteger(subtotal)) return undefined;
  let rate = 0;
  for (const t of tiers) {
    if (t.min <= quantity) {
      rate = t.rate;
      break;
    }
  }
  const discount = rate === 0 ? 0 : roundHalfAway(units * rate);
  const total = subtotal - discount;
  return Number.isSafeInteger(discount) && Number.isSafeInteger(total) ? { subtotal, discount, total } : undefined;
}
