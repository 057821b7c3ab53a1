// A check written over literals (issue 44, item 4): a condition made only of `and`, `or` and `not` over tests of one
// field each (`c == "v"`, `c != "v"`, `c in ["v", "w"]`, `"o" in list`, a checkbox) is decided by which of its tests
// hold, not by the values behind them. Its table is then one row per combination of the tests' outcomes that passes,
// each cell the values giving that outcome (a list cell), rather than a row per combination of the fields' values:
// an option pack reading three equipment lists of thousands of selections each is a table of a few rows, not tens
// of millions of combinations left to the search (verified by evaluation, residual.ts), which on the car line's shape
// spent the whole budget (test/fixtures/car-line-hard.ts).
import type { Expr, FieldIR, ProductIR } from '../../ir';
import type { CompiledModel } from '../../runtime/compiled-model';
import type { Ctx } from '../../runtime/context';
import type { Val } from '../../runtime/fault';
import type { Analysis } from '../analysis';
import type { Budget } from '../budget';
import type { Check } from '../check';
import { fails } from '../verdict';
import type { Cell } from './excluded';

/** Combinations of the tests' outcomes evaluated for one check, at most (as MAX_TABULATED bounds the values'). */
const MAX_OUTCOMES = 4096;

/** A test of one field: whether a value passes it. */
type Test = (v: Val) => boolean;

/**
 * The check's rows over its fields (`deps`, each a column) as list cells, when it is written over literals of fields
 * read as they are (no condition on their visibility or enabling, no computed value); undefined when it is not, null
 * once `budget` is spent.
 */
export function literalRows(
  m: CompiledModel,
  c: Ctx,
  a: Analysis,
  check: Check,
  deps: readonly number[],
  budget: Budget,
): Cell[][] | null | undefined {
  if (check.issue !== undefined) return undefined;
  const tests = new Map<number, Test[]>();
  if (!literalsOf(m.ir, m.fieldIndex, check.expr, tests)) return undefined;
  if (tests.size !== deps.length || !deps.every((d) => tests.has(d) && a.domains[d] !== null)) return undefined;
  // Each field's values by the outcomes of its tests: values alike in every test are alike to the check.
  const classes = deps.map((d) => {
    const byOutcome = new Map<string, number[]>();
    a.domains[d]!.forEach((v, k) => {
      const key = tests
        .get(d)!
        .map((t) => (t(v) ? '1' : '0'))
        .join('');
      const same = byOutcome.get(key);
      if (same) same.push(k);
      else byOutcome.set(key, [k]);
    });
    return [...byOutcome.values()];
  });
  if (classes.reduce((n, x) => n * x.length, 1) > MAX_OUTCOMES) return undefined;
  const at = deps.map(() => 0);
  const rows: Cell[][] = [];
  for (;;) {
    c.reset(m.ir.quantity.default);
    deps.forEach((d, j) => {
      c.raw[d] = a.domains[d]![classes[j]![at[j]!]![0]!];
    });
    if (!fails(c, check)) {
      rows.push(
        deps.map((d, j) => {
          const values = classes[j]![at[j]!]!;
          return values.length === a.domains[d]!.length ? -1 : values.length === 1 ? values[0]! : values;
        }),
      );
    }
    if (!budget.spend(check.cost)) return null;
    let j = deps.length - 1;
    while (j >= 0 && at[j] === classes[j]!.length - 1) at[j--] = 0;
    if (j < 0) return rows;
    at[j]!++;
  }
}

/** A field read as it is: no condition on it or its group, no computed value, a domain of ids or booleans. */
function plain(ir: ProductIR, f: FieldIR): boolean {
  const g = ir.groups.find((x) => x.id === f.group);
  return (
    f.visibleWhen === undefined &&
    f.enabledWhen === undefined &&
    f.value === undefined &&
    g?.visibleWhen === undefined &&
    g?.enabledWhen === undefined &&
    (f.valueType === 'string' || f.valueType === 'boolean' || f.valueType === 'list')
  );
}

/**
 * Whether `e` is `and`, `or` and `not` over literals, each a test of one plain field; the tests are added to `tests`
 * by field index.
 */
function literalsOf(ir: ProductIR, fieldIndex: ReadonlyMap<string, number>, e: Expr, tests: Map<number, Test[]>): boolean {
  const field = (x: Expr): number | undefined => {
    if (x.k !== 'ref') return undefined;
    const i = fieldIndex.get(x.name);
    return i !== undefined && plain(ir, ir.fields[i]!) ? i : undefined;
  };
  const add = (i: number, t: Test) => {
    const known = tests.get(i);
    if (known) known.push(t);
    else tests.set(i, [t]);
    return true;
  };
  const constant = (x: Expr) => (x.k === 'str' || x.k === 'bool' ? x.v : undefined);
  switch (e.k) {
    case 'bool':
      return true;
    case 'not':
      return literalsOf(ir, fieldIndex, e.a, tests);
    case 'ref': {
      const i = field(e);
      return i !== undefined && ir.fields[i]!.valueType === 'boolean' && add(i, (v) => v === true);
    }
    case 'bin': {
      if (e.op === 'and' || e.op === 'or')
        return literalsOf(ir, fieldIndex, e.a, tests) && literalsOf(ir, fieldIndex, e.b, tests);
      if (e.op !== '==' && e.op !== '!=') return false;
      const [i, value] = field(e.a) !== undefined ? [field(e.a), constant(e.b)] : [field(e.b), constant(e.a)];
      if (i === undefined || value === undefined || ir.fields[i]!.valueType === 'list') return false;
      return add(i, (v) => v === value);
    }
    case 'in': {
      if (e.set !== undefined) {
        const i = field(e.set);
        const id = e.list.length === 0 && e.a.k === 'str' ? e.a.v : undefined;
        if (i === undefined || id === undefined || ir.fields[i]!.valueType !== 'list') return false;
        return add(i, (v) => Array.isArray(v) && v.includes(id));
      }
      const i = field(e.a);
      const ids = e.list.map(constant);
      if (i === undefined || ids.some((x) => x === undefined) || ir.fields[i]!.valueType === 'list') return false;
      return add(i, (v) => ids.includes(v as string | boolean));
    }
    default:
      return false;
  }
}
