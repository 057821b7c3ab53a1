// The tables of a request whose values sent are not all values of the model's tables: a number typed between the
// points its domain holds (analysis.ts), added to its field's values, the checks reading it tabulated again for the
// combinations with it (the model's rows kept: tables.ts, Tabulated; past MAX_ADDED of them, or when the model kept
// no rows of the check, it is verified by evaluation); and a multi-select past its selections with options ticked,
// whose values become the selections that hold them (analysis.ts, spaceFor), the checks reading it tabulated again
// over them (tables.ts, within the request's tabulation units). So every request is answered over tables. Their
// evaluations are the context's work, which the request's budget charges; the tables are kept for the next requests
// that send the same values (a buyer's next clicks), a few per model. Such tables are not settled (exact/index.ts): their requests search from the tables made
// consistent.
import type { CompiledModel } from '../../runtime/compiled-model';
import type { Ctx } from '../../runtime/context';
import type { Val } from '../../runtime/fault';
import { type Analysis, spaceFor } from '../analysis';
import { build, type Tables, tablesOf, tabulatedOf } from './tables';

/** A request's tables kept per model: every set of values sent off the model's tables is a key. */
const REQUESTS_KEPT = 16;
const kept = new WeakMap<Analysis, Map<string, Tables>>();
const requests = new WeakSet<Tables>();

/** Whether the tables are a request's (tablesFor), not the model's. */
export function isRequests(t: Tables): boolean {
  return requests.has(t);
}

/**
 * The values sent as evaluation reads them (runtime/compiled-model.ts): a value its field's type refuses (an option
 * none of the field's, a word for a checkbox or a number, a number past its bounds) as the field's fallback, a number
 * sent as a string as that number; the same array when every value reads as sent. Every check then reads the same
 * configuration over the tables as when evaluated, so such a request is answered over them too. A multi-select's
 * list stays as sent (its selections hold what is ticked; request.ts has read any other value as its fallback).
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
 * The tables a request's values sent, as read (asRead), are all values of (`sent`: by field index; undefined: not
 * sent): the model's, or a request's with the values off them added and the multi-selects past their selections
 * narrowed to what is ticked.
 */
export function tablesFor(m: CompiledModel, c: Ctx, a: Analysis, sent: readonly unknown[]): Tables {
  const t = tablesOf(m, c, a);
  const added: [field: number, value: Val][] = [];
  const narrowed: [field: number, ticked: string[]][] = [];
  for (let x = 0; x < t.fields.length; x++) {
    const f = t.fields[x]!;
    const raw = sent[f];
    if (raw === undefined) continue;
    if (m.ir.fields[f]!.valueType !== 'list') {
      if (!t.values[x]!.includes(raw as Val)) added.push([f, raw as Val]);
    } else if (a.partial[f] && Array.isArray(raw) && raw.length > 0) narrowed.push([f, [...new Set(raw as string[])].sort()]);
  }
  if (added.length === 0 && narrowed.length === 0) return t;
  let byValues = kept.get(a);
  if (byValues === undefined) {
    byValues = new Map();
    kept.set(a, byValues);
  }
  const key = JSON.stringify([added, narrowed]);
  let found = byValues.get(key);
  if (found === undefined) {
    const domains = [...a.domains];
    for (const [f, v] of added) domains[f] = [...domains[f]!, v];
    const fields = new Set(narrowed.map(([f]) => f));
    const space = spaceFor(
      a,
      m.ir.fields,
      sent.map((raw, f) => (fields.has(f) ? raw : undefined)),
    );
    const partial = [...a.partial];
    for (const f of fields) {
      domains[f] = space.domains[f]!;
      partial[f] = space.partial[f]!;
    }
    found = build(m, c, { ...a, domains, partial }, tabulatedOf(m, c, a), fields);
    requests.add(found);
    // Its row sets and values, and its solvers' copies of them (exact/index.ts), are the request's work too: a unit
    // per word and value, as Solver.copyFrom counts them.
    c.work += 3 * (found.bits.length + found.totalWords + found.totalValues);
    if (byValues.size >= REQUESTS_KEPT) byValues.delete(byValues.keys().next().value!);
    byValues.set(key, found);
  }
  return found;
}
