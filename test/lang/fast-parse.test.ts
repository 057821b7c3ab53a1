/// <reference types="vite/client" />
// The fast parser against Ohm, declaration by declaration: whenever the fast parser returns an AST, Ohm must accept
// the declaration without a diagnostic and build a deep-equal AST (same keys in the same order, same spans); when
// Ohm rejects it, the fast parser must return null. Checked on every example, every golden case, the benchmark's
// synthetic schema and thousands of seeded mutations of their declarations.
import { describe, expect, it } from 'vitest';
import { syntheticSchema } from '../../bench/compile/synthetic';
import { Diagnostics } from '../../src/lang/diagnostics';
import { COMPARISON, NOT_BINDING, OPERATOR_TOKENS, operator } from '../../src/lang/operators';
import type { Expr } from '../../src/lang/syntax/ast';
import { fastParseDeclaration } from '../../src/lang/syntax/fast-parse';
import { tokenize } from '../../src/lang/syntax/lexer';
import { parseWithOhm } from '../../src/lang/syntax/parse';
import { SourceMap } from '../../src/lang/syntax/source';
import { split } from '../../src/lang/syntax/split';
import { random } from './random';

const examples = Object.values(
  import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
);
type Case = { source: string | string[] };
const cases = Object.values(import.meta.glob<Case[]>('./cases/*.json', { import: 'default', eager: true }))
  .flat()
  .map((c) => (Array.isArray(c.source) ? c.source.join('\n') : c.source));
const synthetic = [syntheticSchema(100)];

interface Tally {
  declarations: number;
  /** Declarations Ohm parses without a diagnostic. */
  clean: number;
  /** Declarations the fast parser returned an AST for. */
  fast: number;
}

/** Compares both parsers on every declaration of `source`; returns how they fared. */
function compare(source: string, tally: Tally = { declarations: 0, clean: 0, fast: 0 }): Tally {
  const map = new SourceMap(source);
  for (const chunk of split(map, new Diagnostics())?.chunks ?? []) {
    const fast = fastParseDeclaration(map, chunk.start, chunk.end);
    const diags = new Diagnostics();
    const ohm = parseWithOhm(map, chunk, diags);
    const clean = ohm !== null && diags.list.length === 0;
    tally.declarations++;
    if (clean) tally.clean++;
    if (fast === null) continue;
    tally.fast++;
    const text = source.slice(chunk.start, chunk.end);
    expect(diags.list, `Ohm rejects what the fast parser accepts: ${text}`).toEqual([]);
    expect(fast, text).toStrictEqual(ohm);
    expect(JSON.stringify(fast), text).toBe(JSON.stringify(ohm));
  }
  return tally;
}

describe('the fast parser agrees with Ohm', () => {
  it('on every declaration of the examples and the synthetic schema, and vouches for all of them', () => {
    const tally: Tally = { declarations: 0, clean: 0, fast: 0 };
    for (const source of [...examples, ...synthetic]) compare(source, tally);
    expect(tally.declarations).toBeGreaterThan(100);
    expect(tally.fast).toBe(tally.declarations);
    expect(tally.clean).toBe(tally.declarations);
  });

  it('on every declaration of the golden cases', () => {
    const tally: Tally = { declarations: 0, clean: 0, fast: 0 };
    for (const source of cases) compare(source, tally);
    expect(tally.clean).toBeLessThan(tally.declarations);
    expect(tally.fast).toBe(tally.clean);
  });

  // Quirks of the grammar the fast parser has to follow, and errors only the semantic actions report.
  const quirks: [source: string, vouches: boolean][] = [
    ['let a = not b', true],
    ['let a = not -b == -not c', true],
    ['let a = not not b', false],
    ['let a = - not b', false],
    ['let a = x not in [1, 2,] or y in []', true],
    ['let a = x not\n in ["a"]', true],
    ['let a = f (x, ) + t [k] * c . attr', true],
    ['let a = c.if', false],
    ['let a = f(x).y', false],
    ['let a = if a then b else if c then d else e + 1', true],
    ['let a = (((1)))', true],
    ['let a = 1 < 2 < 3', false],
    ['let a = 1 < 2 and 2 < 3', true],
    ['let then = 1', false],
    ['let a = true(1)', false],
    ['let a = 5%x', false],
    ['let a = 1e999', false],
    ['let a = 1.5e-3 + 2E+2 + 7%', true],
    ['let a = 1.e5', false],
    ['let a = "tab\\t \\"q\\" \\\\ \\n"', true],
    ['let a = "bad \\q"', false],
    ['let a = 1 /* a comment */ + 2', true],
    ['let a = 1 // done', true],
    ['let a ==1', false],
    ['table t: map {\n  double: 38\n  *: 0\n}', true],
    ['table t: map { double: 38 *: 0 }', false],
    ['output o { a = 1 b = 2 }', false],
    ['output o { a = 1, b = 2, }', true],
    ['output o { a = 1 when x\n b = 2 when not y }', true],
    ['output o { a = 1 when: 2 }', false],
    ['output o { if = 1 }', false],
    ['output o { "s" = 1 }', false],
    ['output o internal { }', true],
    ['price { line a: "A" = 1 when x\n surcharge b: @key = 2\n line: 3\n line { x: 1 } }', true],
    ['price { line when: "A" = 1 }', false],
    ['price { line a: "A" + "B" = 1 }', false],
    ['field f: number in g { label: @ key }', false],
    ['field f: number in g { label: @key, presets: [1, [2, {a: 3}], @k], "de-CH": "x", 10: 5%, when: a }', true],
    ['field f: in in in { }', false],
    ['field f: in { }', true],
    ['translations de { a: "b" }', true],
    ['translations "de-CH" { a: "b" }', true],
    ['translations if { }', false],
    ['product "P" { quantity { min: 1 }, layout: tabs, }', true],
    ['product "P" { a: 1,, b: 2 }', false],
    ['error e { when: a > 1, message: "m" }', true],
    ['warning w { when: a, message: { en: "m" } }', true],
    [
      'repeat d in 1..4 count n.k + 1 {\n field f_{d}: number { label: "D {d}" }\n let a_{d} = d * 2 price { line l_{d}: "L" = 1 }\n}',
      true,
    ],
    ['repeat d in 1 ..4 { }', true],
    ['repeat d in 1. .4 { }', false],
    ['repeat d in 1..4 count { }', false],
    ['repeat d in 1..4 count(x) { }', true],
    ['repeat d in 1..4 { repeat e in 1..2 { field f_{d}_{e}: checkbox { label: "F" } } product "x" { } }', true],
    ['repeat if in 1..2 { }', false],
    ['repeat d in x..2 { }', false],
    ['repeat d in 1..2 { 1 }', false],
    ['let a = b{c}d{e}f + x_{y}.z_{y} + t_{i}[k] + f_{g}(1)', true],
    ['let a = if{x} then 1 else 2', false],
    ['let a = b{c', false],
    ['let a = b{ c}', false],
    ['let a = b {c}', false],
    ['let a = not{x} and true{y}', false],
    ['let a = x and true{y} + and{z}', true],
    ['field f_{d}: number in g_{d} { label: @l_{d}, items { i_{d} { x: 1 } } }', true],
    [`let a = ${'if c then 1 else '.repeat(300)}0`, false],
    [`let a = ${'-'.repeat(300)}1`, false],
  ];
  for (const [source, vouches] of quirks) {
    it(`${vouches ? 'vouches for' : 'leaves to Ohm'} ${JSON.stringify(source).slice(0, 80)}`, () => {
      const tally = compare(source);
      expect(tally.declarations).toBe(1);
      expect(tally.fast).toBe(vouches ? 1 : 0);
    });
  }
});

const PIECES = [
  ...['{', '}', '(', ')', '[', ']', ':', ',', '=', '==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '.', '@'],
  ...['%', '"', '\\', '\n', ' ', '\t', '\r', '//', '/*', '*/', '#', '€', 'in', 'not', 'and', 'or', 'if', 'then'],
  ...['else', 'when', 'line', 'surcharge', 'true', 'false', 'internal', 'public', 'let', 'field', 'x', '_a', '1'],
  ...['2.5', '1e3', '5%', '1e999', '0x1', '1.', '.5', '"s"', 'repeat', 'count', '..', '{d}', '_{d}'],
];
// A new operator's token is a piece too (appended, so that the seeded mutations of the others stay the same).
PIECES.push(...OPERATOR_TOKENS.filter((t) => !PIECES.includes(t)));

/** The expression of a `let` as Ohm reads it (the oracle). */
function letExpr(source: string): Expr {
  const map = new SourceMap(source);
  const chunk = split(map, new Diagnostics())?.chunks[0];
  const decl = chunk && parseWithOhm(map, chunk, new Diagnostics());
  if (decl?.kind !== 'let') throw new Error(`not a let: ${source}`);
  return decl.expr;
}

describe('every operator of the registry (src/lang/operators.ts)', () => {
  it('is read by the grammar and the fast parser alike, alone and beside every operator, by its binding', () => {
    for (const p of OPERATOR_TOKENS) {
      const alone = compare(`let r = a ${p} b`);
      expect(alone.clean, `grammar/cpq.ohm's binOp reads "${p}"`).toBe(1);
      expect(alone.fast, `the fast parser reads "${p}"`).toBe(1);
      expect(letExpr(`let r = a ${p} b`)).toMatchObject({ kind: 'binary', op: p });
      for (const q of OPERATOR_TOKENS) {
        const source = `let r = a ${p} b ${q} c`;
        const [bp, bq] = [operator(p).binding, operator(q).binding];
        // Comparisons do not chain: a syntax error, which only Ohm reports.
        const chained = bp === COMPARISON && bq === COMPARISON;
        const tally = compare(source);
        expect(tally.clean, source).toBe(chained ? 0 : 1);
        expect(tally.fast, source).toBe(chained ? 0 : 1);
        if (chained) continue;
        const rightFirst = bq > bp || (bq === bp && operator(p).rightAssociative === true);
        const shape = rightFirst ? { op: p, right: { op: q } } : { op: q, left: { op: p } };
        expect(letExpr(source), source).toMatchObject(shape);
      }
      // The prefix operators bind by the same table: `-` tighter than all, `not` looser than comparisons.
      expect(letExpr(`let r = -a ${p} b`), p).toMatchObject({ op: p, left: { kind: 'neg' } });
      const notFirst = operator(p).binding <= NOT_BINDING;
      expect(letExpr(`let r = not a ${p} b`), p).toMatchObject(
        notFirst ? { op: p, left: { kind: 'not' } } : { kind: 'not', operand: { op: p } },
      );
      expect(compare(`let r = -a ${p} b`).fast).toBe(1);
    }
  });
});

describe('the fast parser agrees with Ohm on mutated declarations', () => {
  const declarations = [...examples, ...cases, ...synthetic].flatMap((source) => {
    const map = new SourceMap(source);
    return (split(map, new Diagnostics())?.chunks ?? []).map((c) => source.slice(c.start, c.end));
  });

  /** Deletes, duplicates or swaps a token, inserts or substitutes a piece, or cuts the text short. */
  function mutate(text: string, next: () => number): string {
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)] as T;
    const t = tokenize(text);
    const k = Math.floor(next() * Math.max(t.count, 1));
    const [s, e] = [t.start[k] ?? 0, t.end[k] ?? 0];
    const [s2, e2] = [t.start[k + 1] ?? e, t.end[k + 1] ?? e];
    switch (Math.floor(next() * 7)) {
      case 0:
        return text.slice(0, s) + text.slice(e);
      case 1:
        return `${text.slice(0, e)} ${text.slice(s, e)}${text.slice(e)}`;
      case 2:
        return text.slice(0, s) + text.slice(s2, e2) + text.slice(e, s2) + text.slice(s, e) + text.slice(e2);
      case 3: {
        const at = next() < 0.5 ? s : e;
        return text.slice(0, at) + (next() < 0.5 ? pick(PIECES) : ` ${pick(PIECES)} `) + text.slice(at);
      }
      case 4:
        return text.slice(0, next() < 0.5 ? e : Math.floor(next() * text.length));
      case 5: {
        const at = Math.floor(next() * text.length);
        return text.slice(0, at) + pick(PIECES) + text.slice(at);
      }
      default:
        return text.slice(0, s) + pick(PIECES) + text.slice(e);
    }
  }

  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: 1,000 declarations with one or two mutations`, () => {
      const next = random(seed);
      const tally: Tally = { declarations: 0, clean: 0, fast: 0 };
      for (let m = 0; m < 1000; m++) {
        let text = declarations[Math.floor(next() * declarations.length)] ?? '';
        const times = 1 + Math.floor(next() * 2);
        for (let i = 0; i < times; i++) text = mutate(text, next);
        compare(text, tally);
      }
      // Mutations that keep a declaration valid are the ones that test the fast parser's output.
      expect(tally.fast).toBeGreaterThan(50);
      expect(tally.clean).toBeLessThan(tally.declarations);
    });
  }
});
