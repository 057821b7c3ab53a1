// Float care shared by functions, tables and money: decimals written in a schema (1.005, 0.1, 2.3) are not exact
// binary numbers, so before rounding or comparing to a grid a value is first taken to 15 significant digits.

/** From here on the 15th significant digit is the units digit: 15-digit rounding is plain rounding. */
const UNITS_DIGIT = 1e14;

/** Exact powers of ten (10^0 … 10^22 are representable); literal parsing avoids pow inaccuracies. */
const POW10: readonly number[] = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));

function pow10(p: number): number {
  return POW10[p] ?? Number(`1e${p}`);
}

/**
 * Rounds to an integer, half away from zero, as if `x` had first been rounded to 15 significant digits: so
 * 100.49999999999999 (1.005 × 100) counts as 100.5 and becomes 101. No string conversion: this runs per line.
 */
export function roundHalfAway(x: number): number {
  const a = Math.abs(x);
  let r: number;
  if (a >= UNITS_DIGIT) {
    r = Math.round(a);
  } else {
    const t = Math.floor(a);
    const f = a - t;
    // 15-digit rounding moves `a` by at most 5e-15·a, so only a fraction that close to .5 needs a closer look.
    if (Math.abs(f - 0.5) > a * 1e-14) {
      r = f > 0.5 ? t + 1 : t;
    } else {
      // Here a ≥ 0.4, so its 15th significant digit has a unit of 10^(e-14) with e in [-1, 13]; whatever
      // lies within half that unit below .5 rounds up to .5 at 15 digits.
      const e = Math.floor(Math.log10(a));
      r = f >= 0.5 - 5 / (POW10[15 - e] as number) ? t + 1 : t;
    }
  }
  return x < 0 && r !== 0 ? -r : r;
}

/** round(x, places): half away from zero at `places` decimals (negative places round to tens, hundreds, …). */
export function roundTo(x: number, places: number): number {
  const p = Math.max(-300, Math.min(300, Math.trunc(places)));
  if (p >= 0) {
    const scale = pow10(p);
    const s = x * scale;
    // x is already finer than the requested precision can express: nothing to round.
    if (!Number.isFinite(s)) return x;
    return roundHalfAway(s) / scale;
  }
  const scale = pow10(-p);
  return roundHalfAway(x / scale) * scale;
}

/** Within this relative distance of a power of ten, Math.log10 may round to the power's exponent: it decides there. */
const NEAR_POWER = 1 + 1e-13;

/**
 * floor(log10(m)) for a finite m > 0, exactly as Math.log10 gives it (snapping runs per output item, and comparing
 * with the powers of ten costs a third of Math.log10): the powers are compared where that is certain.
 */
function decimalExponent(m: number): number {
  if (m >= 1 && m < 1e15) {
    let e = 0;
    while ((POW10[e + 1] as number) <= m) e++;
    if (m * NEAR_POWER < (POW10[e + 1] as number) && m > (POW10[e] as number) * NEAR_POWER) return e;
  }
  return Math.floor(Math.log10(m));
}

/** `v` rounded at the 15th significant digit of `ref`: removes artefacts such as 2.3000000000000003. */
export function snap(v: number, ref: number): number {
  const m = Math.abs(ref);
  if (m === 0 || !Number.isFinite(m)) return v;
  return roundTo(v, 14 - decimalExponent(m));
}

export function snapSelf(v: number): number {
  return Number.isInteger(v) ? v : snap(v, v);
}

/** Smallest multiple of |step| ≥ x (floor: largest ≤ x), exact for decimal steps: ceilTo(2.3, 0.1) = 2.3. */
export function stepTo(x: number, step: number, up: boolean): number {
  const s = Math.abs(step);
  const q = snapSelf(x / s);
  const n = up ? Math.ceil(q) : Math.floor(q);
  return snapSelf(n * s);
}

/** Floored modulo (the result has the sign of b), with the quotient and result taken to 15 digits. */
export function floorMod(a: number, b: number): number {
  const n = Math.floor(snapSelf(a / b));
  return snap(a - n * b, Math.max(Math.abs(a), Math.abs(b)));
}

/** Numbers as messages show them: no float artefacts (0.1 + 0.2 prints as 0.3), no "-0". */
export function formatNumber(v: number): string {
  if (Number.isInteger(v)) return v === 0 ? '0' : String(v);
  return String(Number(v.toPrecision(15)));
}

type Decimal = { digits: bigint; exponent: number };

/** Significant digits of a number's text: "0.00120" → 3 (trailing zeros never appear in String(x)). */
function significantDigits(mantissa: string): number {
  let n = 0;
  let leading = true;
  for (let i = 0; i < mantissa.length; i++) {
    const c = mantissa.charCodeAt(i);
    if (c < 48 || c > 57 || (leading && c === 48)) continue;
    leading = false;
    n++;
  }
  return n;
}

/**
 * A finite double as an exact decimal, digits × 10^exponent: the shortest text that reads back as the double
 * ("624596.08", "1e-7", "1.5e+21") taken to 15 significant digits, which every decimal of up to 15 digits survives
 * unchanged while float noise (0.1 + 0.2 = 0.30000000000000004) goes.
 */
function decimalOf(x: number): Decimal {
  let text = String(x);
  if (significantDigits(text.split('e')[0] as string) > 15) text = String(Number(x.toPrecision(15)));
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const dot = mantissa.indexOf('.');
  const fraction = dot < 0 ? 0 : mantissa.length - dot - 1;
  return {
    digits: BigInt(dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1)),
    exponent: (e < 0 ? 0 : Number(text.slice(e + 1))) - fraction,
  };
}

/**
 * The test whether a value is `base` plus a whole multiple of `step` (> 0), exactly in decimal: each number is read
 * as the decimal it is written as (624596.08, not the nearest double's binary expansion), all three are scaled to
 * integers, and the remainder is tested with BigInt (a float quotient with a tolerance refused on-grid values from
 * 1e6 on). The checker (defaults) and the runtime (sent values) share it. Bounded: a double's exponent spans at most
 * ~650 decimal digits.
 */
export function stepGrid(base: number, step: number): (value: number) => boolean {
  const b = decimalOf(base);
  const s = decimalOf(step);
  const scaled = (d: Decimal, exponent: number) => d.digits * 10n ** BigInt(d.exponent - exponent);
  const exact = (value: number): boolean => {
    const v = decimalOf(value);
    const exponent = Math.min(v.exponent, b.exponent, s.exponent);
    const unit = scaled(s, exponent);
    return unit !== 0n && (scaled(v, exponent) - scaled(b, exponent)) % unit === 0n;
  };
  // Fast path, no text or BigInt: base and step as integers of 10^-places. A value that is m / 10^places for an m of
  // at most 15 digits is exactly the decimal m × 10^-places (decimals of up to 15 digits map to distinct doubles),
  // so integer arithmetic decides; anything else (more decimals, noise, huge) takes the exact path.
  const places = Math.max(0, -b.exponent, -s.exponent);
  const scale = POW10[places];
  const baseUnits = Number(scaled(b, -places));
  const stepUnits = Number(scaled(s, -places));
  if (scale === undefined || !Number.isSafeInteger(baseUnits) || !Number.isSafeInteger(stepUnits) || stepUnits === 0) {
    return exact;
  }
  return (value) => {
    const units = Math.round(value * scale);
    if (Math.abs(units) < 1e15 && units / scale === value) return (units - baseUnits) % stepUnits === 0;
    return exact(value);
  };
}

export function onStepGrid(value: number, base: number, step: number): boolean {
  return stepGrid(base, step)(value);
}
