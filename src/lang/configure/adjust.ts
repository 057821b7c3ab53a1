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

/** Completions as the adjustment asks for them: one field decided at a time, each decision kept. */
export interface Completions {
  /** A completion of the values sent: null when none, UNKNOWN when the budget ran out first. */
  first(): Solution | null | typeof UNKNOWN;
  /** A completion with field i at `value` besides the values sent and fixed. */
  with(i: number, value: Val): Solution | null | typeof UNKNOWN;
  /** Keeps field i at `value` from now on. */
  fix(i: number, value: Val): void;
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
    with: (i, value) => solve(new Map([[i, [value]]])),
    fix: (i, value) => {
      fixed[i] = value;
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
    // The domain starts with the field's fallback (analysis.ts) when that is one of its values.
    const fallback = fields[i]!.fallback as Val;
    // The default first, without sorting the others: most fields keep theirs.
    const wanted = function* () {
      if (domain[0] === fallback) yield fallback;
      yield* candidates(fields[i]!, domain, fallback);
    };
    let chosen: Val | undefined;
    for (const x of witness[i] === fallback && domain[0] === fallback ? [fallback] : wanted()) {
      if (witness[i] === x) {
        chosen = x;
        break;
      }
      const s = completions.with(i, x);
      if (s === UNKNOWN) return s;
      if (s !== null) {
        witness = s;
        chosen = x;
        break;
      }
    }
    // The witness completes with its own value, which the candidates hold: this is never reached in a full domain.
    chosen ??= witness[i] as Val;
    fixed[i] = chosen;
    completions.fix(i, chosen);
    if (chosen !== fallback) out.push({ field: i, value: chosen, replaced: fallback });
  }
  return out;
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

/** By field: each option's place in schema order, built once per model (plain data, docs/architecture.md). */
const orders = new WeakMap<FieldIR, Map<Val, number>>();

function optionOrder(f: FieldIR): Map<Val, number> {
  let order = orders.get(f);
  if (order === undefined) {
    order = new Map((f.options ?? []).map((o, k) => [o.id as Val, k]));
    orders.set(f, order);
  }
  return order;
}
