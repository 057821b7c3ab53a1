// Soft defaults' completions (adjust.ts): a completion of the values sent and the fields decided so far, one field
// decided at a time, over the model's tables (exact/) when they hold it, else by the search (search.ts). Either keeps
// the fields the buyer set active (kept-active.ts): the tables as the request's residual checks, the search with them.
import type { CompiledModel } from '../../runtime/compiled-model';
import type { Ctx } from '../../runtime/context';
import type { Val } from '../../runtime/fault';
import type { Analysis, Space } from '../analysis';
import type { Budget } from '../budget';
import type { Check } from '../check';
import { exactFor } from '../exact/index';
import { asRead, tablesFor } from '../exact/typed';
import type { RequestState } from '../request';
import { Problem } from '../search';
import { type Solution, UNKNOWN } from '../verdict';
import type { Completions } from './adjust';
import { defaultsOf } from './as-sent';

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

/**
 * Soft defaults' completions (adjust.ts) over the tables that hold the values sent (exact/typed.ts), deciding one
 * field at a time on one solver, or undefined when no tables hold them. `own`: the request's checks (kept-active.ts).
 */
export function exactCompletions(
  m: CompiledModel,
  c: Ctx,
  { a, sent: asSent, quantity, budget }: Pick<RequestState, 'a' | 'sent' | 'quantity' | 'budget'>,
  own: readonly Check[] = [],
): Completions | undefined {
  const sent = asRead(m, asSent);
  const t = tablesFor(m, c, a, sent);
  if (t === null) return undefined;
  const { k, residual } = exactFor(m, c, a, t, sent, quantity, own);
  const fields = m.ir.fields;
  const s = k.scratch;
  s.copyFrom(k.root);
  let charged = 0;
  const stop = () => {
    budget.spend(s.operations - charged);
    charged = s.operations;
    return budget.spent;
  };
  let ok = k.consistent;
  for (let x = 0; x < t.fields.length; x++) {
    const f = t.fields[x]!;
    const values = t.values[x]!;
    const raw = sent[f];
    if (raw === undefined) continue;
    if (fields[f]!.valueType === 'list') {
      if (!Array.isArray(raw)) return undefined;
      // Ticked options stay ticked: the selections that hold them.
      for (let v = 0; v < values.length && ok; v++) {
        if (!raw.every((id) => (values[v] as readonly string[]).includes(id))) ok = s.remove(x, v);
      }
      continue;
    }
    const v = values.indexOf(raw as Val);
    if (v < 0) return undefined;
    ok &&= s.assign(x, v);
  }
  ok &&= s.propagate();
  // Defaults are tried first, so that a completion keeps as many as it can and few fields need a search of their own.
  const preferred = defaultsOf(t, fields);
  const fresh = (x: number, v: number) => v === preferred[x];
  const solve = (): Solution | null | typeof UNKNOWN => {
    s.accept = residual.none ? undefined : residual.holdsIn;
    const found = s.solve(fresh, stop);
    s.accept = undefined;
    stop();
    if (found === undefined) return UNKNOWN;
    if (found === null) return null;
    const out: Solution = fields.map(() => undefined);
    found.forEach((v, x) => {
      out[t.fields[x]!] = t.values[x]![v];
    });
    return out;
  };
  // A field not sent has the analysis's domain, the variable's values: the k-th value is the variable's k-th.
  const indexIn = (x: number, k: number) => (x < 0 || k >= t.values[x]!.length ? -1 : k);
  // Fields kept at a value, assigned only before the next search: most keep the witness's value and need none.
  const pending: [x: number, v: number][] = [];
  const flush = () => {
    for (const [x, v] of pending) ok &&= s.assign(x, v);
    pending.length = 0;
    ok &&= s.propagate();
  };
  return {
    first: () => (ok ? solve() : null),
    with: (i, k) => {
      const x = t.varOf[i]!;
      const v = indexIn(x, k);
      // A value already out stays out once the values kept are assigned: they are assigned only for one still in.
      if (!ok || v < 0 || !s.has(x, v)) return null;
      flush();
      if (!ok || !s.has(x, v)) return null;
      s.push();
      const found = s.assign(x, v) && s.propagate() ? solve() : null;
      s.pop();
      // A value no completion has is taken out for good: the searches after it start narrower.
      if (found === null && s.remove(x, v)) s.propagate();
      return found;
    },
    fix: (i, k) => {
      const x = t.varOf[i]!;
      const v = indexIn(x, k);
      if (v >= 0) pending.push([x, v]);
    },
  };
}
