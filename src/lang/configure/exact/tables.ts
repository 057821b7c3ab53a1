// A model's checks as tables over finite domains, built once per model (issue 25): the exact engine (exact/index.ts)
// decides availability over these. A compatibility table whose columns are plain choice fields is taken as written (its
// rows, "*" cells included); any other check whose fields all have finite domains is tabulated by evaluating it, with
// the runtime's own closures, on every combination of its fields' values, within MAX_TABULATED and
// MAX_TABULATION_UNITS; a check every combination passes is no table. A check the tables cannot hold (one reading
// `quantity`, a text or a date, or past the bounds) is residual (issue 33): the solver verifies it by evaluation on
// every state it trusts (residual.ts), and the tables keep the rest exact; `untabulated` says which and why. A
// multi-select past its selections is held over its first ones (`Tables.partial`): what no solution among them has
// is then not known rather than refuted (exact/index.ts).
import { fieldType } from '../../fields/registry';
import type { Expr } from '../../ir';
import { readsQuantity } from '../../ir-checks';
import type { CompiledModel } from '../../runtime/compiled-model';
import type { Ctx } from '../../runtime/context';
import type { Val } from '../../runtime/fault';
import { type Analysis, MAX_SELECTIONS } from '../analysis';
import { Budget } from '../budget';
import type { Check } from '../check';
import { fails } from '../verdict';
import { type Cell, type Excluded, excludedOf } from './excluded';
import { literalRows } from './literals';
import { type Pair, pairOf, pairWords } from './pairs';

/** Combinations of one check's fields evaluated to tabulate it, at most. */
export const MAX_TABULATED = 20_000;
/**
 * Work units (budget.ts) tabulating all the checks of a model may spend, at most: each evaluation is charged as a
 * request's search charges it (the check's nodes and every slot it computes), so a check reading a long let costs
 * its length on every combination, not one unit.
 */
export const MAX_TABULATION_UNITS = 5_000_000;
/**
 * Work units tabulating anew the checks that read a multi-select a request's own tables narrow (typed.ts) may spend,
 * at most: the request pays them (its budget charges the context's work), once per set of ticks kept.
 */
export const MAX_REQUEST_TABULATION_UNITS = 500_000;
/** 32-bit words of row sets a model's tables may take, at most: 16 MB of supports. */
export const MAX_TABLE_WORDS = 4_000_000;

/** A table over variables: rows of value indexes (-1: any value; a list: any of those values). */
export interface Table {
  readonly vars: Int32Array;
  readonly rows: number;
  /** Words of one row set. */
  readonly words: number;
  /** By column, by value: offset in `bits` of the rows that allow the value (naming it, or "*"). */
  readonly sup: Int32Array[];
  /**
   * By column, by value: offset in `bits` of the rows naming the value alone (not "*", not in a list), or -1 when
   * none does: the rows no longer possible once the value is removed.
   */
  readonly strict: Int32Array[];
  /**
   * Whether some cell is a list. A list row stays possible while any of its values does, which removing values
   * one by one does not tell: once its variable is down to one value, a table with lists keeps only the rows that
   * allow it (Solver.remove), so that a solution's rows all match it.
   */
  readonly listed: boolean;
  /**
   * An `exclude:` table: its excluded rows, checked forward by the solver (excluded.ts). It then has no row sets:
   * `rows` and `words` are 0, `sup` and `strict` empty.
   */
  readonly excluded?: Excluded;
  /**
   * A table of two columns (and not `exclude:`): its partner sets (pairs.ts), revised exactly by the solver. It
   * then has no row sets either.
   */
  readonly pair?: Pair;
  /** The check it stands for: its index in the analysis's checks. */
  readonly check: number;
}

/** The finite part of a model: its variables (the fields searched) and tables. */
export interface Tables {
  /** By variable: its field index. */
  readonly fields: Int32Array;
  /** By field index: its variable, or -1. */
  readonly varOf: Int32Array;
  /** By variable: its values (the analysis's domain, in its order). */
  readonly values: readonly (readonly Val[])[];
  /** By variable: the offset of its first value in flat per-value arrays. */
  readonly offset: Int32Array;
  readonly totalValues: number;
  readonly tables: readonly Table[];
  /** By variable: the tables it is a column of, and its column in each; its pair tables last, from `pairsFrom`. */
  readonly tablesOf: readonly Int32Array[];
  readonly columnOf: readonly Int32Array[];
  /**
   * By variable: where its pair tables start in `tablesOf` (a variable's removals queue them together: the car
   * line's hub is a column of 150).
   */
  readonly pairsFrom: Int32Array;
  /** Row sets of every table, by the offsets of `Table.sup` and `Table.strict`; and the partner sets of `Table.pair`. */
  readonly bits: Uint32Array;
  /** Offset of each table's current rows in a search's row-set array; and that array's length. */
  readonly rowsAt: Int32Array;
  readonly totalWords: number;
  /** A check that depends on no variable fails: no configuration passes. */
  readonly never: boolean;
  /** The checks the tables do not hold, in the analysis's order: verified by evaluation (residual.ts). */
  readonly residual: readonly Residue[];
  /**
   * Whether a variable's values leave some out (a multi-select past MAX_SELECTIONS, analysis.ts): a value no solution
   * has is then not proven to have none.
   */
  readonly partial: boolean;
}

/** A check the tables do not hold. */
export interface Residue {
  /** Its index in the analysis's checks. */
  readonly check: number;
  /** The variables it reads. */
  readonly vars: Int32Array;
  /** Whether it also reads what a request sends beside the variables: the quantity, a text, a date, a number. */
  readonly inputs: boolean;
  /** Why the tables do not hold it, with the bound: a sentence for the modeller. */
  readonly why: string;
}

/**
 * What the tables do not hold exactly: a check they verify by evaluation (its index in the analysis's checks), or a
 * multi-select held over its first selections (`field`, its index; `check` -1).
 */
export interface Untabulated {
  readonly check: number;
  readonly field?: number;
  /** What stopped them, with the bound: a sentence for the modeller. */
  readonly why: string;
  /** Whether it is a check left only for reading what a request sends (no bound passed: Residue.inputs). */
  readonly inputs: boolean;
}

const built = new WeakMap<Analysis, Tables>();

/** The model's tables, built once per analysis. */
export function tablesOf(m: CompiledModel, c: Ctx, a: Analysis): Tables {
  let t = built.get(a);
  if (t === undefined) {
    t = build(m, c, a);
    built.set(a, t);
  }
  return t;
}

/**
 * What the model's tables do not hold exactly, or undefined when they hold every check and every selection: a
 * multi-select past its selections first, else the first residual check past a bound, else the first residual.
 */
export function untabulated(m: CompiledModel, c: Ctx, a: Analysis): Untabulated | undefined {
  const t = tablesOf(m, c, a);
  const field = t.fields.find((f) => a.partial[f] === true);
  if (field !== undefined) {
    const id = m.ir.fields[field]!.id;
    return {
      check: -1,
      field,
      why: `multi-select "${id}" has more selections than the ${MAX_SELECTIONS} the tables hold`,
      inputs: false,
    };
  }
  // A check past a bound first: the one a modeller can act on.
  const first = t.residual.find((r) => !r.inputs) ?? t.residual[0];
  return first && { check: first.check, why: first.why, inputs: first.inputs };
}

interface Rows {
  fields: number[];
  rows: Cell[][];
  /** Whether the rows are those the check excludes. */
  exclude?: boolean;
  check: number;
}

/**
 * Cells of the rows a model's checks tabulate to kept, at most, so that the tables of a number typed off its points
 * (typed.ts) evaluate only the combinations with the typed value: the checks whose rows are not kept (past it, in
 * the analysis's order) are verified by evaluation in such tables.
 */
const MAX_KEPT_CELLS = 200_000;

/**
 * Combinations with a typed value (typed.ts) a check is tabulated for, at most: past it the check is verified by
 * evaluation in those tables (residual.ts), so that a request typing a new value pays its searches, not a table of
 * every combination of the check's other fields (signage's checks over six fields took 1–8 ms a request).
 */
const MAX_ADDED = 64;

/** By check, the rows its tabulation gave, over the model's domains (`a`): what tables of typed values start from. */
export interface Tabulated {
  readonly a: Analysis;
  readonly rows: ReadonlyMap<number, number[][]>;
}
const tabulated = new WeakMap<Analysis, Tabulated>();

/** The rows the model's checks tabulated to (those kept within MAX_KEPT_CELLS), built with its tables. */
export function tabulatedOf(m: CompiledModel, c: Ctx, a: Analysis): Tabulated {
  tablesOf(m, c, a);
  return tabulated.get(a)!;
}

/**
 * A model's tables over the domains of `a`: the model's (tablesOf), or a request's (typed.ts), with values added to
 * some fields' domains (`from`: the model's tabulation, whose rows stay rows; only the combinations with an added
 * value are evaluated) and the fields of `narrowed` given other values (a multi-select's selections that hold what
 * the buyer ticked): the checks reading those are tabulated anew over them, within MAX_TABULATED combinations and
 * the request's units (verified by evaluation past them).
 */
export function build(
  m: CompiledModel,
  c: Ctx,
  a: Analysis,
  from?: Tabulated,
  narrowed: ReadonlySet<number> = new Set(),
): Tables {
  const { ir } = m;
  const fields: number[] = [];
  const varOf = new Int32Array(ir.fields.length).fill(-1);
  a.domains.forEach((d, i) => {
    if (d === null) return;
    varOf[i] = fields.length;
    fields.push(i);
  });
  const quantity = readsQuantity(ir);
  const computed = (i: number) => fieldType(ir.fields[i]!.type).computed;
  const collected: Rows[] = [];
  const rowsOf = new Map<number, number[][]>();
  let cells = 0;
  const residual: Residue[] = [];
  const budget = new Budget(c, MAX_TABULATION_UNITS);
  let narrowedLeft = MAX_REQUEST_TABULATION_UNITS;
  let never = false;
  for (let k = 0; k < a.checks.length; k++) {
    const check = a.checks[k]!;
    // A computed field's value follows from the fields it reads, which are among the dependencies too.
    const deps = check.deps.filter((d) => !(a.domains[d] === null && computed(d)));
    const open = deps.find((d) => a.domains[d] === null);
    const leave = (why: string, inputs = false) => {
      const vars = Int32Array.from(
        deps.filter((d) => varOf[d]! >= 0),
        (d) => varOf[d]!,
      );
      residual.push({ check: k, vars, inputs, why });
    };
    if (quantity(check.expr)) {
      leave('it reads the quantity, which the tables do not hold', true);
      continue;
    }
    if (open !== undefined) {
      const id = ir.fields[open]!.id;
      leave(`it reads "${id}", whose values are no finite list (a text, a date, a number without bounds)`, true);
      continue;
    }
    const written = asWritten(m, a, check, deps);
    if (written !== undefined) {
      collected.push({ fields: deps, ...written, check: k });
      continue;
    }
    const combinations = deps.reduce((n, d) => n * a.domains[d]!.length, 1);
    // A check over literals reading a multi-select, or past the combinations tabulated, as its tests' outcomes
    // (literals.ts): a few rows of list cells rather than every selection evaluated, or none held.
    if (combinations > MAX_TABULATED || deps.some((d) => ir.fields[d]!.valueType === 'list')) {
      const rows = literalRows(m, c, a, check, deps, budget);
      if (rows === null) {
        leave(`tabulating it passed the ${MAX_TABULATION_UNITS} work units a product's tables may take`);
        continue;
      }
      if (rows !== undefined) {
        if (rows.length === 0) never = true;
        else if (!rows.every((row) => row.every((cell) => cell === -1))) collected.push({ fields: deps, rows, check: k });
        continue;
      }
    }
    if (combinations > MAX_TABULATED) {
      leave(`its fields' values make ${combinations} combinations; at most ${MAX_TABULATED} are tabulated`);
      continue;
    }
    // In a request's tables, a check is tabulated again only from the model's rows, for the combinations with a value
    // added; once the units are spent, the checks left to tabulate are residual too (tables as written are still held).
    // A check reading a narrowed multi-select has no rows to start from: its combinations are all evaluated, since
    // verifying it by evaluation makes every search refute a value by trying each selection (issue 44: a child seat
    // among 13 accessories spent the whole budget proving that the default frame takes none).
    const anew = deps.some((d) => narrowed.has(d));
    const model = anew ? undefined : from?.rows.get(k);
    if (from && model === undefined && !anew) {
      leave(`its rows are not among the ${MAX_KEPT_CELLS} cells the model keeps for a request's own tables`);
      continue;
    }
    const known = model && { rows: model, sizes: deps.map((d) => from!.a.domains[d]!.length) };
    if (known && combinations - known.sizes.reduce((n, s) => n * s, 1) > MAX_ADDED) {
      leave(`the combinations with a value typed off its points pass the ${MAX_ADDED} evaluated per request`);
      continue;
    }
    const own = anew ? new Budget(c, narrowedLeft) : budget;
    const rows = budget.spent || own.spent ? null : tabulate(m, c, a, check, deps, own, known);
    if (anew) narrowedLeft -= own.used;
    if (rows === null) {
      leave(
        anew
          ? `tabulating it over the selections narrowed passed the ${MAX_REQUEST_TABULATION_UNITS} work units a request's tables may take`
          : `tabulating it passed the ${MAX_TABULATION_UNITS} work units a product's tables may take`,
      );
      continue;
    }
    if (deps.length === 0) never ||= rows.length === 0;
    // A check every combination passes constrains nothing: its table would only cost each search its rows.
    else if (rows.length < combinations) collected.push({ fields: deps, rows, check: k });
    if (cells + rows.length * deps.length <= MAX_KEPT_CELLS) {
      rowsOf.set(k, rows);
      cells += rows.length * deps.length;
    }
  }
  if (from === undefined) tabulated.set(a, { a, rows: rowsOf });
  return assemble(fields, varOf, a, collected, never, residual);
}

/**
 * A compatibility table of plain choice fields (no condition on their visibility), as its rows as written: those it
 * allows, or for an `exclude:` table those it excludes (excluded.ts); undefined for any other check.
 */
function asWritten(
  m: CompiledModel,
  a: Analysis,
  check: Check,
  deps: number[],
): { rows: Cell[][]; exclude: boolean } | undefined {
  const exclude = check.expr.k === 'not' && check.expr.a.k === 'rows';
  const e: Expr = exclude && check.expr.k === 'not' ? check.expr.a : check.expr;
  if (e.k !== 'rows' || check.fails) return undefined;
  const columns = e.columns.map((id) => m.fieldIndex.get(id) ?? -1);
  if (columns.length !== deps.length || !columns.every((f) => deps.includes(f))) return undefined;
  const index = columns.map((f) => new Map(a.domains[f]!.map((v, k) => [v, k])));
  const out: Cell[][] = [];
  for (const row of e.rows) {
    const cells = row.map((cell, j): Cell => {
      if (cell === null) return -1;
      if (typeof cell === 'string') return index[j]!.get(cell) ?? -2;
      // A list's options that are not in the field's domain match nothing; the others stay.
      const values = cell.flatMap((id) => index[j]!.get(id) ?? []).sort((x, y) => x - y);
      return values.length === 0 ? -2 : values.length === 1 ? values[0]! : values;
    });
    // A cell naming no option of its field matches nothing: the row allows (or excludes) nothing.
    if (cells.includes(-2)) continue;
    // Columns in the order of `deps`.
    out.push(deps.map((d) => cells[columns.indexOf(d)]!));
  }
  return { rows: out, exclude };
}

/**
 * The combinations of the fields' values that pass the check, each evaluated with the runtime's closure and charged
 * to `budget`; null once it is spent. `known`: the rows over smaller domains (`sizes`, the values added after
 * them), whose combinations are not evaluated again.
 */
function tabulate(
  m: CompiledModel,
  c: Ctx,
  a: Analysis,
  check: Check,
  deps: number[],
  budget: Budget,
  known?: { rows: number[][]; sizes: number[] },
): number[][] | null {
  const sizes = deps.map((d) => a.domains[d]!.length);
  const at = deps.map(() => 0);
  const out: number[][] = known ? [...known.rows] : [];
  for (;;) {
    if (known === undefined || at.some((v, j) => v >= known.sizes[j]!)) {
      c.reset(m.ir.quantity.default);
      deps.forEach((d, j) => {
        c.raw[d] = a.domains[d]![at[j]!];
      });
      if (!fails(c, check)) out.push([...at]);
      if (!budget.spend(check.cost)) return null;
    }
    let j = deps.length - 1;
    while (j >= 0 && at[j] === sizes[j]! - 1) at[j--] = 0;
    if (j < 0) return out;
    at[j]!++;
  }
}

function assemble(
  fields: number[],
  varOf: Int32Array,
  a: Analysis,
  collected: Rows[],
  never: boolean,
  residual: Residue[],
): Tables {
  const values = fields.map((f) => a.domains[f]!);
  const offset = new Int32Array(fields.length);
  let totalValues = 0;
  values.forEach((v, x) => {
    offset[x] = totalValues;
    totalValues += v.length;
  });
  // Sizes first, before anything is allocated: a table that would take the row sets past MAX_TABLE_WORDS is residual
  // (verified by evaluation, residual.ts), in the analysis's order, and the tables keep the others.
  let words = 0;
  let totalWords = 0;
  const held: Rows[] = [];
  for (const t of collected) {
    let cost = 0;
    let own = 0;
    if (t.exclude) {
      // Its index holds a row number per value a cell names.
      for (const row of t.rows) for (const cell of row) cost += typeof cell === 'number' ? 1 : cell.length;
    } else if (t.fields.length === 2) {
      cost = pairWords(t.fields.map((f) => a.domains[f]!.length));
    } else {
      own = Math.ceil(t.rows.length / 32);
      for (const f of t.fields) cost += 2 * own * a.domains[f]!.length;
    }
    if (words + cost > MAX_TABLE_WORDS) {
      const why = `the tables' row sets would pass ${MAX_TABLE_WORDS} words (${4 * MAX_TABLE_WORDS} bytes) with it`;
      residual.push({ check: t.check, vars: Int32Array.from(t.fields, (f) => varOf[f]!), inputs: false, why });
      continue;
    }
    words += cost;
    totalWords += own;
    held.push(t);
  }
  residual.sort((x, y) => x.check - y.check);
  const bits = new Uint32Array(words);
  let next = 0;
  const rowsAt = new Int32Array(held.length);
  const tablesOf: number[][] = fields.map(() => []);
  const columnOf: number[][] = fields.map(() => []);
  const pairsOf: number[][] = fields.map(() => []);
  let at = 0;
  const tables = held.map((t, k): Table => {
    const vars = Int32Array.from(t.fields, (f) => varOf[f]!);
    rowsAt[k] = at;
    const isPair = !t.exclude && t.fields.length === 2;
    t.fields.forEach((f, j) => {
      if (isPair) pairsOf[varOf[f]!]!.push(k, j);
      else {
        tablesOf[varOf[f]!]!.push(k);
        columnOf[varOf[f]!]!.push(j);
      }
    });
    if (t.exclude) {
      const excluded = excludedOf(
        t.rows,
        t.fields.map((f) => a.domains[f]!.length),
      );
      return { vars, rows: 0, words: 0, sup: [], strict: [], listed: false, excluded, check: t.check };
    }
    if (isPair) {
      const sizes = t.fields.map((f) => a.domains[f]!.length);
      const pair = pairOf(t.rows, sizes, bits, next);
      next += pairWords(sizes);
      return { vars, rows: 0, words: 0, sup: [], strict: [], listed: false, pair, check: t.check };
    }
    const w = Math.ceil(t.rows.length / 32);
    at += w;
    const sup: Int32Array[] = [];
    const strict: Int32Array[] = [];
    let listed = false;
    t.fields.forEach((f, j) => {
      const n = a.domains[f]!.length;
      const s = new Int32Array(n);
      const st = new Int32Array(n).fill(-1);
      for (let v = 0; v < n; v++) {
        s[v] = next;
        next += w;
      }
      t.rows.forEach((row, r) => {
        const cell = row[j]!;
        const bit = 1 << (r & 31);
        const word = r >>> 5;
        if (cell === -1) {
          for (let v = 0; v < n; v++) bits[s[v]! + word]! |= bit;
          return;
        }
        if (typeof cell !== 'number') {
          // Not strict: the row stays possible while any of its values does (Solver.remove narrows by it).
          for (const value of cell) bits[s[value]! + word]! |= bit;
          listed = true;
          return;
        }
        bits[s[cell]! + word]! |= bit;
        if (st[cell] === -1) {
          st[cell] = next;
          next += w;
        }
        bits[st[cell]! + word]! |= bit;
      });
      sup.push(s);
      strict.push(st);
    });
    return { vars, rows: t.rows.length, words: w, sup, strict, listed, check: t.check };
  });
  return {
    fields: Int32Array.from(fields),
    varOf,
    values,
    offset,
    totalValues,
    tables,
    tablesOf: tablesOf.map((x, v) => Int32Array.from([...x, ...pairsOf[v]!.filter((_, i) => i % 2 === 0)])),
    columnOf: columnOf.map((x, v) => Int32Array.from([...x, ...pairsOf[v]!.filter((_, i) => i % 2 === 1)])),
    pairsFrom: Int32Array.from(tablesOf, (x) => x.length),
    bits: bits.subarray(0, next),
    rowsAt,
    totalWords,
    never,
    residual,
    partial: fields.some((f) => a.partial[f]),
  };
}
