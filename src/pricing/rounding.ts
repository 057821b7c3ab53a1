// Rounding a derived amount (docs/schema-language.md "Price lists"): to the currency's minor unit, to a step
// (0.05 as Swiss cash rounding, whole units …), or to an ending (.90, .99). Exact: BigInt at the scale the value
// needs, never a double.
import { currencyMinorUnits, type Decimal, toScale } from './amount';

/** The roundings offered in forms; parseRounding accepts any step or two-digit ending of the same forms. */
export const ROUNDINGS = ['minor', '0.01', '0.05', '0.1', '0.5', '1', '5', '10', '.90', '.99'] as const;

/**
 * `step`: the nearest multiple of `minor` minor units, half away from zero. `ending`: the nearest amount whose
 * fraction is `minor` minor units (.90 in EUR is 90), ties upward (away from zero).
 */
export type Rounding = { kind: 'step'; minor: bigint } | { kind: 'ending'; minor: bigint };

export type RoundingResult = { ok: true; rounding: Rounding } | { ok: false; message: string };

const STEP = /^(\d{1,6})(?:\.(\d{1,3}))?$/;
const ENDING = /^\.(\d\d)$/;

/** A rounding string for a currency: `"minor"`, a step like `"0.05"` or `"10"`, or an ending like `".99"`. */
export function parseRounding(text: string, currency: string): RoundingResult {
  const digits = currencyMinorUnits(currency);
  if (digits === undefined) return { ok: false, message: `"${currency}" is not an ISO 4217 currency code` };
  if (text === 'minor') return { ok: true, rounding: { kind: 'step', minor: 1n } };
  const ending = ENDING.exec(text);
  if (ending) {
    if (digits < 2)
      return {
        ok: false,
        message: `the rounding "${text}" needs cents; ${currency} has ${digits === 0 ? 'no decimals' : 'one decimal'}`,
      };
    return { ok: true, rounding: { kind: 'ending', minor: BigInt(ending[1] ?? '0') * 10n ** BigInt(digits - 2) } };
  }
  const step = STEP.exec(text);
  if (!step) {
    const shown = text.length > 20 ? `${text.slice(0, 20)}…` : text;
    return {
      ok: false,
      message: `"${shown}" is not a rounding: write "minor", a step like "0.05" or "1", or an ending like ".99"`,
    };
  }
  const [, int = '', frac = ''] = step;
  if (frac.length > digits && !/^0*$/.test(frac.slice(digits))) {
    return { ok: false, message: `the rounding step ${text} is not a multiple of ${currency}'s minor unit` };
  }
  const units = BigInt(int + frac);
  const f = frac.length;
  const minor = f <= digits ? units * 10n ** BigInt(digits - f) : units / 10n ** BigInt(f - digits);
  if (minor === 0n) return { ok: false, message: 'the rounding step must be greater than zero' };
  return { ok: true, rounding: { kind: 'step', minor } };
}

/**
 * `value` rounded, in integer minor units of a currency of `digits` decimals. A value that is not zero never
 * rounds to zero: a list with no entry for a price never makes it free (it becomes one step, or the first ending).
 */
export function applyRounding(value: Decimal, rounding: Rounding, digits: number): bigint {
  const scale = Math.max(value.scale, digits);
  const v = toScale(value, scale);
  if (v === 0n) return 0n;
  const unit = 10n ** BigInt(scale - digits);
  const negative = v < 0n;
  const abs = negative ? -v : v;
  let rounded: bigint;
  if (rounding.kind === 'step') {
    const step = rounding.minor * unit;
    const q = abs / step;
    const rem = abs - q * step;
    const n = 2n * rem >= step ? q + 1n : q;
    rounded = (n === 0n ? 1n : n) * step;
  } else {
    const major = 10n ** BigInt(digits) * unit;
    const ending = rounding.minor * unit;
    if (abs <= ending) rounded = ending;
    else {
      const below = ((abs - ending) / major) * major + ending;
      const above = below + major;
      rounded = abs - below < above - abs ? below : above;
    }
  }
  const minor = rounded / unit;
  return negative ? -minor : minor;
}
