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

/** A percent as the wire writes it where it is a string (a market's tax, "8.1"): 0–100, at most 2 decimals. */
const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "8.1" → 810 basis points; undefined when it is not a percent from 0 to 100 with at most 2 decimals. */
export function percentTextToBp(text: string): number | undefined {
  const m = PERCENT_TEXT.exec(text);
  if (!m) return undefined;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : undefined;
}

/** 810 basis points → "8.1"; 1900 → "19"; 0 → "0". */
export function bpToPercentText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const cents = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return cents ? `${whole}.${cents}` : String(whole);
}
