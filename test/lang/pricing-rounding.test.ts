// Rounding strings and exact amounts (src/pricing/rounding.ts, src/pricing/amount.ts): each case derived by hand,
// the examples of docs/schema-language.md "Price lists" among them.
import { describe, expect, it } from 'vitest';
import { decimalOfNumber, formatMinor, parseAmount, parseDecimal } from '../../src/pricing/amount';
import { applyRounding, parseRounding, ROUNDINGS } from '../../src/pricing/rounding';

/** `value` (a decimal string) rounded by `rule` in `currency`, as the decimal string of the result. */
function round(value: string, rule: string, currency: string): string {
  const r = parseRounding(rule, currency);
  if (!r.ok) throw new Error(r.message);
  const d = parseDecimal(value);
  if (!d) throw new Error(`not a decimal: ${value}`);
  const digits = currency === 'JPY' ? 0 : currency === 'BHD' ? 3 : 2;
  return formatMinor(Number(applyRounding(d, r.rounding, digits)), digits);
}

describe('rounding', () => {
  it('minor: to the currency unit, half away from zero (EUR, GBP, JPY, BHD)', () => {
    expect(round('59.94', 'minor', 'EUR')).toBe('59.94');
    expect(round('12.345', 'minor', 'EUR')).toBe('12.35');
    expect(round('12.3449', 'minor', 'EUR')).toBe('12.34');
    expect(round('-12.345', 'minor', 'EUR')).toBe('-12.35');
    expect(round('47.733', 'minor', 'GBP')).toBe('47.73');
    expect(round('9007.65', 'minor', 'JPY')).toBe('9008');
    expect(round('9007.5', 'minor', 'JPY')).toBe('9008');
    expect(round('9007.49', 'minor', 'JPY')).toBe('9007');
    expect(round('22.78275', 'minor', 'BHD')).toBe('22.783');
    expect(round('80.0475', 'minor', 'BHD')).toBe('80.048');
    expect(round('80.0474', 'minor', 'BHD')).toBe('80.047');
  });

  it('steps: CHF 0.05, whole units, tens', () => {
    expect(round('53.835', '0.05', 'CHF')).toBe('53.85');
    expect(round('7.76', '0.05', 'CHF')).toBe('7.75');
    expect(round('7.775', '0.05', 'CHF')).toBe('7.80');
    expect(round('7.774', '0.05', 'CHF')).toBe('7.75');
    expect(round('40.74', '0.05', 'CHF')).toBe('40.75');
    expect(round('-40.725', '0.05', 'CHF')).toBe('-40.75');
    expect(round('29.4', '1', 'EUR')).toBe('29.00');
    expect(round('38.85', '1', 'EUR')).toBe('39.00');
    expect(round('29.5', '1', 'EUR')).toBe('30.00');
    expect(round('0.4', '0.5', 'EUR')).toBe('0.50');
    expect(round('12.34', '0.1', 'GBP')).toBe('12.30');
    expect(round('9007.65', '10', 'JPY')).toBe('9010');
    expect(round('9005', '10', 'JPY')).toBe('9010');
    expect(round('1234.5', '5', 'JPY')).toBe('1235');
    expect(round('22.78275', '0.05', 'BHD')).toBe('22.800');
  });

  it('a non-zero amount never rounds to zero; zero stays zero', () => {
    expect(round('0.02', '0.05', 'CHF')).toBe('0.05');
    expect(round('-0.02', '0.05', 'CHF')).toBe('-0.05');
    expect(round('0.004', 'minor', 'EUR')).toBe('0.01');
    expect(round('3', '10', 'JPY')).toBe('10');
    expect(round('0', '10', 'JPY')).toBe('0');
    expect(round('0.2', '.99', 'GBP')).toBe('0.99');
    expect(round('0', '.99', 'GBP')).toBe('0.00');
  });

  it('.90 and .99 endings: the nearest amount with that ending, ties upward', () => {
    expect(round('167.70', '.99', 'GBP')).toBe('167.99');
    expect(round('36.12', '.99', 'GBP')).toBe('35.99');
    expect(round('19.45', '.99', 'EUR')).toBe('18.99');
    expect(round('19.49', '.99', 'EUR')).toBe('19.99');
    expect(round('19.50', '.90', 'EUR')).toBe('19.90');
    expect(round('19.40', '.90', 'EUR')).toBe('19.90');
    expect(round('19.39', '.90', 'EUR')).toBe('18.90');
    expect(round('18.90', '.90', 'EUR')).toBe('18.90');
    expect(round('19.994', '.99', 'EUR')).toBe('19.99');
    expect(round('-19.49', '.99', 'EUR')).toBe('-19.99');
    expect(round('19.49', '.99', 'BHD')).toBe('19.990');
    expect(round('1234567.5', '.95', 'USD')).toBe('1234567.95');
  });

  it('parses the documented rules and refuses the rest, naming why', () => {
    for (const rule of ROUNDINGS) expect(parseRounding(rule, 'EUR').ok).toBe(true);
    expect(parseRounding('0.05', 'CHF')).toEqual({ ok: true, rounding: { kind: 'step', minor: 5n } });
    expect(parseRounding('10', 'JPY')).toEqual({ ok: true, rounding: { kind: 'step', minor: 10n } });
    expect(parseRounding('0.010', 'EUR')).toEqual({ ok: true, rounding: { kind: 'step', minor: 1n } });
    expect(parseRounding('.99', 'BHD')).toEqual({ ok: true, rounding: { kind: 'ending', minor: 990n } });
    const refused = (rule: string, currency: string) => {
      const r = parseRounding(rule, currency);
      return r.ok ? '' : r.message;
    };
    expect(refused('0.05', 'JPY')).toMatch(/not a multiple of JPY's minor unit/);
    expect(refused('0.001', 'EUR')).toMatch(/minor unit/);
    expect(refused('.99', 'JPY')).toMatch(/needs cents/);
    expect(refused('0', 'EUR')).toMatch(/greater than zero/);
    expect(refused('0.00', 'EUR')).toMatch(/greater than zero/);
    for (const bad of [
      '',
      '-1',
      '1e1',
      'NaN',
      'Infinity',
      ' 1',
      '.9',
      '.999',
      '0.05 ',
      'nearest',
      '__proto__',
      '1'.repeat(400),
    ]) {
      expect(refused(bad, 'EUR'), bad).toMatch(/is not a rounding/);
    }
    expect(refused('minor', 'XYZ')).toMatch(/not an ISO 4217/);
  });
});

describe('amounts', () => {
  it('a decimal string in a currency: integer minor units, at most its decimals', () => {
    expect(parseAmount('12.50', 'EUR')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('12.5', 'EUR')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('12', 'EUR')).toEqual({ ok: true, minor: 1200 });
    expect(parseAmount('-3.05', 'CHF')).toEqual({ ok: true, minor: -305 });
    expect(parseAmount('1250', 'JPY')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('1250.00', 'JPY')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('1.250', 'BHD')).toEqual({ ok: true, minor: 1250 });
    expect(parseAmount('999999999999.999', 'BHD')).toEqual({ ok: true, minor: 999999999999999 });
    const message = (text: string, currency: string) => {
      const r = parseAmount(text, currency);
      return r.ok ? '' : r.message;
    };
    expect(message('12.505', 'EUR')).toBe('"12.505" has 3 decimals; EUR amounts have at most 2 decimals');
    expect(message('1250.5', 'JPY')).toBe('"1250.5" has 1 decimal; JPY amounts have no decimals');
    expect(message('1.2345', 'BHD')).toMatch(/at most 3 decimals/);
    for (const bad of [
      'NaN',
      'Infinity',
      '-Infinity',
      '1e400',
      '1e3',
      '+1',
      '1,5',
      '1 000',
      '',
      ' ',
      '0x10',
      '1.',
      '.5',
      '1000000000000',
      '__proto__',
    ]) {
      expect(message(bad, 'EUR'), bad).toMatch(/is not an amount/);
    }
    expect(message('1'.repeat(1000), 'EUR')).toHaveLength(message('1'.repeat(50), 'EUR').length);
    expect(message('1', 'EURO')).toMatch(/not an ISO 4217/);
  });

  it('formats minor units with the currency decimals', () => {
    expect(formatMinor(1250, 2)).toBe('12.50');
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(0, 3)).toBe('0.000');
    expect(formatMinor(1250, 0)).toBe('1250');
    expect(formatMinor(22783, 3)).toBe('22.783');
    expect(() => formatMinor(0.5, 2)).toThrow(RangeError);
  });

  it('a model number is the decimal it was written as, not its binary value', () => {
    expect(decimalOfNumber(55.5)).toEqual({ units: 555n, scale: 1 });
    expect(decimalOfNumber(0.1)).toEqual({ units: 1n, scale: 1 });
    expect(decimalOfNumber(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(decimalOfNumber(1.5e21)).toEqual({ units: 1500000000000000000000n, scale: 0 });
    expect(decimalOfNumber(-42)).toEqual({ units: -42n, scale: 0 });
    expect(() => decimalOfNumber(Number.NaN)).toThrow(RangeError);
  });
});
