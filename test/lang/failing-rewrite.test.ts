// configure's reasons try each option of a field on one loaded configuration, computing again only what reads the
// field (failing.ts, Ctx.rewrite): the checks found failing must be those a fresh load of the same configuration
// finds, on every example, where fields' visibility and computed values read other fields; with every field at its
// default, and with every other field shown at another value (an adjusted default), which a field changed before
// is given back.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Budget } from '../../src/lang/configure/budget';
import { FailingChecks } from '../../src/lang/configure/failing';
import { analyze } from '../../src/lang/index';
import type { ProductIR } from '../../src/lang/ir';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';

/** A field whose visibility reads another, and a constraint reading it: its value (none when hidden) follows the other. */
const VISIBILITY = `product "Visibility" {
  language: en
  currency: EUR
}
field a: dropdown { label: "A", options { x { label: "x" }, y { label: "y" } } }
field b: dropdown { label: "B", visible_when: a == "x", options { p { label: "p" }, q { label: "q" } } }
field d: dropdown { label: "D", options { m { label: "m" }, n { label: "n" } } }
constraint t {
  require: b == "p" or d == "n"
  message: "no"
}
price {
  line base: "Base" = 1
}
`;

const sources = {
  ...import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
  visibility: VISIBILITY,
};

describe('failing checks of each option on one loaded configuration', () => {
  for (const [name, source] of Object.entries(sources)) {
    for (const adjusted of [false, true])
      it(`${name}: the same as a fresh load per option${adjusted ? ', other values shown' : ''}`, () => {
        const ir = analyze(source).ir as ProductIR;
        const m = compileModel(ir);
        const a = analysisOf(m);
        const c = new Ctx(m.slots, ir.fields.length);
        const sent: unknown[] = ir.fields.map(() => undefined);
        const shown = ir.fields.map((_, i) => (adjusted && i % 2 === 1 ? a.domains[i]?.[1] : undefined));
        const quantity = ir.quantity.default;
        const kept = new FailingChecks(a, ir, c, quantity, sent, shown, new Budget(c, 1e9));
        let compared = 0;
        // Fields in reverse too, so that a field changed before is given back its value between fields.
        for (const order of [ir.fields.keys(), [...ir.fields.keys()].reverse()]) {
          for (const i of order) {
            for (const option of a.domains[i] ?? []) {
              if (Array.isArray(option)) continue;
              const fresh = new Ctx(m.slots, ir.fields.length);
              const once = new FailingChecks(a, ir, fresh, quantity, sent, shown, new Budget(fresh, 1e9)).of(i, option);
              expect(kept.of(i, option), `${ir.fields[i]!.id} = ${String(option)}`).toEqual(once);
              compared++;
            }
          }
        }
        expect(compared).toBeGreaterThan(0);
      });
  }
});
