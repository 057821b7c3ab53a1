// The car line's shape (test/fixtures/car-line.ts, issue 33): held by the exact engine whole (its two exclude tables
// as written, no check left to the search), settled, and a buyer walking through the options offered reaches a
// price at every step's end. Exactness against an oracle is test/lang/exact-exclude.test.ts's (brute force, the same
// tables in small); the figures at full size are bench/big-models.ts's.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { tablesOf } from '../../src/lang/configure/exact/tables';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import { carLine } from '../fixtures/car-line';
import { random } from './random';

describe('the car line: 268 fields, 332 tables, two of them exclude tables of 10 columns', () => {
  const line = carLine();
  const { ir, diagnostics } = analyze(line.source, { tests: false });

  it('saves whole: no error, and no check left to the search (no W_SEARCHED)', () => {
    expect(diagnostics.filter((d) => d.severity === 'error' || d.code === 'W_SEARCHED')).toEqual([]);
    expect(line.excluded).toBeGreaterThanOrEqual(2 * 53_760);
    const m = compileModel(ir!);
    const t = tablesOf(m, new Ctx(m.slots, ir!.fields.length), analysisOf(m));
    expect(t?.tables.length).toBe(332);
    expect(t?.tables.filter((x) => x.excluded).map((x) => x.vars.length)).toEqual([10, 10]);
    expect(t?.residual).toEqual([]);
  });

  it('configure with nothing set is complete, and every planted configuration prices', () => {
    const model = instantiate(ir!);
    expect(model.configure({ configuration: {}, quantity: 1, compact: true }).complete).toBe(true);
    for (const p of line.planted) {
      const configuration = Object.fromEntries(p.map((v, f) => [`f${f}`, `v${v}`]));
      expect(model.calculate({ configuration, quantity: 1 }).errors).toEqual([]);
    }
  });

  it('a buyer choosing only options offered sets every field and the configuration prices', () => {
    const model = instantiate(ir!);
    const next = random(33);
    const configuration: Record<string, string> = {};
    for (let step = 0; step < line.domains.length; step++) {
      const answer = model.configure({ configuration, quantity: 1, compact: true });
      expect(answer.satisfiable).not.toBe(false);
      const open = answer.fields.filter((f) => !(f.id in configuration));
      const f = open[Math.floor(next() * open.length)]!;
      expect(f.available?.length, `${f.id} offers an option`).toBeGreaterThan(0);
      configuration[f.id] = f.available![Math.floor(next() * f.available!.length)]!;
    }
    const priced = model.calculate({ configuration, quantity: 1 });
    expect(priced.errors).toEqual([]);
    expect(priced.price).not.toBeNull();
  }, 120_000);
});
