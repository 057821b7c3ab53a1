// Amounts as the wire writes them: decimal strings ("12.50", "-3", "0.005"), never floats, so a price list holds
// exactly what its author typed. Stored as integer minor units of the currency (10^digits per major unit).

/** The largest amount a list entry may hold, in major units: far above any price, and exact in minor units. */
export const MAX_AMOUNT_MAJOR = 1_000_000_000_000;

const DECIMAL = /^(-?)(\d{1,13})(?:\.(\d{1,6}))?$/;

/**
 * `text` in integer units of 10^-digits, or a message saying why not: not a decimal, more decimals than `digits`
 * (no silent rounding), or beyond MAX_AMOUNT_MAJOR. Linear in the text; the pattern cannot backtrack.
 */
export function parseDecimal(text: string, digits: number): number | string {
  const m = DECIMAL.exec(text);
  if (!m) return `'${text.slice(0, 40)}' is not a decimal number such as 12.50`;
  const [, sign, whole = '', fraction = ''] = m;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > digits) {
    return digits === 0 ? `'${text}' has decimals; this currency has none` : `'${text}' has more than ${digits} decimals`;
  }
  const units = Number(whole) * 10 ** digits + Number(trimmed.padEnd(digits, '0') || '0');
  if (Number(whole) >= MAX_AMOUNT_MAJOR) return `'${text}' is too large (at most ${MAX_AMOUNT_MAJOR} - 1)`;
  return sign === '-' && units !== 0 ? -units : units;
}

/** Integer units of 10^-digits as a decimal string with exactly `digits` decimals (1250, 2 → "12.50"). */
export function formatDecimal(units: number, digits: number): string {
  const sign = units < 0 ? '-' : '';
  const abs = String(Math.abs(units)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** A percent held in basis points as the wire writes it: "8.1", "19", "0". */
export const percentText = (bp: number) => formatDecimal(bp, 2).replace(/\.?0+$/, '') || '0';
