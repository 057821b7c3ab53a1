// Soft defaults (issue 23; docs/schema-language.md, "Effective values"), as SAP VC and Configit treat them: a
// default applies only while it is consistent with what the buyer set. Field by field in schema order, a field the
// buyer has not set keeps its default when some completion has it, given the values sent and the fields decided
// before it; otherwise it takes the value that completes nearest to it: for a number the closest of the points the
// search tries (its bounds, default and thresholds: the edges of the narrowed range), for a choice the option
// whose completion costs least (issue 33: ties in schema order; pricing.ts bounds the comparing), for a checkbox
// the other value, for a multi-select the first selection in the search's order. A field marked `adjust: ask` is
// not adjusted: it is left to the buyer, required. Each decision keeps the configuration completable, so the values
// decided together complete it; the completions keep the buyer's fields active (kept-active.ts).
import type { FieldIR } from '../../ir';
import type { Val } from '../../runtime/fault';
import type { Space } from '../analysis';
import { type Solution, UNKNOWN } from '../verdict';

/** Options of a choice field compared at a time, at most: the next ones only when none of them completes. */
export const MAX_COMPARED = 8;

/**
 * Completions as the adjustment asks for them: one field decided at a time, each decision kept. A field's value is
 * named by its place in the space's domain (`k`), which for a field not sent is the analysis's.
 */
export interface Completions {
  /** A completion of the values sent: null when none, UNKNOWN when the budget ran out first. */
  first(): Solution | null | typeof UNKNOWN;
  /** A completion with field i at its k-th value besides the values sent and fixed. */
  with(i: number, k: number): Solution | null | typeof UNKNOWN;
  /** Keeps field i at its k-th value (-1: none of them) from now on. */
  fix(i: number, k: number): void;
}

/** A field whose default the buyer's choices exclude, by index: the value used instead. */
export interface Adjustment {
  field: number;
  value: Val;
  /** The default it replaces. */
  replaced: Val;
}

/** What a choice field's options are compared by once its default does not complete (pricing.ts). */
export interface Prices {
  /** Whether field i's options are compared: a price line reads it, and the units for comparing are not spent. */
  compares(i: number): boolean;
  /** The total price of a configuration (by field index, its values), +Infinity when its lines give none. */
  of(values: readonly unknown[]): number;
}

/** The adjustments, and the fields marked `adjust: ask` whose default the values sent exclude, by index. */
export interface Adjusted {
  adjustments: Adjustment[];
  asked: number[];
}

/**
 * The adjustments of the fields not sent (`sent`: by field index, undefined when not sent): none when every default
 * is consistent, null when no completion keeps the values sent, UNKNOWN when the budget ran out first. A field asked
 * for is left free while the fields after it are decided.
 */
export function adjustDefaults(
  space: Space,
  fields: readonly FieldIR[],
  sent: readonly unknown[],
  completions: Completions,
  prices: Prices,
): Adjusted | null | typeof UNKNOWN {
  const fixed = [...sent];
  const first = completions.first();
  if (first === null || first === UNKNOWN) return first;
  let witness: Solution = first;
  const out: Adjusted = { adjustments: [], asked: [] };
  for (let i = 0; i < fields.length; i++) {
    const domain = space.domains[i];
    if (domain === null || domain === undefined || fixed[i] !== undefined) continue;
    const f = fields[i]!;
    const fallback = f.fallback as Val;
    const ask = f.adjust === 'ask';
    const order = orderOf(f, domain);
    const compared = f.valueType === 'string' && f.options !== undefined && !ask;
    let chosen = -1;
    // Most fields keep their default, which the witness often has: the first of the order, met at once.
    for (let n = 0; n < order.length; n++) {
      const k = order[n]!;
      if (domain[k] !== fallback && (ask || (compared && prices.compares(i)))) {
        // Past the default, which does not complete: a field asked for is left to the buyer; a choice field's next
        // options are compared by the price of their completions.
        if (ask) break;
        const best = cheapest(completions, prices, i, domain, order.subarray(n, n + MAX_COMPARED), fixed, witness);
        if (best === UNKNOWN) return best;
        if (best !== null) {
          [chosen, witness] = best;
          break;
        }
        n += MAX_COMPARED - 1;
        continue;
      }
      if (witness[i] === domain[k]) {
        chosen = k;
        break;
      }
      const s = completions.with(i, k);
      if (s === UNKNOWN) return s;
      if (s !== null) {
        witness = s;
        chosen = k;
        break;
      }
    }
    if (ask && chosen < 0) {
      out.asked.push(i);
      continue;
    }
    // The witness completes with its own value, which the order holds: this is never reached in a full domain.
    if (chosen < 0) chosen = domain.indexOf(witness[i] as Val);
    const value = chosen < 0 ? (witness[i] as Val) : domain[chosen]!;
    fixed[i] = value;
    completions.fix(i, chosen);
    if (value !== fallback) out.adjustments.push({ field: i, value, replaced: fallback });
  }
  return out;
}

/**
 * Of the options at places `tried` (in schema order), the one whose completion (with the values decided so far) has
 * the lowest price, the first of them on a tie, with that completion; null when none completes. The comparing stops
 * early once its units are spent (prices.compares): the cheapest found by then.
 */
function cheapest(
  completions: Completions,
  prices: Prices,
  i: number,
  domain: readonly Val[],
  tried: Int32Array,
  fixed: readonly unknown[],
  witness: Solution,
): [number, Solution] | null | typeof UNKNOWN {
  let best: [number, Solution] | null = null;
  let lowest = Number.POSITIVE_INFINITY;
  for (const k of tried) {
    if (best !== null && !prices.compares(i)) break;
    const s = witness[i] === domain[k] ? witness : completions.with(i, k);
    if (s === UNKNOWN) return s;
    if (s === null) continue;
    const price = prices.of(fixed.map((x, j) => x ?? s[j]));
    if (best === null || price < lowest) {
      best = [k, s];
      lowest = price;
    }
  }
  return best;
}

/** By domain: the places of the values a field tries, in order; worked out once per model (a domain is shared). */
const tried = new WeakMap<readonly Val[], Int32Array>();

/**
 * The places of the values tried for a field not sent: its default when the domain starts with it (analysis.ts),
 * then the others nearest first (`candidates`).
 */
function orderOf(f: FieldIR, domain: readonly Val[]): Int32Array {
  let order = tried.get(domain);
  if (order === undefined) {
    const fallback = f.fallback as Val;
    const first = domain[0] === fallback ? [0] : [];
    const place = new Map(domain.map((x, k) => [x, k]));
    const others = candidates(f, domain, fallback).map((x) => place.get(x)!);
    order = Int32Array.from([...first, ...others]);
    tried.set(domain, order);
  }
  return order;
}

/** The values tried in place of a default that does not complete, nearest first. */
function candidates(f: FieldIR, domain: readonly Val[], fallback: Val): Val[] {
  const others = domain.filter((x) => x !== fallback);
  if (f.valueType === 'number' && typeof fallback === 'number') {
    return (others as number[]).sort((x, y) => Math.abs(x - fallback) - Math.abs(y - fallback) || x - y);
  }
  if (f.valueType === 'string' && f.options) {
    const order = optionOrder(f);
    return others.sort((x, y) => (order.get(x) ?? 0) - (order.get(y) ?? 0));
  }
  return others;
}

/** The options' places in schema order. */
function optionOrder(f: FieldIR): Map<Val, number> {
  return new Map((f.options ?? []).map((o, k) => [o.id as Val, k]));
}
