// `exclude:` tables held by the exact engine as written (issue 33, exact/excluded.ts), checked against brute force:
// random small products mixing allow and exclude tables (cells of one option, option lists and "*"), every
// configuration enumerated, and the engine's verdict on every option of random partial configurations compared.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Budget } from '../../src/lang/configure/budget';
import { exactAvailability } from '../../src/lang/configure/exact/index';
import { tablesOf } from '../../src/lang/configure/exact/tables';
import { analyze } from '../../src/lang/index';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import { smallTables } from '../fixtures/small-tables';

describe('exclude tables in the exact engine, against brute force', () => {
  it('150 random products, 4 partial configurations each: every option of every field as enumeration has it', () => {
    let compared = 0;
    let excludeTables = 0;
    for (let seed = 1; seed <= 150; seed++) {
      const { source, domains, tables, all, r, int } = smallTables(seed);
      const { ir } = analyze(source, { tests: false });
      // A table that allows nothing, or an option nothing selects, is refused or warned of; both are compared too.
      if (!ir) continue;
      const m = compileModel(ir);
      const c = new Ctx(m.slots, ir.fields.length);
      const a = analysisOf(m);
      const held = tablesOf(m, c, a);
      expect(held).not.toBeNull();
      excludeTables += held!.tables.filter((t) => t.excluded).length;
      for (let q = 0; q < 4; q++) {
        const fixed = domains.map((d) => (r() < 0.35 ? int(0, d - 1) : -1));
        const sent = fixed.map((v) => (v < 0 ? undefined : `v${v}`));
        const answer = exactAvailability(m, c, a, sent, 1, new Budget(c))!;
        expect(answer.complete).toBe(true);
        expect(answer.satisfiable).toBe(all.some((x) => fixed.every((u, j) => u < 0 || x[j] === u)));
        domains.forEach((d, i) => {
          // A field in no table has no verdicts: the search does not depend on it.
          const verdicts = answer.verdicts[i];
          if (!verdicts) {
            expect(tables.some((t) => t.columns.includes(i))).toBe(false);
            return;
          }
          for (let v = 0; v < d; v++) {
            const completes = all.some((x) => x[i] === v && fixed.every((u, j) => j === i || u < 0 || x[j] === u));
            expect([seed, q, i, v, verdicts.get(`v${v}`)]).toEqual([seed, q, i, v, completes]);
            compared++;
          }
        });
      }
    }
    expect(excludeTables).toBeGreaterThan(150);
    expect(compared).toBeGreaterThan(5_000);
  });

  it('a wide exclude table is held as written, not tabulated over its 10^10 combinations', () => {
    const options = Array.from({ length: 10 }, (_, k) => `o${k} { label: "O" }`).join(', ');
    const fields = Array.from({ length: 10 }, (_, i) => `field g${i}: dropdown { label: "G", options { ${options} } }\n`).join(
      '',
    );
    const rows = Array.from(
      { length: 500 },
      (_, r) => `[${Array.from({ length: 10 }, (_, j) => `"o${(r * (j + 3)) % 10}"`).join(',')}]`,
    );
    const source = `product "W" {\n  language: en\n  currency: EUR\n}\n${fields}constraint wide { table: [${Array.from({ length: 10 }, (_, i) => `g${i}`).join(', ')}], exclude: [${rows.join(',')}], message: "No" }\nprice { line base: "B" = 1 }\n`;
    const { ir, diagnostics } = analyze(source, { tests: false });
    expect(diagnostics.filter((d) => d.code === 'W_SEARCHED')).toEqual([]);
    const m = compileModel(ir!);
    const c = new Ctx(m.slots, ir!.fields.length);
    const t = tablesOf(m, c, analysisOf(m));
    expect(t?.tables.map((x) => x.excluded?.rows.length)).toEqual([500]);
    // The first row excludes o0 everywhere: with nine o0 sent, the tenth field's o0 is unavailable, the others not.
    const sent = [...Array<string>(9).fill('o0'), undefined];
    const answer = exactAvailability(m, c, analysisOf(m), sent, 1, new Budget(c))!;
    expect(answer.complete).toBe(true);
    expect([...answer.verdicts[9]!.entries()].filter(([, ok]) => !ok).map(([v]) => v)).toEqual(['o0']);
  });
});
