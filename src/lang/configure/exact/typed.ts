// The tables of a request that sends a value none of its field's (a number typed between the points its domain holds,
// analysis.ts): the model's tables with that value added to its field's values, the checks reading it tabulated again
// for the combinations with it (the model's rows kept: tables.ts, Tabulated; past MAX_ADDED of them the check is
// verified by evaluation), so that such a request is answered over tables too rather than by the search. Their
// evaluations are the context's work, which the request's budget charges; the tables are kept for the next requests
// that send the same values (a buyer's next clicks), a few per model. Such tables are not settled (exact/index.ts):
// their requests search from the tables made consistent.
import type { CompiledModel } from '../../runtime/compiled-model';
import type { Ctx } from '../../runtime/context';
import type { Val } from '../../runtime/fault';
import type { Analysis } from '../analysis';
import { build, type Tables, tablesOf, tabulatedOf } from './tables';

/** Tables of typed values kept per model: every set of values typed is a key. */
const TYPED_KEPT = 16;
const kept = new WeakMap<Analysis, Map<string, Tables | null>>();
const typed = new WeakSet<Tables>();

/** Whether the tables are a request's (tablesFor), not the model's. */
export function isTyped(t: Tables): boolean {
  return typed.has(t);
}

/**
 * The values sent as evaluation reads them (runtime/compiled-model.ts): a value its field's type refuses (an option
 * none of the field's, a word for a checkbox or a number, a number past its bounds) as the field's fallback, a
 * number sent as a string as that number; the same array when every value reads as sent. Every check then reads
 * the same configuration over the tables as when evaluated, so such a request is answered over them too.
 * Multi-selects stay as sent (their selections hold what is ticked).
 */
export function asRead(m: CompiledModel, sent: readonly unknown[]): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < sent.length; i++) {
    const raw = sent[i];
    const { ir, check } = m.fields[i]!;
    if (raw === undefined || check === undefined || ir.valueType === 'list') continue;
    const read = check(raw, null) ?? ir.fallback;
    if (read === raw || read === undefined) continue;
    out ??= [...sent];
    out[i] = read;
  }
  return out ?? sent;
}

/**
 * The tables a request's values sent are all values of (`sent`: by field index; undefined: not sent): the model's,
 * or theirs with the numbers typed off their points added; null when the tables cannot hold the model, or a value
 * sent that is no number is none of its field's (the evaluation refuses it).
 */
export function tablesFor(m: CompiledModel, c: Ctx, a: Analysis, sent: readonly unknown[]): Tables | null {
  const t = tablesOf(m, c, a);
  if (t === null) return null;
  const added: [field: number, value: number][] = [];
  for (let x = 0; x < t.fields.length; x++) {
    const f = t.fields[x]!;
    const raw = sent[f];
    const field = m.ir.fields[f]!;
    if (raw === undefined || field.valueType === 'list' || t.values[x]!.includes(raw as Val)) continue;
    if (field.valueType !== 'number' || typeof raw !== 'number') return null;
    added.push([f, raw]);
  }
  if (added.length === 0) return t;
  const from = tabulatedOf(m, c, a);
  if (from === undefined) return null;
  let byValues = kept.get(a);
  if (byValues === undefined) {
    byValues = new Map();
    kept.set(a, byValues);
  }
  const key = added.map(([f, v]) => `${f}=${v}`).join(',');
  let found = byValues.get(key);
  if (found === undefined) {
    const domains = [...a.domains];
    for (const [f, v] of added) domains[f] = [...domains[f]!, v];
    const built = build(m, c, { ...a, domains }, from);
    found = 'why' in built ? null : built;
    if (found !== null) {
      typed.add(found);
      // Its row sets and values, and its solvers' copies of them (exact/index.ts), are the request's work too: a unit
      // per word and value, as Solver.copyFrom counts them.
      c.work += 3 * (found.bits.length + found.totalWords + found.totalValues);
    }
    if (byValues.size >= TYPED_KEPT) byValues.delete(byValues.keys().next().value!);
    byValues.set(key, found);
  }
  return found;
}
