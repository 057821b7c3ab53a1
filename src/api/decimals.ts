// Percents are kept in basis points (hundredths of a percent, integers: tax rates, discounts, the approval
// threshold), so a percent has at most 2 decimals. Checked on the number as it was written, its shortest form
// (8.1, 33.33), not on a rounded product: rounding 19.9999999 × 100 first took it as 20.

/** Whether `n` has at most `digits` decimals in its shortest form (8.1: 1; 19.9999999: 7; 1e-7: 7). */
export function hasAtMostDecimals(n: number, digits: number): boolean {
  if (!Number.isFinite(n)) return false;
  const [mantissa = '', exponent = '0'] = String(n).split('e');
  return (mantissa.split('.')[1]?.length ?? 0) - Number(exponent) <= digits;
}

/** The decimals a percent may have: what basis points hold. */
export const PERCENT_DECIMALS = 2;

export const isPercentPrecise = (percent: number) => hasAtMostDecimals(percent, PERCENT_DECIMALS);
