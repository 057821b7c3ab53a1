/// <reference types="vite/client" />
// Soft defaults decide each field not sent in schema order with the later ones free (issue 44 item 1,
// src/lang/configure/soft-defaults/adjust.ts): an adjustment that changes two or three fields not sent, through a
// compatibility table, is found. The trigger is a multi-select of 13 options (past the selections the model's tables
// hold), whose check lives in the request's own tables (exact/typed.ts): verified by evaluation there, proving that a
// default has no completion tried every selection and spent the request's budget, and the buyer got a 422.
// Checked on the cargo bike and on random products against brute force.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { CARGO_BIKE as cargoBike } from '../fixtures/promise/cargo-bike';
import { smallTables } from '../fixtures/small-tables';
import { bySize } from '../soak';

function model(source: string) {
  const { ir, diagnostics } = analyze(source, { tests: false });
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return instantiate(ir as ProductIR);
}

/** A multi-select of 13 options (8,192 selections): ticking `seat` needs field `f` at option `v`. */
const seat = (f: number, v: number) => `field acc: multiselect { label: "A", options { seat { label: "S" }, ${Array.from(
  { length: 12 },
  (_, k) => `a${k} { label: "A${k}" }`,
).join(', ')} } }
constraint seat_needs { require: not ("seat" in acc) or f${f} == "v${v}", message: "The seat needs it" }
`;

describe('an adjustment of several fields not sent, through a table', () => {
  it('the cargo bike: a child seat alone gets the cargo frame and the cargo motor, priced', () => {
    const m = model(cargoBike);
    const configuration = { accessories: ['child_seat'] };
    const ev = m.calculate({ configuration, quantity: 1 });
    expect(ev.errors).toEqual([]);
    expect(ev.adjusted).toEqual([
      { field: 'frame', value: 'cargo', replaced: 'city' },
      { field: 'motor', value: 'cargo', replaced: 'standard' },
    ]);
    expect(ev.price?.total).toBe(1500 + 700 + 300 + 90);
    const r = m.configure({ configuration, quantity: 1 });
    expect(r).toMatchObject({ complete: true, satisfiable: true });
    expect(r.evaluation.price?.total).toBe(ev.price?.total);
    expect(r.fields.find((f) => f.id === 'motor')).toMatchObject({ value: 'cargo', source: 'adjusted' });
    // The table's work is the request's: well inside its budget.
    expect(r.units).toBeLessThan(500_000);
  });

  it('random products whose every completion changes two or three fields not sent: the schema-order decisions, as brute force has them', () => {
    let compared = 0;
    for (let seed = 1; compared < bySize(25, 150) && seed < 5_000; seed++) {
      const probe = smallTables(seed);
      const f = probe.int(0, probe.domains.length - 1);
      const v = probe.int(1, probe.domains[f]! - 1);
      const { source, domains, all } = smallTables(seed, seat(f, v));
      const completions = all.filter((x) => x[f] === v);
      const changed = (x: number[]) => x.filter((u) => u !== 0).length;
      // Every field's default is its first option: only products where no completion keeps all but one default.
      if (completions.length === 0 || completions.some((x) => changed(x) < 2)) continue;
      // Field by field in schema order, the first option that some completion has with the fields decided before.
      const decided: number[] = [];
      for (let i = 0; i < domains.length; i++) {
        const u = [...Array(domains[i]).keys()].find((w) =>
          completions.some((x) => x[i] === w && decided.every((d, j) => x[j] === d)),
        );
        decided.push(u!);
      }
      if (changed(decided) > 3) continue;
      const m = model(source);
      const ev = m.calculate({ configuration: { acc: ['seat'] }, quantity: 1 });
      const got = domains.map((_, i) => {
        const a = ev.adjusted.find((x) => x.field === `f${i}`);
        return a === undefined ? 0 : Number(String(a.value).slice(1));
      });
      expect({ seed, errors: ev.errors.map((e) => e.rule), got }).toEqual({ seed, errors: [], got: decided });
      compared++;
    }
    expect(compared).toBe(bySize(25, 150));
  });
});
