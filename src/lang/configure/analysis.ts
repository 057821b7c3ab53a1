// What configure needs to know of a model, worked out once per model: the checks a configuration must pass
// (constraints and error rules), the fields each check depends on, and the values the exact engine's tables hold
// for a field.
import { fieldType } from '../fields/registry';
import type { Expr, FieldIR, ProductIR } from '../ir';
import { dependencies } from '../ir-checks';
import { childrenOf } from '../runtime/children';
import type { CompiledModel } from '../runtime/compiled-model';
import { exprCost } from '../runtime/cost';
import type { Val } from '../runtime/fault';
import type { Check } from './check';
import { evaluationChecks } from './evaluation';

/** What a search tries. */
export interface Space {
  /** By field index: the values a search tries (the field's fallback first), or null when it is not searched. */
  readonly domains: readonly (readonly Val[] | null)[];
  /**
   * By field index: the domain leaves values out (a multi-select with more than MAX_SELECTIONS selections), so a
   * search that finds nothing has not proven that nothing exists.
   */
  readonly partial: readonly boolean[];
}

export interface Analysis extends Space {
  readonly checks: readonly Check[];
  /** By field index: whether some check depends on it. */
  readonly relevant: readonly boolean[];
}

/** Points tried for a number, at most: its bounds, its fallback and the thresholds checks compare it with. */
export const MAX_NUMBER_POINTS = 24;

/**
 * Selections held for a multi-select, at most: every selection of 12 options (4,096) fits, and of 20 options at most
 * 3 (1,351); a field with more is held over its first selections in the domain's order, and a value no solution
 * among them has is then "not known" (exact/index.ts, exact/tables.ts: Tables.partial). It was 1,024 while a search
 * tried them one by one: the tables decide a field of 4,096 in about 200,000 units (bench/RESULTS.md §15).
 */
export const MAX_SELECTIONS = 4096;

/**
 * Selections held for all the multi-selects of a model (and again for those a request sent), at most: 1,024 for
 * each of 400 multi-selects was 400,000 arrays, 100 MB and 0.6 s to build (issue 27). Past it a field keeps its
 * default selection alone, partial, so what no solution has is "not known" rather than "none".
 */
export const MAX_SELECTIONS_IN_ALL = 50_000;

const analyses = new WeakMap<CompiledModel, Analysis>();

export function analysisOf(m: CompiledModel): Analysis {
  let a = analyses.get(m);
  if (a === undefined) {
    a = analyze(m);
    analyses.set(m, a);
  }
  return a;
}

function analyze(m: CompiledModel): Analysis {
  const { ir } = m;
  const depsOf = dependencies(ir);
  const checks: Check[] = [];
  m.constraints.forEach((k, i) => {
    checks.push({ fn: k.holds, expr: k.expr, fails: false, ref: i, deps: depsOf(k.expr), cost: 1 + exprCost(k.expr) });
  });
  m.rules.forEach((r, i) => {
    if (r.ir.severity === 'error')
      checks.push({
        fn: r.when,
        expr: r.ir.when,
        fails: true,
        ref: -1 - i,
        deps: depsOf(r.ir.when),
        cost: 1 + exprCost(r.ir.when),
      });
  });
  checks.push(...evaluationChecks(m, depsOf));
  const relevant = ir.fields.map(() => false);
  for (const c of checks) for (const i of c.deps) relevant[i] = true;
  const partial = ir.fields.map(() => false);
  const numbers = numbersOf(ir);
  const limit = selectionLimit();
  const domains = ir.fields.map((f, i) => {
    if (!relevant[i]) return null;
    if (f.valueType !== 'list') return domainOf(f, checks, i, numbers);
    const d = selections(f, [], limit);
    partial[i] = d.partial;
    return d.values;
  });
  return { checks, domains, relevant, partial };
}

/** The selections each next field may hold: MAX_SELECTIONS, within what is left of MAX_SELECTIONS_IN_ALL. */
function selectionLimit(): (held: number) => number {
  let left = MAX_SELECTIONS_IN_ALL;
  return (held) => {
    left -= held;
    return Math.max(1, Math.min(MAX_SELECTIONS, left));
  };
}

/**
 * A multi-select's domain: every selection of its options within min_selected..max_selected that holds the
 * `ticked` ones (each one array, shared, so that solutions and verdicts can compare them by identity), its fallback
 * first when that is one of them, then by size and in the options' order; at most `limit(0)` of them (`limit(n)`
 * then counts the n it holds).
 */
function selections(f: FieldIR, ticked: readonly string[], limit: (held: number) => number): { values: Val[]; partial: boolean } {
  const most = limit(0);
  const all = (f.options ?? []).map((o) => o.id);
  const chosen = new Set(ticked);
  const must = all.filter((id) => chosen.has(id));
  const ids = all.filter((id) => !chosen.has(id));
  const min = Math.max(0, (typeof f.min === 'number' ? f.min : 0) - must.length);
  const max = Math.min(ids.length, (typeof f.max === 'number' ? f.max : all.length) - must.length);
  const fallback = Array.isArray(f.fallback) ? (f.fallback as readonly string[]) : [];
  const values: Val[] = [];
  const isFallback = (s: readonly string[]) => s.length === fallback.length && s.every((id) => fallback.includes(id));
  if (fallback.length - must.length >= min && fallback.length - must.length <= max && must.every((id) => fallback.includes(id))) {
    values.push(fallback);
  }
  let partial = false;
  // Combinations of size k in lexicographic order of option positions, iteratively (no recursion, no 2^n array).
  for (let k = min; k <= max && !partial; k++) {
    const at = Array.from({ length: k }, (_, j) => j);
    for (;;) {
      const s = [...must, ...at.map((j) => ids[j]!)];
      if (!isFallback(s)) {
        if (values.length >= most) {
          partial = true;
          break;
        }
        values.push(s);
      }
      let j = k - 1;
      while (j >= 0 && at[j] === ids.length - k + j) j--;
      if (j < 0) break;
      at[j]!++;
      for (let r = j + 1; r < k; r++) at[r] = at[r - 1]! + 1;
    }
  }
  limit(values.length);
  return { values, partial };
}

/**
 * The domains of a request's tables (exact/typed.ts): as the analysis has them, except that each multi-select sent
 * holds the selections that hold every option sent (ticking more never unticks what the buyer ticked).
 */
export function spaceFor(a: Analysis, fields: readonly FieldIR[], sent: readonly unknown[]): Space {
  if (!fields.some((f, i) => f.valueType === 'list' && a.domains[i] !== null && Array.isArray(sent[i]))) return a;
  const domains = [...a.domains];
  const partial = [...a.partial];
  const limit = selectionLimit();
  fields.forEach((f, i) => {
    const raw = sent[i];
    if (f.valueType !== 'list' || a.domains[i] === null || !Array.isArray(raw)) return;
    const d = selections(
      f,
      raw.filter((x): x is string => typeof x === 'string'),
      limit,
    );
    domains[i] = d.values;
    partial[i] = d.partial;
  });
  return { domains, partial };
}

/**
 * The numbers an expression compares or looks up with, through the lets it reads (memoized per let): its literals,
 * and the bands of the range and matrix tables it calls (the last band first: past it a lookup faults).
 */
function numbersOf(ir: ProductIR): (e: Expr) => { first: Set<number>; all: Set<number> } {
  const memo = new Map<string, { first: Set<number>; all: Set<number> }>();
  const into = (e: Expr, out: { first: Set<number>; all: Set<number> }, seen: Set<string>): void => {
    if (e.k === 'num') out.all.add(e.v);
    else if (e.k === 'ref' && Object.hasOwn(ir.lets, e.name) && !seen.has(e.name)) {
      seen.add(e.name);
      into(ir.lets[e.name]!, out, seen);
    } else if (e.k === 'table') {
      const t = ir.tables[e.table];
      const bands = t?.kind === 'range' ? [t.bands] : t?.kind === 'matrix' ? [t.rows, t.columns] : [];
      for (const b of bands) {
        out.first.add(b[b.length - 1]!);
        for (const x of b) out.all.add(x);
      }
    }
    for (const x of childrenOf(e)) into(x, out, seen);
  };
  return (e) => {
    const key = e.k === 'ref' ? e.name : undefined;
    const known = key === undefined ? undefined : memo.get(key);
    if (known) return known;
    const out = { first: new Set<number>(), all: new Set<number>() };
    into(e, out, new Set());
    if (key !== undefined) memo.set(key, out);
    return out;
  };
}

/**
 * Choice fields: their options; multi-selects: their selections (`selections`); checkboxes: false and true; numbers: their fallback, bounds and the thresholds
 * (t - step, t, t + step on the step grid) of the checks that depend on them. Other types are not searched:
 * they keep their value (sent, or default).
 */
function domainOf(
  f: FieldIR,
  checks: readonly Check[],
  i: number,
  numbersIn: (e: Expr) => { first: Set<number>; all: Set<number> },
): Val[] | null {
  const spec = fieldType(f.type);
  if (spec.computed) return null;
  if (spec.choice && f.valueType === 'string' && f.options) {
    const first = f.fallback as string;
    return [first, ...f.options.map((o) => o.id).filter((id) => id !== first)];
  }
  if (f.valueType === 'boolean') return [f.fallback, !f.fallback];
  if (f.valueType !== 'number' || typeof f.min !== 'number' || typeof f.max !== 'number') return null;
  const { min, max } = f;
  const step = f.step ?? 0;
  const edges = new Set<number>();
  const thresholds = new Set<number>();
  for (const c of checks) {
    if (!c.deps.includes(i)) continue;
    const { first, all } = numbersIn(c.expr);
    for (const x of first) edges.add(x);
    for (const x of all) thresholds.add(x);
  }
  const grid = (v: number): number => (step > 0 ? min + Math.round((v - min) / step) * step : v);
  const points = new Set<number>([f.fallback as number, min, max]);
  const fallback = f.fallback as number;
  const byNearness = (a: number, b: number) => Math.abs(a - fallback) - Math.abs(b - fallback);
  const near = [...[...edges].sort(byNearness), ...[...thresholds].filter((t) => !edges.has(t)).sort(byNearness)];
  for (const t of near) {
    for (const v of [t - step, t, t + step]) {
      const p = Number(grid(v).toFixed(10));
      if (p >= min && p <= max && points.size < MAX_NUMBER_POINTS) points.add(p);
    }
  }
  return [...points];
}
