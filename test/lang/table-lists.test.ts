// Compatibility table cells that list options (issue 25): `["diesel", ["a", "b"], "*"]` matches a row whose second
// column is a or b. Both parsers read them alike; the run-time index, the explanation, the JSON Logic `rows` op and
// the exact engine agree with the meaning written out row by row; a form's options agree with the server.
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/lang/check/index';
import { compile } from '../../src/lang/compile/index';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Budget } from '../../src/lang/configure/budget';
import { exactAvailability } from '../../src/lang/configure/exact/index';
import { Diagnostics } from '../../src/lang/diagnostics';
import { expand } from '../../src/lang/expand/index';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR, TableCell } from '../../src/lang/ir';
import { logicOperations } from '../../src/lang/logic-ops';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import type { Fn } from '../../src/lang/runtime/context';
import { Ctx } from '../../src/lang/runtime/context';
import type { Val } from '../../src/lang/runtime/fault';
import { compileRows, decidingColumns, patternsOf, type RowsExpr, rowsCost } from '../../src/lang/runtime/rows';
import { fastParseDeclaration } from '../../src/lang/syntax/fast-parse';
import { parse, parseWithOhm } from '../../src/lang/syntax/parse';
import { SourceMap } from '../../src/lang/syntax/source';
import { split } from '../../src/lang/syntax/split';
import car from '../fixtures/logic/table-lists.cpq?raw';
import { formOf } from './logic-harness';
import { random } from './random';

/** Whether a cell allows a value, as the rows are meant: written out, one option at a time. */
const allows = (cell: TableCell, v: Val | undefined) =>
  cell === null || (typeof cell === 'string' ? v === cell : typeof v === 'string' && cell.includes(v));

/** "Some row matches", row by row. */
const naiveMatch = (rows: readonly TableCell[][], values: readonly (Val | undefined)[]) =>
  rows.some((row) => row.every((cell, i) => allows(cell, values[i])));

/** The row-by-row `or` of `and`s' explanation: the first matching row's cells, else each row's first differing cell. */
function naiveDeciding(rows: readonly TableCell[][], values: readonly (Val | undefined)[]): number[] {
  const named = (row: readonly TableCell[]) => row.flatMap((cell, i) => (cell === null ? [] : [i]));
  const first = rows.find((row) => row.every((cell, i) => allows(cell, values[i])));
  if (first !== undefined) return named(first);
  const out = new Set<number>();
  for (const row of rows) out.add(named(row).find((i) => !allows(row[i]!, values[i]))!);
  return [...out].sort((a, b) => a - b);
}

/** A random table over `domains` (option k of a column is `o<k>`): cells single, lists or "*". */
function randomRows(next: () => number, domains: readonly number[], count: number): TableCell[][] {
  const int = (n: number) => Math.floor(next() * n);
  return Array.from({ length: count }, () =>
    domains.map((d): TableCell => {
      const x = next();
      if (x < 0.15) return null;
      if (x < 0.55 || d < 2) return `o${int(d)}`;
      const picked = [...new Set(Array.from({ length: 2 + int(d - 1) }, () => `o${int(d)}`))];
      return picked.length === 1 ? picked[0]! : picked;
    }),
  );
}

/** Every combination of the columns' values, with a value no cell names and a non-string now and then. */
function* combinations(domains: readonly number[]): Generator<Val[]> {
  const choices = domains.map((d) => [...Array.from({ length: d }, (_, k) => `o${k}`), 'other', 7]);
  const at = domains.map(() => 0);
  for (;;) {
    yield at.map((k, i) => choices[i]![k]!);
    let j = at.length - 1;
    while (j >= 0 && at[j] === choices[j]!.length - 1) at[j--] = 0;
    if (j < 0) return;
    at[j]!++;
  }
}

describe('the two parsers', () => {
  it('read option lists in cells alike, declaration by declaration', () => {
    const map = new SourceMap(car);
    const chunks = split(map, new Diagnostics())?.chunks ?? [];
    let tables = 0;
    for (const chunk of chunks) {
      const text = car.slice(chunk.start, chunk.end);
      const fast = fastParseDeclaration(map, chunk.start, chunk.end);
      const diags = new Diagnostics();
      const ohm = parseWithOhm(map, chunk, diags);
      expect(diags.list, text).toEqual([]);
      expect(fast, text).not.toBeNull();
      expect(JSON.stringify(fast), text).toBe(JSON.stringify(ohm));
      if (text.includes('[["')) tables++;
    }
    expect(tables).toBe(3);
  });
});

describe('a rows expression with option lists', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: the index, the explanation and the JSON Logic op agree with the rows written out`, () => {
      const next = random(seed);
      const domains = Array.from({ length: 2 + Math.floor(next() * 3) }, () => 2 + Math.floor(next() * 4));
      const rows = randomRows(next, domains, 1 + Math.floor(next() * 40));
      const e: RowsExpr = { k: 'rows', columns: domains.map((_, i) => `c${i}`), rows, at: { line: 1, column: 1 } };
      let values: Val[] = [];
      const fn = compileRows(
        e,
        domains.map(
          (_, i): Fn =>
            () =>
              values[i]!,
        ),
      );
      const op = logicOperations({}, jsonLogic.apply).rows!;
      let matched = 0;
      for (const combination of combinations(domains)) {
        values = combination;
        const truth = naiveMatch(rows, values);
        if (truth) matched++;
        const what = `${JSON.stringify(values)} in ${JSON.stringify(rows)}`;
        expect(fn(undefined as never), what).toBe(truth);
        expect(op.call({}, values, rows), what).toBe(truth);
        expect(
          decidingColumns(e, (i) => values[i]),
          what,
        ).toEqual(naiveDeciding(rows, values));
      }
      expect(matched).toBeGreaterThan(0);
    });
  }

  it('is indexed in one pass over its cells, not the product of its lists, and costs a word per 32 rows', () => {
    const options = Array.from({ length: 300 }, (_, k) => `o${k}`);
    // 2,000 rows of two lists of 300 options: written out, 180 million rows.
    const rows: TableCell[][] = Array.from({ length: 2000 }, (_, r) => [
      options.filter((_, k) => (k + r) % 2 === 0),
      options.filter((_, k) => (k + r) % 3 !== 0),
    ]);
    const e: RowsExpr = { k: 'rows', columns: ['a', 'b'], rows, at: { line: 1, column: 1 } };
    const entries = patternsOf(e).reduce(
      (n, p) => n + (p.listed?.byColumn.reduce((m, sets) => m + sets.size, 0) ?? 0) + (p.trie?.size ?? 0),
      0,
    );
    expect(entries).toBeLessThanOrEqual(600);
    // Two columns, each one lookup and 63 words of row sets.
    expect(rowsCost(e)).toBe(2 * (1 + 63));
    let values: Val[] = ['o1', 'o2'];
    const fn = compileRows(e, [() => values[0]!, () => values[1]!]);
    expect(fn(undefined as never)).toBe(naiveMatch(rows, values));
    values = ['o3', 'o299'];
    expect(fn(undefined as never)).toBe(naiveMatch(rows, values));
  });
});

/** A product over `domains` (field f<i>, options o<k>) tied by the tables, compiled without the form's checks. */
function productOf(domains: readonly number[], tables: { columns: number[]; rows: TableCell[][]; exclude: boolean }[]) {
  const out = ['product "P" { currency: EUR }'];
  domains.forEach((d, i) => {
    const options = Array.from({ length: d }, (_, k) => `o${k} { label: "${k}" }`).join(', ');
    out.push(`field f${i}: dropdown { label: "F${i}", options { ${options} } }`);
  });
  tables.forEach((t, k) => {
    const cell = (c: TableCell) => JSON.stringify(c ?? '*');
    const rows = t.rows.map((row) => `[${row.map(cell).join(', ')}]`).join(', ');
    const columns = t.columns.map((c) => `f${c}`).join(', ');
    out.push(`constraint t${k} { table: [${columns}], ${t.exclude ? 'exclude' : 'allow'}: [${rows}], message: "no" }`);
  });
  out.push('price { line base: "Base" = 1 }');
  const source = out.join('\n');
  const diags = new Diagnostics();
  const map = new SourceMap(source);
  const ir = compile(check(expand(parse(map, diags)!, map, diags), diags), source);
  expect(diags.sorted().filter((d) => d.severity === 'error')).toEqual([]);
  return ir;
}

/**
 * The exact engine's verdicts (exact/index.ts) on a configuration, asked directly: /v1/configure tries its search
 * first, which decides products this small before the engine is reached.
 */
function exactVerdicts(ir: ProductIR, configuration: Record<string, string>) {
  const m = compileModel(ir);
  const c = new Ctx(m.slots, ir.fields.length);
  const sent = ir.fields.map((f) => configuration[f.id]);
  const answer = exactAvailability(m, c, analysisOf(m), sent, ir.quantity.default, new Budget(c));
  expect(answer?.complete).toBe(true);
  return (f: number, option: string) => answer!.verdicts[f]?.get(option);
}

describe('the exact engine on tables with option lists', () => {
  it('keeps a list row only while its variable can still take one of the list (a value decided by removals)', () => {
    // With f2 = o0, t1 leaves f0 only o2, removing o0 and o1 one at a time; t0's list row [o0, o1] then allows
    // nothing, so f1 = o0 has no completion.
    const ir = productOf(
      [3, 2, 2],
      [
        {
          columns: [0, 1],
          rows: [
            [['o0', 'o1'], 'o0'],
            ['o2', 'o1'],
          ],
          exclude: false,
        },
        {
          columns: [0, 2],
          rows: [
            ['o0', null],
            ['o1', null],
          ],
          exclude: true,
        },
      ],
    );
    const says = exactVerdicts(ir, { f2: 'o0' });
    expect(['o0', 'o1', 'o2'].map((o) => says(0, o))).toEqual([false, false, true]);
    expect(['o0', 'o1'].map((o) => says(1, o))).toEqual([false, true]);
  });

  for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) {
    it(`seed ${seed}: every option of random partial configurations, as brute force has it`, () => {
      const next = random(seed);
      const int = (n: number) => Math.floor(next() * n);
      const domains = Array.from({ length: 5 + int(2) }, () => 2 + int(4));
      // A planted configuration every allowed table keeps, so that the product is satisfiable.
      const planted = domains.map((d) => int(d));
      const tables = Array.from({ length: 3 + int(4) }, () => {
        const columns = [...new Set(Array.from({ length: 2 + int(2) }, () => int(domains.length)))];
        if (columns.length < 2) columns.push((columns[0]! + 1) % domains.length);
        const exclude = next() < 0.3;
        const rows = randomRows(
          next,
          columns.map((c) => domains[c]!),
          2 + int(8),
        ).filter((row) => !exclude || !row.every((cell, j) => allows(cell, `o${planted[columns[j]!]}`)));
        if (!exclude) rows.push(columns.map((c) => `o${planted[c]}`));
        return { columns, rows, exclude };
      });
      const ir = productOf(domains, tables);
      const holds = (at: readonly number[]) =>
        tables.every(
          (t) =>
            naiveMatch(
              t.rows,
              t.columns.map((c) => `o${at[c]}`),
            ) !== t.exclude,
        );
      // Every complete configuration, once.
      const all: number[][] = [];
      const at = domains.map(() => 0);
      for (;;) {
        if (holds(at)) all.push([...at]);
        let j = at.length - 1;
        while (j >= 0 && at[j] === domains[j]! - 1) at[j--] = 0;
        if (j < 0) break;
        at[j]!++;
      }
      let excluded = 0;
      for (let n = 0; n < 12; n++) {
        const fixed = domains.map((d) => (next() < 0.3 ? int(d) : -1));
        const configuration = Object.fromEntries(fixed.flatMap((v, f) => (v < 0 ? [] : [[`f${f}`, `o${v}`]])));
        const says = exactVerdicts(ir, configuration);
        domains.forEach((d, f) => {
          for (let v = 0; v < d; v++) {
            const truth = all.some((c) => c[f] === v && fixed.every((x, g) => g === f || x < 0 || c[g] === x));
            if (!truth) excluded++;
            // A field no check reads has no verdicts: any value completes what can be completed.
            const available = says(f, `o${v}`) ?? all.some((c) => fixed.every((x, g) => g === f || x < 0 || c[g] === x));
            expect(available, `f${f} = o${v} with ${JSON.stringify(configuration)}`).toBe(truth);
          }
        });
      }
      expect(excluded).toBeGreaterThan(0);
    });
  }
});

describe('the form of a product with option lists', () => {
  it('excludes exactly the options the server excludes on complete configurations', () => {
    const ir = analyze(car).ir as ProductIR;
    expect(ir).not.toBeNull();
    const model = instantiate(ir);
    const form = formOf(ir) as unknown as {
      logic_values: Record<string, unknown>;
      groups: { fields: { id: string; options?: { id: string; available_when?: { json_logic: unknown } }[] }[] }[];
    };
    for (const [name, op] of Object.entries(logicOperations(form.logic_values, jsonLogic.apply)))
      jsonLogic.add_operation(name, op);
    const choices = ir.fields.filter((f) => f.options !== undefined);
    const next = random(25);
    let excluded = 0;
    for (let n = 0; n < 300; n++) {
      const configuration: Record<string, unknown> = {};
      for (const f of ir.fields) {
        if (f.options) configuration[f.id] = f.options[Math.floor(next() * f.options.length)]!.id;
        else configuration[f.id] = next() < 0.5;
      }
      const server = model.configure({ configuration, quantity: 1 });
      // The form's logic of an option reads the checks of its field; the server's answer, every check.
      const failing = model.evaluate({ configuration, quantity: 1 }).errors.map((e) => e.rule);
      const columns = (id: string | undefined) => ir.constraints.find((k) => k.id === id)?.columns ?? [];
      for (const f of choices) {
        const othersHold = failing.every((id) => columns(id).includes(f.id));
        const options = form.groups.flatMap((g) => g.fields).find((x) => x.id === f.id)!.options!;
        for (const o of options) {
          const logic = o.available_when ? jsonLogic.apply(o.available_when.json_logic, { ...configuration, quantity: 1 }) : true;
          const available = server.fields.find((x) => x.id === f.id)!.options!.find((x) => x.id === o.id)!.available;
          if (!available) excluded++;
          expect(logic && othersHold, `${f.id} = ${o.id} with ${JSON.stringify(configuration)}`).toBe(available);
        }
      }
    }
    expect(excluded).toBeGreaterThan(100);
  });
});

/** The IR keeps the cells as written: a list of one option is that option. */
it('compiles a list of one option to the option, and longer lists as written', () => {
  const ir: ProductIR = productOf(
    [3, 2],
    [
      {
        columns: [0, 1],
        rows: [
          [['o0'], 'o1'],
          [['o1', 'o2'], null],
        ],
        exclude: false,
      },
    ],
  );
  const rows = ir.constraints.map((c) => c.holds)[0];
  expect(rows).toMatchObject({
    k: 'rows',
    rows: [
      ['o0', 'o1'],
      [['o1', 'o2'], null],
    ],
  });
});
