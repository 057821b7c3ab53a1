/// <reference types="vite/client" />
// Checks the tables do not hold stay in the exact engine (issue 33, exact/residual.ts): a constraint reading the
// quantity and an error rule reading a text, beside random allow and exclude tables, are verified on the solver's
// candidates, and every option's verdict is what brute force finds with the quantity and the text sent. One compiled
// model answers every request in turn: what settling keeps must not depend on what one request sent.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Budget } from '../../src/lang/configure/budget';
import { exactAvailability } from '../../src/lang/configure/exact/index';
import { tablesOf, untabulated } from '../../src/lang/configure/exact/tables';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import CHAINS from '../fixtures/logic/chains.cpq?raw';
import { smallTables } from '../fixtures/small-tables';

const RESIDUAL = `field note: text { label: "Note" }
constraint few { require: quantity < 3 or f0 != "v1", message: "At most 2 of v1" }
error short { when: len(note) > 3 and f1 == "v0", message: "v0 takes a short note" }
`;

/** Whether a configuration of the tables passes the two residual checks with `quantity` and `note` sent. */
const passes = (x: number[], quantity: number, note: string) => (quantity < 3 || x[0] !== 1) && !(note.length > 3 && x[1] === 0);

describe('residual checks in the exact engine, against brute force', () => {
  it('a quantity constraint and a text rule over 100 random products: every verdict as enumeration has it', () => {
    let compared = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const { source, domains, all, r, int } = smallTables(seed, RESIDUAL);
      const { ir } = analyze(source, { tests: false });
      if (!ir) continue;
      const m = compileModel(ir);
      const c = new Ctx(m.slots, ir.fields.length);
      const a = analysisOf(m);
      expect(tablesOf(m, c, a)?.residual.length).toBe(2);
      expect(untabulated(m, c, a)?.field).toBeUndefined();
      const note = ir.fields.findIndex((f) => f.id === 'note');
      for (const [quantity, text] of [
        [5, 'a long note'],
        [1, ''],
        [5, ''],
        [1, 'a long note'],
      ] as const) {
        const fixed = domains.map((d) => (r() < 0.3 ? int(0, d - 1) : -1));
        const sent: unknown[] = ir.fields.map((_, i) => (i < domains.length && fixed[i]! >= 0 ? `v${fixed[i]}` : undefined));
        if (text !== '') sent[note] = text;
        const answer = exactAvailability(m, c, a, sent, quantity, new Budget(c))!;
        expect(answer.complete).toBe(true);
        const completes = (i: number, v: number) =>
          all.some((x) => x[i] === v && passes(x, quantity, text) && fixed.every((u, j) => j === i || u < 0 || x[j] === u));
        domains.forEach((d, i) => {
          const verdicts = answer.verdicts[i];
          if (!verdicts) return;
          for (let v = 0; v < d; v++) {
            expect([seed, quantity, text, i, v, verdicts.get(`v${v}`)]).toEqual([seed, quantity, text, i, v, completes(i, v)]);
            compared++;
          }
        });
      }
    }
    expect(compared).toBeGreaterThan(3_000);
  });

  it('a residual check that fails weighs on its fields (dom/wdeg): a state of chains.cpq is exact in a fraction of the budget', () => {
    const ir = analyze(CHAINS).ir as ProductIR;
    const model = instantiate(ir);
    // Without the weight the solver thrashed below the check's fields: 11.3 million units, past the 2 million.
    const plain = model.configure({ configuration: { delivery: '2024-01-01' }, quantity: 1 });
    expect(plain).toMatchObject({ complete: true, satisfiable: true });
    expect(plain.units).toBeLessThan(200_000);
    // The what-if tests of conflicts keep the buyer's fields active as each test's residual checks, on the same solver.
    const conflicts = model.configure({ configuration: { delivery: '2024-01-01' }, quantity: 1, conflicts: true });
    expect(conflicts.complete).toBe(true);
    expect(conflicts.units).toBeLessThan(400_000);
  });

  it('a check every combination passes is no table: it would only cost each search its rows', () => {
    const { ir } = analyze(`product "P" { currency: EUR }
field a: dropdown { label: "A", options { x { label: "X" }, y { label: "Y" } } }
field b: dropdown { label: "B", options { x { label: "X" }, y { label: "Y" } } }
constraint always { require: a == "x" or a != "x", message: "Never" }
constraint differ { require: a != b, message: "Differ" }
`);
    const m = compileModel(ir!);
    const c = new Ctx(m.slots, ir!.fields.length);
    const t = tablesOf(m, c, analysisOf(m))!;
    expect(t.tables.map((table) => analysisOf(m).checks[table.check]!.ref)).toEqual([1]);
  });
});
