import type { TaxSettings } from '../store-profiles/shapes';
import { mulDivRound } from './totals';

// The tax of a quote, computed once on its total (after the quote discount), never per line: the items' prices
// are already rounded to the minor unit, so a per-line tax would add one rounding per line and the lines' taxes
// would not match the tax of the total. One rounding, half away from zero like every amount (docs/quotes.md,
// "Tax"). Net prices: the tax is added on top. Gross prices: the total already includes it, and the tax is the
// share rate / (100 % + rate) of it.

export interface TaxTotals {
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

export function taxTotals(totalMinor: number, tax: TaxSettings): TaxTotals {
  if (tax.prices === 'net') {
    const taxMinor = mulDivRound(totalMinor, tax.rateBp, 10_000);
    return { netMinor: totalMinor, taxMinor, grossMinor: totalMinor + taxMinor };
  }
  const taxMinor = mulDivRound(totalMinor, tax.rateBp, 10_000 + tax.rateBp);
  return { netMinor: totalMinor - taxMinor, taxMinor, grossMinor: totalMinor };
}
