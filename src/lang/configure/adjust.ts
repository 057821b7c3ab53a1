// Soft defaults (issue 23; docs/schema-language.md, "Effective values"), as SAP VC and Configit treat them: a
// default applies only while it is consistent with what the buyer set. Field by field in schema order, a field the
// buyer has not set keeps its default when some completion has it, given the values sent and the fields decided
// before it; otherwise it takes the nearest value that completes: for a number the closest of the points the
// search tries (its bounds, default and thresholds: the edges of the narrowed range), for a choice the first
// option in schema order, for a checkbox the other value, for a multi-select the first selection in the search's
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
}

/**
 * The adjustments of the fields not sent (`sent`: by field index, undefined when not sent): [] when every default
 * is consistent, null when no completion keeps the values sent, UNKNOWN when the budget ran out first.
 */
export function adjustDefaults(
  space: Space,
  fields: readonly FieldIR[],
  sent: readonly unknown[],
  completions: Completions,
): Adjustment[] | null | typeof UNKNOWN {
  const fixed = [...sent];
  let witness = completions.first();
  if (witness === null || witness === UNKNOWN) return witness;
  const out: Adjustment[] = [];
  for (let i = 0; i < fields.length; i++) {
    const domain = space.domains[i];
    if (domain === null || domain === undefined || fixed[i] !== undefined) continue;
    const fallback = fields[i]!.fallback as Val;
    // Most fields keep their default, which the witness often has: the first of the order, met at once.
    let chosen = -1;
    for (const k of orderOf(fields[i]!, domain)) {
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
    // The witness completes with its own value, which the order holds: this is never reached in a full domain.
    if (chosen < 0) chosen = domain.indexOf(witness[i] as Val);
    const value = chosen < 0 ? (witness[i] as Val) : domain[chosen]!;
    fixed[i] = value;
    completions.fix(i, chosen);
    if (value !== fallback) out.push({ field: i, value, replaced: fallback });
  }
  return out;
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
