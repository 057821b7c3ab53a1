// The exact engine's solver (src/lang/configure/exact/solver.ts) against a naive recomputation: after every
// assignment, removal, push and pop of a random sequence, its domains must be the arc-consistent closure of the
// choices still in force, computed here from the generated model's plain tables (no list cells: there the closure
// is exact), sharing no code with the solver. The domains are sparse sets restored by counting (Solver.dense), so a
// pop that restored the wrong values, or a revision that skipped one, shows here.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Solver } from '../../src/lang/configure/exact/solver';
import { type Tables, tablesOf } from '../../src/lang/configure/exact/tables';
import { analyze } from '../../src/lang/index';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import { type BigModel, bigModel, optionId } from '../fixtures/big-model';
import { random } from './random';

type Choice = { field: number; option: number; assign: boolean };

/** By field, by option: whether it is left, the tables made arc consistent with the choices; null when one empties. */
function closure(b: BigModel, start: boolean[][], choices: readonly Choice[]): boolean[][] | null {
  const alive = start.map((d) => [...d]);
  for (const { field, option, assign } of choices) {
    if (assign) alive[field] = alive[field]!.map((a, k) => a && k === option);
    else alive[field]![option] = false;
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of b.tables) {
      const possible = t.rows.filter((row) => row.every((cell, j) => cell < 0 || alive[t.columns[j]!]![cell]));
      t.columns.forEach((f, j) => {
        alive[f]!.forEach((a, k) => {
          if (a && !possible.some((row) => row[j]! < 0 || row[j] === k)) {
            alive[f]![k] = false;
            changed = true;
          }
        });
      });
    }
    if (alive.some((d) => !d.includes(true))) return null;
  }
  return alive;
}

function domainsOf(b: BigModel, t: Tables, s: Solver): boolean[][] {
  return b.domains.map((d, f) =>
    Array.from({ length: d }, (_, k) => {
      const x = t.varOf[f]!;
      const v = t.values[x]!.indexOf(optionId(k));
      return v >= 0 && s.has(x, v);
    }),
  );
}

describe('exact solver against a naive closure', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`generated model ${seed}: random assignments, removals, pushes and pops`, () => {
      const b = bigModel({ fields: 10, tables: 20, seed, maxRows: 12, planted: 2 });
      const { ir } = analyze(b.source, { tests: false });
      expect(ir).not.toBeNull();
      const m = compileModel(ir!);
      const c = new Ctx(m.slots, m.ir.fields.length);
      const t = tablesOf(m, c, analysisOf(m))!;
      expect(t).not.toBeNull();
      const s = new Solver(t);
      expect(s.start()).toBe(true);
      const start = b.domains.map((d, f) =>
        Array.from({ length: d }, (_, k) => t.values[t.varOf[f]!]!.indexOf(optionId(k)) >= 0),
      );
      const root = closure(b, start, [])!;
      expect(domainsOf(b, t, s)).toEqual(root);
      const next = random(seed * 31);
      // By level: the choices made at it.
      const levels: Choice[][] = [[]];
      let failures = 0;
      for (let step = 0; step < 400; step++) {
        const r = next();
        if (r < 0.3 && levels.length > 1) {
          s.pop();
          levels.pop();
        } else {
          const now = domainsOf(b, t, s);
          const open = b.domains.map((_, f) => f).filter((f) => now[f]!.filter(Boolean).length > 1);
          if (open.length === 0) continue;
          const field = open[Math.floor(next() * open.length)]!;
          // Mostly values left; now and then one taken out already (an assignment then fails at once).
          const left = now[field]!.flatMap((a, k) => (a || next() < 0.05 ? [k] : []));
          const choice = { field, option: left[Math.floor(next() * left.length)]!, assign: next() < 0.5 };
          // A removal at the current level too, as the engine takes out a value no solution has.
          if (r > 0.85 && levels.length > 1) levels.at(-1)!.push(choice);
          else {
            s.push();
            levels.push([choice]);
          }
          const x = t.varOf[field]!;
          const v = t.values[x]!.indexOf(optionId(choice.option));
          const ok = (choice.assign ? s.assign(x, v) : s.remove(x, v)) && s.propagate();
          const expected = closure(b, start, levels.flat());
          expect(ok, `step ${step}`).toBe(expected !== null);
          if (!ok) {
            failures++;
            s.pop();
            levels.pop();
          }
        }
        expect(domainsOf(b, t, s), `step ${step}`).toEqual(closure(b, start, levels.flat()));
        expect(Array.from(s.size)).toEqual(t.values.map((_, x) => domainsOf(b, t, s)[t.fields[x]!]!.filter(Boolean).length));
      }
      // Some choices failed, and were undone.
      expect(failures).toBeGreaterThan(0);
      const copy = new Solver(t);
      copy.copyFrom(s);
      expect(domainsOf(b, t, copy)).toEqual(domainsOf(b, t, s));
    });
  }
});
