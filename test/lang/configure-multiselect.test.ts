// The configure engine's bounds with multi-selects: selections tried per field are capped (MAX_SELECTIONS), and
// past the cap a search that finds nothing answers "not known" (complete: false, the option reported available),
// never "none"; within it the answer is exact.
import { describe, expect, it } from 'vitest';
import { MAX_SELECTIONS } from '../../src/lang/configure/analysis';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';

const ids = 'abcdefghijkl'.split('');

function product(max: string): ReturnType<typeof instantiate> {
  const result = analyze(`product "Many" { currency: EUR }
field extras: multiselect {
  label: "Extras"${max}
  options { ${ids.map((id) => `${id} { label: "${id.toUpperCase()}" }`).join(', ')} }
}
constraint no_l { require: "l" not in extras, message: "L is not made" }
price { line base: "Base" = 10 + count(extras) }
`);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return instantiate(result.ir as ProductIR);
}

const option = (r: ReturnType<ReturnType<typeof instantiate>['configure']>, id: string) =>
  r.fields[0]!.options!.find((o) => o.id === id)!;

describe('configure with a multi-select of many options', () => {
  it('is exact within MAX_SELECTIONS: 12 options, at most 3 ticked, is 299 selections', () => {
    expect(1 + 12 + 66 + 220).toBeLessThanOrEqual(MAX_SELECTIONS);
    const r = product(', max_selected: 3').configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(true);
    expect(option(r, 'l')).toMatchObject({ available: false, reasons: [{ rule: 'no_l', because: { extras: ['l'] } }] });
    expect(option(r, 'a').available).toBe(true);
  });

  it('past it (4,096 selections of 12 options) says it does not know rather than exclude', () => {
    const r = product('').configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(false);
    expect(option(r, 'l')).toEqual({ id: 'l', available: true, reasons: [] });
    expect(option(r, 'a').available).toBe(true);
  });

  it('keeps what the buyer ticked: with a, b, c sent, only selections holding them are searched', () => {
    const r = product(', max_selected: 3').configure({ configuration: { extras: ['a', 'b', 'c'] }, quantity: 1 });
    expect(r.complete).toBe(true);
    // Full: every other option is out with the field's own message.
    expect(option(r, 'd')).toMatchObject({
      available: false,
      reasons: [{ rule: 'extras', message: 'Extras: choose at most 3' }],
    });
    expect(option(r, 'a').available).toBe(true);
  });
});
