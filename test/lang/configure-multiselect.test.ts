// The configure engine's bounds with multi-selects: selections held per field are capped (MAX_SELECTIONS), and
// past the cap what no solution among them has is "not known" (complete: false, the option reported available),
// never "none"; within it the answer is exact. Options ticked narrow the field to the selections that hold them
// (exact/typed.ts), so a request that ticks enough is exact again. One engine answers all of it (issue 33).
import { describe, expect, it } from 'vitest';
import { MAX_SELECTIONS } from '../../src/lang/configure/analysis';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';

const ids = 'abcdefghijkl'.split('');

const schema = (max: string) => `product "Many" { currency: EUR }
field extras: multiselect {
  label: "Extras"${max}
  options { ${ids.map((id) => `${id} { label: "${id.toUpperCase()}" }`).join(', ')} }
}
constraint no_l { require: "l" not in extras, message: "L is not made" }
price { line base: "Base" = 10 + count(extras) }
`;

function product(max: string): ReturnType<typeof instantiate> {
  const result = analyze(schema(max));
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return instantiate(result.ir as ProductIR);
}

/** Each option's availability, by id. */
const availability = (r: ReturnType<ReturnType<typeof instantiate>['configure']>) =>
  Object.fromEntries(r.fields[0]!.options!.map((o) => [o.id, o.available]));

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

  it('past it, its save says so (W_SEARCHED on the field), as not known rather than unavailable', () => {
    const warnings = analyze(schema('')).diagnostics.filter((d) => d.code === 'W_SEARCHED');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain(`multi-select "extras" has more selections than the ${MAX_SELECTIONS}`);
    expect(warnings[0]!.message).toContain('not known');
    expect(analyze(schema(', max_selected: 3')).diagnostics.filter((d) => d.code === 'W_SEARCHED')).toEqual([]);
  });

  it('past it, six options ticked narrow it to the 64 selections that hold them: exact again', () => {
    // None of the first 1,024 selections (sizes 0 to 4, then some of 5) holds six options: without the narrowing
    // every option would be "not known".
    const r = product('').configure({ configuration: { extras: ['a', 'b', 'c', 'd', 'e', 'f'] }, quantity: 1 });
    expect(r.complete).toBe(true);
    expect(r.satisfiable).toBe(true);
    expect(option(r, 'l')).toMatchObject({ available: false, reasons: [{ rule: 'no_l' }] });
    expect(option(r, 'g').available).toBe(true);
    const want = product('').configure({
      configuration: { extras: ['a', 'b', 'c', 'd', 'e', 'l'] },
      quantity: 1,
      want: { field: 'extras', option: 'g' },
    });
    expect(want.want).toMatchObject({ available: false, possible: true, conflict: ['extras'] });
  });

  it('sent what is no list of option ids, reads it as its default, as evaluation does', () => {
    for (const max of ['', ', max_selected: 3']) {
      const m = product(max);
      const none = availability(m.configure({ configuration: { extras: [] }, quantity: 1 }));
      for (const junk of ['junk', 7, { a: 1 }, [1, 2]]) {
        const r = m.configure({ configuration: { extras: junk }, quantity: 1 });
        expect(availability(r), JSON.stringify(junk)).toEqual(none);
      }
    }
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
