// What requests prove kept for the next ones (exact/learned.ts), against brute force: buyers walk random small
// products (allow and exclude tables) choosing one field after another, then take choices back (last first, then
// one from the middle), on one model, so that each request starts from what the earlier ones proved; every option
// of every field is compared with enumeration at each step. Refutations learned under choices must not outlive them.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Budget } from '../../src/lang/configure/budget';
import { exactAvailability, settledFor } from '../../src/lang/configure/exact/index';
import { tablesOf } from '../../src/lang/configure/exact/tables';
import { analyze } from '../../src/lang/index';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import { smallTables } from '../fixtures/small-tables';

describe('what requests learn, kept for the next ones, against brute force', () => {
  it('200 random products walked forward and back: every option as enumeration has it, at every step', () => {
    let compared = 0;
    let learned = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const { source, domains, all, r, int } = smallTables(seed + 1_000);
      const { ir } = analyze(source, { tests: false });
      if (!ir) continue;
      const m = compileModel(ir);
      const c = new Ctx(m.slots, ir.fields.length);
      const a = analysisOf(m);
      const t = tablesOf(m, c, a)!;
      const order = [...domains.keys()].sort(() => r() - 0.5);
      const fixed = domains.map(() => -1);
      const states: number[][] = [];
      for (const f of order) {
        fixed[f] = int(0, domains[f]! - 1);
        states.push([...fixed]);
      }
      for (const f of [...order].reverse().slice(0, order.length - 1)) {
        fixed[f] = -1;
        states.push([...fixed]);
      }
      // The first choice taken back while the others stay: its refutations no longer hold.
      const last = [...states[order.length - 1]!];
      last[order[0]!] = -1;
      states.push(last);
      for (const state of states) {
        const sent = state.map((v) => (v < 0 ? undefined : `v${v}`));
        const answer = exactAvailability(m, c, a, sent, 1, new Budget(c))!;
        expect(answer.complete).toBe(true);
        expect(answer.satisfiable).toBe(all.some((x) => state.every((u, j) => u < 0 || x[j] === u)));
        domains.forEach((d, i) => {
          const verdicts = answer.verdicts[i];
          if (!verdicts) return;
          for (let v = 0; v < d; v++) {
            const completes = all.some((x) => x[i] === v && state.every((u, j) => j === i || u < 0 || x[j] === u));
            expect([seed, state, i, v, verdicts.get(`v${v}`)]).toEqual([seed, state, i, v, completes]);
            compared++;
          }
        });
      }
      const chosen = new Uint8Array(t.totalValues).fill(1);
      settledFor(m, c, a, t).learned.refutedWith(
        chosen,
        () => {
          learned++;
          return true;
        },
        () => {},
      );
    }
    expect(compared).toBeGreaterThan(10_000);
    // Values refuted by a search (propagation alone did not) were kept: the walks above started from them.
    expect(learned).toBeGreaterThan(20);
  });
});
