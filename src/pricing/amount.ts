// Amounts as exact decimals: a price list stores integer minor units and computes with BigInt, so that no amount
// ever passes through a binary fraction (0.1 × 3 is 0.3 here). Decimal strings are the wire form ("12.50").
import { CURRENCIES, minorUnits } from '../lang/check/currencies';

/** `units / 10^scale`, exactly. */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** An amount's integer digits, at most: |amount| < 10^12 major units keeps every minor-unit count a safe integer. */
export const MAX_INTEGER_DIGITS = 12;
const LIMIT = 10n ** BigInt(MAX_INTEGER_DIGITS);
/** A plain decimal: optional minus, 1–12 integer digits, optional fraction. No exponent, no plus, no spaces. */
const DECIMAL = /^(-?)(\d{1,12})(?:\.(\d{1,9}))?$/;

export function parseDecimal(text: string): Decimal | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const [, sign = '', int = '', frac = ''] = m;
  const units = BigInt(int + frac);
  return { units: sign === '-' ? -units : units, scale: frac.length };
}

/** A model's number (a double written in a schema) as the decimal it was written as: its shortest form. */
export function decimalOfNumber(n: number): Decimal {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite number: ${n}`);
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(n));
  if (!m) throw new RangeError(`not a decimal: ${n}`);
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  let units = BigInt(int + frac);
  let scale = frac.length - Number(exp);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** The minor units of an ISO 4217 currency (JPY 0, EUR 2, BHD 3); undefined for a code that is not one. */
export function currencyMinorUnits(currency: string): number | undefined {
  return CURRENCIES.has(currency) ? minorUnits(currency) : undefined;
}

export type AmountResult = { ok: true; minor: number } | { ok: false; message: string };

/** A decimal string in a currency: its integer minor units, or why it is not an amount of that currency. */
export function parseAmount(text: string, currency: string): AmountResult {
  const digits = currencyMinorUnits(currency);
  if (digits === undefined) return { ok: false, message: `"${currency}" is not an ISO 4217 currency code` };
  const d = parseDecimal(text);
  if (!d) {
    return {
      ok: false,
      message: `"${clip(text)}" is not an amount: write a decimal number like ${example(digits)} (at most ${MAX_INTEGER_DIGITS} digits before the point)`,
    };
  }
  if (d.scale <= digits) return { ok: true, minor: Number(toScale(d, digits)) };
  // Zeros past the currency's decimals change nothing ("1250.00" yen).
  const excess = 10n ** BigInt(d.scale - digits);
  if (d.units % excess === 0n) return { ok: true, minor: Number(d.units / excess) };
  const unit = digits === 0 ? 'no decimals' : `at most ${plural(digits, 'decimal')}`;
  return { ok: false, message: `"${clip(text)}" has ${plural(d.scale, 'decimal')}; ${currency} amounts have ${unit}` };
}

/** Integer minor units as the decimal string of the currency's minor unit: 1250 → "12.50" (EUR), "1250" (JPY). */
export function formatMinor(minor: number, digits: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/** Integer minor units in major units, as JSON prints them (1250 → 12.5): division by a power of ten is exact enough. */
export function minorToMajor(minor: number, digits: number): number {
  return minor / 10 ** digits;
}

/** Whether |units / 10^scale| < 10^12. */
export function inRange(d: Decimal): boolean {
  const abs = d.units < 0n ? -d.units : d.units;
  return abs < LIMIT * 10n ** BigInt(d.scale);
}

/** `d` at a scale of at least its own: the same value with more zero digits. */
export function toScale(d: Decimal, scale: number): bigint {
  if (scale < d.scale) throw new RangeError('toScale only adds digits');
  return d.units * 10n ** BigInt(scale - d.scale);
}

export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const example = (digits: number) => (digits === 0 ? '1250' : `12.${'5'.padEnd(digits, '0')}`);
/** Hostile text is quoted in messages, never whole. */
const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
