// The tables' own work is counted (issue 33, item 2): tabulating a check charges what each evaluation computes (its
// nodes and every let and field it reads), not one unit a combination, within MAX_TABULATION_UNITS for a product.
// Past it the product is searched under each request's budget, and its save says so (W_SEARCHED). Asserted in work
// units, never in time.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { MAX_WORK_UNITS } from '../../src/lang/configure/budget';
import { MAX_TABULATION_UNITS, tablesOf, untabulated } from '../../src/lang/configure/exact/tables';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import { longLetChecks } from '../fixtures/hostile/index';

const compiled = (schema: string) => {
  const { ir, diagnostics } = analyze(schema, { tests: false });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const m = compileModel(ir!);
  return { m, c: new Ctx(m.slots, ir!.fields.length), a: analysisOf(m) };
};

describe('tabulation within its work units', () => {
  it('ten checks reading a 17 KB let over 141 × 141 values stop at the bound, one evaluation past it at most', () => {
    const { m, c, a } = compiled(longLetChecks(17_000, 10));
    // 19,881 combinations a check, within MAX_TABULATED: counted one unit each, these were tabulated in full.
    expect(a.domains.filter((d) => d !== null).map((d) => d!.length)).toEqual([141, 141]);
    // Held by no table: each is verified on the solver's candidates instead (exact/residual.ts).
    const t = tablesOf(m, c, a);
    expect(t?.tables).toEqual([]);
    expect(t?.residual.map((r) => r.check)).toEqual([...a.checks.keys()]);
    const oneEvaluation = m.slots.costs.reduce((n, x) => n + x, 0) + 1 + a.checks[0]!.cost;
    expect(c.work).toBeGreaterThan(MAX_TABULATION_UNITS / 2);
    expect(c.work).toBeLessThanOrEqual(MAX_TABULATION_UNITS + oneEvaluation);
    expect(untabulated(m, c, a)).toEqual({
      check: 0,
      why: expect.stringContaining(`${MAX_TABULATION_UNITS} work units`),
      inputs: false,
    });
  });

  it('the same checks over a short let are tabulated: the bound is on work, not on combinations', () => {
    const { m, c, a } = compiled(longLetChecks(40, 10));
    const t = tablesOf(m, c, a);
    expect(t?.tables.length).toBe(10);
    expect(untabulated(m, c, a)).toBeUndefined();
  });

  it('the product left to the search is configured within the request budget', () => {
    const { ir } = analyze(longLetChecks(17_000, 10), { tests: false });
    const answer = instantiate(ir!).configure({ configuration: { a: 'o3' }, quantity: 1 });
    expect(answer.units).toBeLessThanOrEqual(MAX_WORK_UNITS + 100_000);
  });
});

describe('W_SEARCHED: a save that leaves a product to the search says which check and which bound', () => {
  const warnings = (schema: string) => analyze(schema).diagnostics.filter((d) => d.code === 'W_SEARCHED');

  it('names the first check past the units, at its declaration', () => {
    const schema = longLetChecks(17_000, 10);
    const [w, ...more] = warnings(schema);
    expect(more).toEqual([]);
    const line = schema.split('\n').findIndex((l) => l.startsWith('constraint c0')) + 1;
    expect(w).toMatchObject({ severity: 'warning', line });
    expect(w!.message).toContain('"c0"');
    expect(w!.message).toContain(`${MAX_TABULATION_UNITS} work units`);
  });

  it('nothing for a product the tables hold', () => {
    expect(warnings(readFileSync('examples/office-desk.cpq', 'utf8'))).toEqual([]);
    expect(analyze(readFileSync('examples/office-desk.cpq', 'utf8')).notes).toEqual([]);
  });

  it('a check reading the quantity, measured costly (a long let on each candidate): still the warning, with the figure', () => {
    const schema = longLetChecks(17_000, 10).replace(/require: sum != (\d+)/g, 'require: sum != $1 or quantity > 99');
    const { diagnostics, notes } = analyze(schema);
    const [w, ...more] = diagnostics.filter((d) => d.code === 'W_SEARCHED');
    expect(more).toEqual([]);
    expect(w!.message).toMatch(
      /"c0" is not held by the exact engine's tables \(it reads the quantity.*; configuring .* took \d+ work units$/,
    );
    expect(notes).toEqual([]);
  });
});

describe('I_SEARCHED: a check left to evaluation that costs little is a note, not a warning (issue 44)', () => {
  const notes = (schema: string) => analyze(schema).notes;
  const warnings = (schema: string) => analyze(schema).diagnostics.filter((d) => d.code === 'W_SEARCHED');

  it('a unit that reads a text (the signage example): a note naming it, no warning', () => {
    const signage = readFileSync('examples/signage.cpq', 'utf8');
    expect(warnings(signage)).toEqual([]);
    const [n, ...more] = notes(signage);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ code: 'I_SEARCHED', severity: 'info' });
    expect(n!.message).toMatch(/"letter_count".*"sign_text".*\(configuring took at most \d+ work units\)$/);
  });

  it('a check that reads the quantity, and a name decal priced by its length', () => {
    const schema = `product "Q" {\n  language: en\n  currency: EUR\n}\nfield s: dropdown {\n  label: "S"\n  options {\n    m { label: "M" }\n    xl { label: "XL" }\n  }\n}\nconstraint few_xl {\n  require: quantity < 10 or s != "xl"\n  message: "At most 9 XL"\n}\nprice { line base: "Base" = 1 }\n`;
    expect(warnings(schema)).toEqual([]);
    const [n] = notes(schema);
    expect(n).toMatchObject({ line: 12 });
    expect(n!.message).toContain('"few_xl" is not held by the exact engine\'s tables (it reads the quantity');
    const decal = `product "Bike" {\n  language: en\n  currency: EUR\n}\nfield frame: dropdown {\n  label: "Frame"\n  options {\n    city { label: "City", price: 900 }\n    cargo { label: "Cargo", price: 1500 }\n  }\n}\nfield seat: checkbox { label: "Child seat" }\nfield decal: text { label: "Name decal", max_length: 20 }\nconstraint seat_frame {\n  require: not seat or frame == "cargo"\n  message: "A seat needs the cargo frame"\n}\nprice {\n  line frame: "Frame" = frame.price\n  line decal: "Decal" = 3 * len(decal)\n}\n`;
    expect(analyze(decal).diagnostics).toEqual([]);
  });
});
