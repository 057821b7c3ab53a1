// Checks over literals held as tables of their tests' outcomes (issue 44 item 4, exact/literals.ts), against brute
// force: random small products of choice fields, a checkbox and two multi-selects, each constraint `and`/`or`/`not`
// over tests of one field; every configuration enumerated, and the engine's verdict on every option of random
// partial configurations compared. test/lang/car-line-hard.test.ts has the line these tables were made for.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Budget } from '../../src/lang/configure/budget';
import { exactAvailability } from '../../src/lang/configure/exact/index';
import { tablesOf } from '../../src/lang/configure/exact/tables';
import { analyze } from '../../src/lang/index';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import { random } from './random';

type Config = { c: number[]; k: boolean; e: string[][] };
type Lit = { text: string; holds: (x: Config) => boolean };

const CHOICES = [3, 2, 3];
const LISTS = [4, 4];
const selections = (n: number, max: number) => {
  const out: string[][] = [];
  for (let mask = 0; mask < 1 << n; mask++) {
    const s = Array.from({ length: n }, (_, o) => o).filter((o) => mask & (1 << o));
    if (s.length <= max) out.push(s.map((o) => `o${o}`));
  }
  return out;
};

function product(seed: number) {
  const r = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const lit = (): Lit => {
    const kind = int(0, 4);
    if (kind === 0) {
      const l = int(0, LISTS.length - 1);
      const o = `o${int(0, LISTS[l]! - 1)}`;
      return { text: `"${o}" in e${l}`, holds: (x) => x.e[l]!.includes(o) };
    }
    if (kind === 1) return { text: 'k', holds: (x) => x.k };
    const f = int(0, CHOICES.length - 1);
    const v = int(0, CHOICES[f]! - 1);
    if (kind === 2) return { text: `c${f} == "v${v}"`, holds: (x) => x.c[f] === v };
    if (kind === 3) return { text: `c${f} != "v${v}"`, holds: (x) => x.c[f] !== v };
    const w = (v + 1) % CHOICES[f]!;
    return { text: `c${f} in ["v${v}", "v${w}"]`, holds: (x) => x.c[f] === v || x.c[f] === w };
  };
  const rules: Lit[] = Array.from({ length: 4 }, () => {
    const [a, b, c] = [lit(), lit(), lit()];
    const shape = int(0, 2);
    if (shape === 0)
      return { text: `not (${a.text}) or (${b.text} and ${c.text})`, holds: (x) => !a.holds(x) || (b.holds(x) && c.holds(x)) };
    if (shape === 1) return { text: `not (${a.text} and ${b.text})`, holds: (x) => !(a.holds(x) && b.holds(x)) };
    return { text: `${a.text} or not (${b.text})`, holds: (x) => a.holds(x) || !b.holds(x) };
  });
  const source = [
    'product "Literals" {\n  language: en\n  currency: EUR\n}',
    ...CHOICES.map(
      (d, f) =>
        `field c${f}: dropdown { label: "C", options { ${Array.from({ length: d }, (_, v) => `v${v} { label: "V" }`).join(', ')} } }`,
    ),
    'field k: checkbox { label: "K" }',
    ...LISTS.map(
      (n, l) =>
        `field e${l}: multiselect { label: "E", max_selected: 2, options { ${Array.from({ length: n }, (_, o) => `o${o} { label: "O" }`).join(', ')} } }`,
    ),
    ...rules.map((x, j) => `constraint r${j} { require: ${x.text}, message: "No" }`),
    'price { line base: "Base" = 1 }',
  ].join('\n');
  const all: Config[] = [];
  const [s0, s1] = LISTS.map((n) => selections(n, 2));
  for (let c = 0; c < CHOICES.reduce((n, d) => n * d, 1); c++) {
    const cs = CHOICES.map((_, f) => Math.floor(c / CHOICES.slice(f + 1).reduce((n, d) => n * d, 1)) % CHOICES[f]!);
    for (const k of [false, true])
      for (const e0 of s0!)
        for (const e1 of s1!) {
          const x = { c: cs, k, e: [e0, e1] };
          if (rules.every((rule) => rule.holds(x))) all.push(x);
        }
  }
  return { source, all, r, int };
}

describe('checks over literals in the exact engine, against brute force', () => {
  it('60 random products, 4 partial configurations each: every option of every field as enumeration has it', () => {
    let compared = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const { source, all, r, int } = product(seed);
      const { ir } = analyze(source, { tests: false });
      if (!ir) continue;
      const m = compileModel(ir);
      const c = new Ctx(m.slots, ir.fields.length);
      const a = analysisOf(m);
      // Every check reads a multi-select or not: none is left to the search.
      expect(tablesOf(m, c, a).residual).toEqual([]);
      for (let q = 0; q < 4; q++) {
        const fixed = CHOICES.map((d) => (r() < 0.4 ? int(0, d - 1) : -1));
        const sent = [...fixed.map((v) => (v < 0 ? undefined : `v${v}`)), undefined, undefined, undefined];
        const answer = exactAvailability(m, c, a, sent, 1, new Budget(c));
        expect(answer.complete).toBe(true);
        const keeps = (x: Config, except: number) => fixed.every((u, j) => j === except || u < 0 || x.c[j] === u);
        expect(answer.satisfiable).toBe(all.some((x) => keeps(x, -1)));
        CHOICES.forEach((d, f) => {
          const verdicts = answer.verdicts[f];
          if (!verdicts) return;
          for (let v = 0; v < d; v++) {
            const completes = all.some((x) => x.c[f] === v && keeps(x, f));
            expect([seed, q, f, v, verdicts.get(`v${v}`)]).toEqual([seed, q, f, v, completes]);
            compared++;
          }
        });
        LISTS.forEach((n, l) => {
          const verdicts = answer.verdicts[CHOICES.length + 1 + l];
          if (!verdicts) return;
          for (let o = 0; o < n; o++) {
            const completes = all.some((x) => x.e[l]!.includes(`o${o}`) && keeps(x, -1));
            expect([seed, q, `e${l}`, o, verdicts.get(`o${o}`)]).toEqual([seed, q, `e${l}`, o, completes]);
            compared++;
          }
        });
      }
    }
    expect(compared).toBeGreaterThan(1_000);
  });
});
