// Soft defaults' completions (adjust.ts): a completion of the values sent and the fields decided so far, one field
// decided at a time, over the tables that hold the values sent (exact/typed.ts). They keep the fields the buyer set
// active (kept-active.ts): the request's residual checks.
import type { CompiledModel } from '../../runtime/compiled-model';
import type { Ctx } from '../../runtime/context';
import type { Val } from '../../runtime/fault';
import type { Check } from '../check';
import { exactFor } from '../exact/index';
import { asRead, tablesFor } from '../exact/typed';
import type { RequestState } from '../request';
import { type Solution, UNKNOWN } from '../verdict';
import type { Completions } from './adjust';
import { defaultsOf } from './as-sent';

/**
 * Soft defaults' completions (adjust.ts), deciding one field at a time on one solver. `own`: the request's checks
 * (kept-active.ts). Over tables that leave selections out (Tables.partial), no completion found is not known.
 */
export function exactCompletions(
  m: CompiledModel,
  c: Ctx,
  { a, sent: asSent, quantity, budget }: Pick<RequestState, 'a' | 'sent' | 'quantity' | 'budget'>,
  own: readonly Check[] = [],
): Completions {
  const sent = asRead(m, asSent);
  const t = tablesFor(m, c, a, sent);
  const none = t.partial ? UNKNOWN : null;
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
      // Ticked options stay ticked: the selections that hold them.
      for (let v = 0; v < values.length && ok; v++) {
        if (!(raw as string[]).every((id) => (values[v] as readonly string[]).includes(id))) ok = s.remove(x, v);
      }
      continue;
    }
    ok &&= s.assign(x, values.indexOf(raw as Val));
  }
  ok &&= s.propagate();
  // Defaults are tried first, so that a completion keeps as many as it can and few fields need a search of their own.
  const preferred = defaultsOf(t, fields);
  const fresh = (x: number, v: number) => v === preferred[x];
  // The last completion found: the next search first repairs it (Solver.solve), so a field changed from it keeps the
  // others' values, the defaults among them, where a search from scratch took a descent through every field.
  let last: Int32Array | undefined;
  const solve = (): Solution | null | typeof UNKNOWN => {
    s.accept = residual.none ? undefined : residual.holdsIn;
    const found = s.solve(fresh, stop, last);
    s.accept = undefined;
    stop();
    if (found === undefined) return UNKNOWN;
    if (found === null) return none;
    last = found;
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
    first: () => {
      if (!ok) return none;
      // A completion of an earlier request's (the model's tables, its values preferred where this state has them).
      last = k.completion;
      const found = solve();
      k.completion = last;
      return found;
    },
    with: (i, k) => {
      const x = t.varOf[i]!;
      const v = indexIn(x, k);
      // A value already out stays out once the values kept are assigned: they are assigned only for one still in.
      if (v < 0) return null;
      if (!ok || !s.has(x, v)) return none;
      flush();
      if (!ok || !s.has(x, v)) return none;
      s.push();
      const found = s.assign(x, v) && s.propagate() ? solve() : none;
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
