// A price list's effective amounts (docs/schema-language.md "Price lists"): the list's explicit entry where it
// has one, else the base's effective amount (the base list's, or the model's number) times the list's factor,
// rounded by the list's rule. Exact decimal arithmetic; O(price points × chain length).
import type { PriceBook } from '../lang/price-book';
import type { PricePoint } from '../lang/price-points';
import { currencyMinorUnits, type Decimal, decimalOfNumber, inRange, minorToMajor, parseDecimal } from './amount';
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
 * the model. Throws a RangeError on a chain the caller should have refused: too long, a factor or rounding that does
 * not parse, or an amount pushed past 10^12 (naming the key).
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
  for (const p of points) {
    let value = decimalOfNumber(p.model);
    let source: AmountSource = 'model';
    for (let i = steps.length - 1; i >= 0; i--) {
      const step = steps[i] as Step;
      const entry = step.entries.get(p.key);
      if (entry !== undefined) {
        value = { units: BigInt(entry), scale: step.digits };
        source = i === 0 ? 'entry' : 'derived';
      } else {
        const product = { units: value.units * step.factor.units, scale: value.scale + step.factor.scale };
        value = { units: applyRounding(product, step.rounding, step.digits), scale: step.digits };
      }
      if (!inRange(value)) throw new RangeError(`the amount of ${p.key} is out of range`);
    }
    if (!top) {
      out.amounts.set(p.key, p.model);
      out.sources.set(p.key, source);
      continue;
    }
    const minor = Number(value.units);
    out.minor.set(p.key, minor);
    out.amounts.set(p.key, minorToMajor(minor, top.digits));
    out.sources.set(p.key, source);
  }
  return out;
}

/** The PriceBook of a chain for one product: what src/lang/price-book.ts applies. */
export function priceBook(points: readonly PricePoint[], chain: readonly ChainList[]): PriceBook | null {
  const list = chain[0];
  return list ? { currency: list.currency, amounts: effectiveAmounts(points, chain).amounts } : null;
}
