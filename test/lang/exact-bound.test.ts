// Tables past their bound (issue 33, item 4): a table that would take the model's row sets past MAX_TABLE_WORDS
// (16 MB) is a residual check, verified by evaluation on the states the solver trusts (exact/residual.ts), and the
// tables keep the others: the model is answered exactly, where it was left whole to the search, which ran out of its
// budget on it (complete: false) and could not tell the option the residual check alone refuses.
import { describe, expect, it } from 'vitest';
import { MAX_TABLE_WORDS } from '../../src/lang/configure/exact/tables';
import { leftToSearch } from '../../src/lang/configure/index';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';

/** Seven fields of 2,000 options, 17 tables over pairs of them: each pair's row sets take 252,000 words. */
const OPTIONS = 2_000;
const FIELDS = 7;
const TABLES = 17;

function source(): string {
  const options = Array.from({ length: OPTIONS }, (_, k) => `o${k} { label: "O${k}" }`).join(', ');
  let src = 'product "Big" { currency: EUR }\n';
  for (let i = 0; i < FIELDS; i++) src += `field f${i}: dropdown { label: "F${i}", options { ${options} } }\n`;
  let n = 0;
  for (let i = 0; i < FIELDS; i++) {
    for (let j = i + 1; j < FIELDS && n < TABLES; j++, n++) {
      // f_i is o0 or o(i+j), the latter only with f_j at o1 or o2.
      src += `constraint t${i}_${j} { table: [f${i}, f${j}], allow: [["o0", "*"], ["o${i + j}", ["o1", "o2"]]], message: "t${i}_${j}" }\n`;
    }
  }
  return src;
}

describe('tables past their bound', () => {
  it('hold every table within it; the others are residual checks, and the model is answered exactly', { timeout: 60_000 }, () => {
    const { ir } = analyze(source());
    const m = compileModel(ir!);
    expect(2 * OPTIONS * Math.ceil(OPTIONS / 32) * TABLES).toBeGreaterThan(MAX_TABLE_WORDS);
    const left = leftToSearch(m, new Ctx(m.slots, ir!.fields.length));
    expect(left).toMatchObject({ rule: 't3_4', selections: false });
    expect(left!.why).toContain(`${MAX_TABLE_WORDS} words`);
    const model = instantiate(ir!);
    // Compact, f0 and f3 explained: 14,000 options with their reasons would pass the answer's size.
    const a = model.configure({ configuration: {}, quantity: 1, compact: true, explain: ['f0', 'f3'] });
    expect(a).toMatchObject({ complete: true, satisfiable: true });
    const f3 = a.fields.find((f) => f.id === 'f3')!;
    // t3_5 (residual too) keeps f3 to o0 or o8, t3_4 (residual) to o0 or o7: only o0 is left.
    expect(f3.options!.filter((o) => o.available).map((o) => o.id)).toEqual(['o0']);
    // f0 at o3 needs f3 at o1 or o2, which the residual checks refuse: f0 is left o0 too.
    const f0 = a.fields.find((f) => f.id === 'f0')!;
    expect(f0.options!.filter((o) => o.available).map((o) => o.id)).toEqual(['o0']);
    // Sent values the tables refuse, and those only a residual check refuses: no completion either way.
    expect(model.configure({ configuration: { f1: 'o1' }, quantity: 1, compact: true })).toMatchObject({
      complete: true,
      satisfiable: false,
    });
    for (const f3 of ['o7', 'o8']) {
      expect(model.configure({ configuration: { f3 }, quantity: 1, compact: true })).toMatchObject({
        complete: true,
        satisfiable: false,
      });
    }
    expect(model.configure({ configuration: { f6: 'o5' }, quantity: 1, compact: true })).toMatchObject({
      complete: true,
      satisfiable: true,
    });
  });
});
