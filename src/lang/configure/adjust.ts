// Soft defaults (issue 23; docs/schema-language.md, "Effective values"), as SAP VC and Configit treat them: a
// default applies only while it is consistent with what the buyer set. Field by field in schema order, a field the
// buyer has not set keeps its default when some completion has it, given the values sent and the fields decided
// before it; otherwise it takes the nearest value that completes: for a number the closest of the points the
// search tries (its bounds, default and thresholds: the edges of the narrowed range), for a choice the option
// whose completion prices lowest (ties and past the budget: schema order; issue 33), for a checkbox the other value, for a multi-select the first selection in the search's
// order. Each decision keeps the configuration completable, so the values decided together complete it.
import type { FieldIR } from '../ir';
import type { Ctx } from '../runtime/context';
import type { Val } from '../runtime/fault';
import type { Analysis, Space } from './analysis';
import type { Budget } from './budget';
import { Problem, type Solution, UNKNOWN } from './search';

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

/** Completions found by the search (search.ts), for models the exact engine's tables cannot hold. */
export function searchCompletions(
  c: Ctx,
  a: Analysis,
  space: Space,
  quantity: number,
  sent: readonly unknown[],
  budget: Budget,
): Completions {
  const fixed = [...sent];
  const solve = (only: Map<number, readonly Val[]>) =>
    new Problem(c, a, space, quantity, fixed, budget).solve(only, (_, values) => values);
  return {
    first: () => solve(new Map()),
    with: (i, k) => solve(new Map([[i, [space.domains[i]![k]!]]])),
    fix: (i, k) => {
      fixed[i] = space.domains[i]![k];
    },
  };
}

/** A field whose default the buyer's choices exclude, by index: the value used instead. */
export interface Adjustment {
  field: number;
  value: Val;
  /** The default it replaces. */
  replaced: Val;
  /**
   * A field marked `adjust: ask` whose default the values sent exclude: not adjusted but the buyer's to give;
   * `value` is one that completes, for the evaluation only.
   */
  asked?: true;
}

/** Prices the configurations an adjustment compares, within a share of the request's budget. */
export interface Pricer {
  /** The configuration's total (by field index the value it takes; undefined: its default); undefined when it does not price or the share is spent. */
  total(values: readonly unknown[]): number | undefined;
  /** Whether the share is spent (comparing stops: schema order decides). */
  readonly spent: boolean;
}

/**
 * The adjustments of the fields not sent (`sent`: by field index, undefined when not sent): [] when every default
 * is consistent, null when no completion keeps the values sent, UNKNOWN when the budget ran out first. A choice field
 * takes the option that completes at the lowest price (`price`). A field marked `adjust: ask` keeps its default
 * when it completes, else is left to the buyer (`asked`).
 */
export function adjustDefaults(
  space: Space,
  fields: readonly FieldIR[],
  sent: readonly unknown[],
  completions: Completions,
  price: Pricer,
): Adjustment[] | null | typeof UNKNOWN {
  const fixed = [...sent];
  let witness = completions.first();
  if (witness === null || witness === UNKNOWN) return witness;
  const out: Adjustment[] = [];
  const asked: number[] = [];
  for (let i = 0; i < fields.length; i++) {
    const domain = space.domains[i];
    if (domain === null || domain === undefined || fixed[i] !== undefined) continue;
    const f = fields[i]!;
    const fallback = f.fallback as Val;
    const order = orderOf(f, domain);
    let chosen = -1;
    // Most fields keep their default, which the witness often has: the first of the order, met at once.
    if (order[0] !== undefined && witness[i] === domain[order[0]]) chosen = order[0];
    else if (f.adjust === 'ask') {
      const s = domain[order[0] ?? -1] === fallback ? completions.with(i, order[0]!) : null;
      if (s === UNKNOWN) return s;
      // Left free: the decisions after it keep it completable, and the last witness gives it a value.
      if (s === null) {
        asked.push(i);
        continue;
      }
      [chosen, witness] = [order[0]!, s];
    } else if (f.valueType === 'string' && f.options) {
      const found = cheapest(i, order, domain, fallback, fixed, witness, completions, price);
      if (found === UNKNOWN) return found;
      if (found !== null) [chosen, witness] = found;
    } else {
      for (const k of order) {
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
    }
    // The witness completes with its own value, which the order holds: this is never reached in a full domain.
    if (chosen < 0) chosen = domain.indexOf(witness[i] as Val);
    const value = chosen < 0 ? (witness[i] as Val) : domain[chosen]!;
    fixed[i] = value;
    completions.fix(i, chosen);
    if (value !== fallback) out.push({ field: i, value, replaced: fallback });
  }
  for (const i of asked) out.push({ field: i, value: witness[i] as Val, replaced: fields[i]!.fallback as Val, asked: true });
  return out;
}

/**
 * Options a choice field's adjustment compares, at most, the first that completes included: each is a search and
 * an evaluation, and a field of 350 options adjusted in a 270-field model spent the whole budget comparing them.
 */
export const OPTIONS_COMPARED = 8;

/**
 * A choice field's option that completes with the lowest price (ties: schema order, which `order` follows after the
 * default), and its completion; null when none completes. The default is kept when it completes. Each completion is
 * priced with the later fields at their defaults, else at the completion's values; when one cannot be priced (the
 * budget spent), the first option that completes in schema order. Only the first OPTIONS_COMPARED options that
 * complete or price are compared.
 */
function cheapest(
  i: number,
  order: Int32Array,
  domain: readonly Val[],
  fallback: Val,
  fixed: readonly unknown[],
  witness: Solution,
  completions: Completions,
  price: Pricer,
): [number, Solution] | null | typeof UNKNOWN {
  const kept = domain.indexOf(fallback);
  let first: [number, Solution] | undefined;
  let best: [number, Solution, number] | undefined;
  let compared = 0;
  for (const k of order) {
    if (compared >= OPTIONS_COMPARED || (first !== undefined && price.spent)) break;
    const values = fixed.map((x, f) => (f === i ? domain[k] : x));
    // Priced first with the later fields at their defaults: an option that cannot be cheaper is not searched.
    const plain = k === kept ? undefined : price.total(values);
    if (plain !== undefined) compared++;
    if (best !== undefined && plain !== undefined && plain >= best[2]) continue;
    const s = witness[i] === domain[k] ? witness : completions.with(i, k);
    if (s === UNKNOWN) return first ?? s;
    if (s === null) continue;
    if (k === kept) return [k, s];
    if (plain === undefined) compared++;
    first ??= [k, s];
    const total = plain ?? price.total(values.map((x, f) => x ?? s[f]));
    if (total === undefined) return first;
    if (best === undefined || total < best[2]) best = [k, s, total];
  }
  return best ? [best[0], best[1]] : (first ?? null);
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
