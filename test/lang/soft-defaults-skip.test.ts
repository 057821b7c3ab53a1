// Soft defaults (configure/soft-defaults/index.ts, withSoftDefaults): configure leaves out the evaluation of the configuration as
// sent when a constraint's or an error rule's table has no row for it and nothing but checks refuses it, since the
// adjusted configuration's then takes its place; calculate evaluates it first, as before. On random configurations
// of every example and of a generated model, valid or not, both must give the same evaluation. The adjusted
// configuration is evaluated without its constraints when the tables vouch for them: evaluated again in full, the
// same answer.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { bigModel } from '../fixtures/big-model';
import { samples } from './logic-harness';
import { random } from './random';

const dir = new URL('../../examples/', import.meta.url);

function irOf(schema: string): ProductIR {
  const { ir, diagnostics } = analyze(schema);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return ir!;
}

/**
 * Configures and calculates each configuration; how many calculations adjusted a default and how many refused a
 * value. `visible`: every field always is.
 */
function compare(
  ir: ProductIR,
  configurations: { configuration: Record<string, unknown>; quantity: unknown }[],
  visible = false,
) {
  const m = instantiate(ir);
  let adjusted = 0;
  let refused = 0;
  for (const { configuration, quantity } of configurations) {
    const input = { configuration, quantity: quantity as number };
    const calculated = m.calculate(input);
    expect(m.configure(input).evaluation).toEqual(calculated);
    if (calculated.adjusted.length > 0) {
      adjusted++;
      // Its constraints are left to the tables (the adjusted values are one of their solutions): evaluated again
      // with the adjusted values sent, the same answer. Only a model without conditions on visibility lists every value adjusted.
      if (visible) {
        const sent = { ...configuration, ...Object.fromEntries(calculated.adjusted.map((x) => [x.field, x.value])) };
        expect({ ...m.evaluate({ ...input, configuration: sent }), adjusted: calculated.adjusted }).toEqual(calculated);
      }
    }
    if (calculated.errors.some((e) => !['CONSTRAINT', 'RULE'].includes(e.code) && !e.code.startsWith('R_'))) refused++;
  }
  return { adjusted, refused };
}

// The default kind "a" excludes the large size and makes the note (a checkbox without default) required.
const NOTE = `
product "Note" {
  language: en
  currency: EUR
}
field kind: dropdown {
  label: "Kind"
  options {
    a { label: "A" }
    b { label: "B" }
  }
}
field size: dropdown {
  label: "Size"
  options {
    s { label: "S" }
    l { label: "L" }
  }
}
field note: checkbox {
  label: "Note"
  required_when: kind == "a"
}
constraint small {
  require: not (kind == "a" and size == "l")
  message: "A comes small"
}
price { line base: "Base" = 10 }
`;

describe('configure evaluates a configuration as calculate does', () => {
  it('a value the defaults leave required does not keep them (issue 44): the adjusted configuration prices', () => {
    const m = instantiate(irOf(NOTE));
    const input = { configuration: { size: 'l' }, quantity: 1 };
    const calculated = m.calculate(input);
    expect(calculated.errors).toEqual([]);
    expect(calculated.adjusted).toEqual([{ field: 'kind', value: 'b', replaced: 'a' }]);
    expect(m.configure(input).evaluation).toEqual(calculated);
    // Given the note, only the constraint refuses the defaults: kind is adjusted.
    const noted = { configuration: { size: 'l', note: true }, quantity: 1 };
    expect(m.configure(noted).evaluation.adjusted).toEqual([{ field: 'kind', value: 'b', replaced: 'a' }]);
    expect(m.configure(noted).evaluation).toEqual(m.calculate(noted));
  });

  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpq'))) {
    it(`${file}: random configurations, values refused among them`, () => {
      const ir = irOf(readFileSync(new URL(file, dir), 'utf8'));
      const { refused } = compare(ir, samples(file, ir, 300, 25));
      expect(refused).toBeGreaterThan(0);
    });
  }

  it('a generated model of 30 fields and 35 tables: buyers choosing available options, most states adjusting defaults', () => {
    const b = bigModel({ fields: 30, tables: 35, seed: 30, maxRows: 200, planted: 8 });
    const ir = irOf(b.source);
    const m = instantiate(ir);
    const rng = random(31);
    const configurations: { configuration: Record<string, unknown>; quantity: number }[] = [];
    for (let walk = 0; walk < 4; walk++) {
      const configuration: Record<string, unknown> = {};
      for (;;) {
        configurations.push({ configuration: { ...configuration }, quantity: 1 });
        // Now and then a key no field has, which calculate refuses whatever the defaults.
        if (rng() < 0.1) configurations.push({ configuration: { ...configuration, no_such_field: 1 }, quantity: 1 });
        const open = m.configure({ configuration, quantity: 1 }).fields.filter((f) => !(f.id in configuration));
        const f = open[Math.floor(rng() * open.length)];
        const available = f?.options?.filter((o) => o.available) ?? [];
        if (available.length === 0) break;
        configuration[f!.id] = available[Math.floor(rng() * available.length)]!.id;
      }
    }
    const { adjusted, refused } = compare(ir, configurations, true);
    expect(adjusted).toBeGreaterThan(configurations.length / 2);
    expect(refused).toBeGreaterThan(0);
  });
});
