// A price list's effective amounts (docs/schema-language.md "Price lists"): the list's explicit entry where it
// has one, else the base's effective amount (the base list's, or the model's number) times the list's factor,
// rounded by the list's rule. Exact decimal arithmetic; O(price points × chain length).
import type { PriceBook } from '../lang/price-book';
import type { PricePoint } from '../lang/price-points';
import {
  currencyMinorUnits,
  type Decimal,
  decimalOfNumber,
  inRange,
  MAX_INTEGER_DIGITS,
  minorToMajor,
  parseDecimal,
} from './amount';
import { applyRounding, parseRounding, type Rounding } from './rounding';

/** A list and its bases, at most this many in a chain (the list itself and three bases). */
export const MAX_CHAIN_LENGTH = 4;

/** One list of a chain, as stored. */
export interface ChainList {
  /** Decimal string > 0, e.g. "0.7", "1.08"; multiplies the base (and converts its currency). */
  factor: string;
  /** src/pricing/rounding.ts. */
  rounding: string;
  currency: string;
  /** Price point key → integer minor units of `currency` (one product's entries). */
  entries: ReadonlyMap<string, number>;
}

/**
 * Where an effective amount comes from: `entry` the list's own; `derived` a base list's entry through factors and
 * roundings; `model` the model's number through them (no list of the chain has an entry).
 */
export type AmountSource = 'entry' | 'derived' | 'model';

export interface EffectiveAmounts {
  /** Key → major units of the list's currency: a PriceBook's amounts. */
  amounts: Map<string, number>;
  /** Key → integer minor units of the list's currency. */
  minor: Map<string, number>;
  sources: Map<string, AmountSource>;
}

/** A chain whose factors push an amount to 10^12 or past it (the key names the price point): refused, never rounded. */
export class AmountOutOfRange extends RangeError {
  constructor(readonly key: string) {
    super(`the amount of ${key} is out of range`);
  }
}

/** A factor: a decimal string greater than zero with at most 6 digits each side of the point. */
const FACTOR = /^\d{1,6}(\.\d{1,6})?$/;

export function parseFactor(text: string): Decimal | undefined {
  const d = FACTOR.test(text) ? parseDecimal(text) : undefined;
  return d && d.units > 0n ? d : undefined;
}

interface Step {
  factor: Decimal;
  rounding: Rounding;
  digits: number;
  entries: ReadonlyMap<string, number>;
}

/**
 * The effective amount of every price point in `chain[0]`, whose base is `chain[1]`, …; the last list's base is
 * the model. Throws a RangeError on a chain the caller should have refused (too long, a factor or rounding that does
 * not parse), and AmountOutOfRange when factors push an amount past 10^12.
 */
export function effectiveAmounts(points: readonly PricePoint[], chain: readonly ChainList[]): EffectiveAmounts {
  if (chain.length > MAX_CHAIN_LENGTH) throw new RangeError(`a chain holds at most ${MAX_CHAIN_LENGTH} lists`);
  const steps: Step[] = chain.map((list) => {
    const digits = currencyMinorUnits(list.currency);
    const factor = parseFactor(list.factor);
    const rounding = parseRounding(list.rounding, list.currency);
    if (digits === undefined || !factor || !rounding.ok) {
      throw new RangeError(
        `a list of the chain has an invalid currency, factor or rounding (${list.currency}, ${list.factor}, ${list.rounding})`,
      );
    }
    return { factor, rounding: rounding.rounding, digits, entries: list.entries };
  });
  const out: EffectiveAmounts = { amounts: new Map(), minor: new Map(), sources: new Map() };
  const top = steps[0];
  if (!top) {
    for (const p of points) {
      out.amounts.set(p.key, p.model);
      out.sources.set(p.key, 'model');
    }
    return out;
  }
  for (const p of points) {
    // The nearest list with an entry decides; only the lists above it derive (in BigInt), none when it is the list.
    let from = 0;
    let entry: number | undefined;
    for (; from < steps.length; from++) {
      entry = (steps[from] as Step).entries.get(p.key);
      if (entry !== undefined) break;
    }
    let minor: number;
    if (from === 0 && entry !== undefined) {
      if (!Number.isSafeInteger(entry) || Math.abs(entry) >= 10 ** (MAX_INTEGER_DIGITS + top.digits)) {
        throw new AmountOutOfRange(p.key);
      }
      minor = entry;
    } else {
      let value = entry === undefined ? decimalOfNumber(p.model) : { units: BigInt(entry), scale: (steps[from] as Step).digits };
      for (let i = from - 1; i >= 0; i--) {
        const step = steps[i] as Step;
        const product = { units: value.units * step.factor.units, scale: value.scale + step.factor.scale };
        value = { units: applyRounding(product, step.rounding, step.digits), scale: step.digits };
        if (!inRange(value)) throw new AmountOutOfRange(p.key);
      }
      minor = Number(value.units);
    }
    out.minor.set(p.key, minor);
    out.amounts.set(p.key, minorToMajor(minor, top.digits));
    out.sources.set(p.key, from === 0 ? 'entry' : entry === undefined ? 'model' : 'derived');
  }
  return out;
}

/** The PriceBook of a chain for one product: what src/lang/price-book.ts applies. */
export function priceBook(points: readonly PricePoint[], chain: readonly ChainList[]): PriceBook | null {
  const list = chain[0];
  return list ? { currency: list.currency, amounts: effectiveAmounts(points, chain).amounts } : null;
}
