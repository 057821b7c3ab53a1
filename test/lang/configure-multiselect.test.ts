// The configure engine's bounds with multi-selects: selections held per field are capped (MAX_SELECTIONS: 4,096), and
// past the cap what no solution among them has is "not known" (complete: false, the option reported available),
// never "none"; within it the answer is exact. Options ticked narrow the field to the selections that hold them
// (exact/typed.ts), so a request that ticks enough is exact again. One engine answers all of it (issue 33).
import { describe, expect, it } from 'vitest';
import { MAX_SELECTIONS } from '../../src/lang/configure/analysis';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';

const ids = 'abcdefghijklm'.split('');
const last = ids[ids.length - 1]!;

/** `options`: how many of the thirteen; the last one a constraint refuses, the second one without `lit`. */
const schema = (max: string, options = ids.length) => `product "Many" { currency: EUR }
field lit: checkbox { label: "Lit", default: true }
field extras: multiselect {
  label: "Extras"${max}
  options { ${ids
    .slice(0, options)
    .map((id) => `${id} { label: "${id.toUpperCase()}" }`)
    .join(', ')} }
}
constraint no_last { require: "${ids[options - 1]}" not in extras, message: "${ids[options - 1]} is not made" }
constraint lights { require: lit or "b" not in extras, message: "B needs light" }
price { line base: "Base" = 10 + count(extras) }
`;

function product(max: string, options = ids.length): ReturnType<typeof instantiate> {
  const result = analyze(schema(max, options));
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return instantiate(result.ir as ProductIR);
}

/** Each option's availability, by id. */
const extrasOf = (r: ReturnType<ReturnType<typeof instantiate>['configure']>) => r.fields.find((f) => f.id === 'extras')!;
const availability = (r: ReturnType<ReturnType<typeof instantiate>['configure']>) =>
  Object.fromEntries(extrasOf(r).options!.map((o) => [o.id, o.available]));

const option = (r: ReturnType<ReturnType<typeof instantiate>['configure']>, id: string) =>
  extrasOf(r).options!.find((o) => o.id === id)!;

describe('configure with a multi-select of many options', () => {
  it('is exact within MAX_SELECTIONS: 13 options, at most 3 ticked, is 378 selections', () => {
    expect(1 + 13 + 78 + 286).toBeLessThanOrEqual(MAX_SELECTIONS);
    const r = product(', max_selected: 3').configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(true);
    expect(option(r, last)).toMatchObject({
      available: false,
      reasons: [{ rule: 'no_last', because: { extras: [last] } }],
    });
    expect(option(r, 'a').available).toBe(true);
  });

  it('is exact at MAX_SELECTIONS: 12 options, any number ticked, is 4,096 selections', () => {
    expect(2 ** 12).toBe(MAX_SELECTIONS);
    const m = product('', 12);
    const r = m.configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(true);
    expect(option(r, 'l')).toMatchObject({ available: false, reasons: [{ rule: 'no_last' }] });
    // Unlit, B completes with nothing: it is unavailable, not offered as "not known".
    const unlit = m.configure({ configuration: { lit: false }, quantity: 1 });
    expect(unlit.complete).toBe(true);
    expect(option(unlit, 'b')).toMatchObject({ available: false, reasons: [{ rule: 'lights' }] });
  });

  it('past it (8,192 selections of 13 options) says it does not know rather than exclude', () => {
    const r = product('').configure({ configuration: {}, quantity: 1 });
    expect(r.complete).toBe(false);
    expect(option(r, last)).toEqual({ id: last, available: true, reasons: [] });
    expect(option(r, 'a').available).toBe(true);
  });

  it('past it, its save says so (W_SEARCHED on the field), as not known rather than unavailable', () => {
    const warnings = analyze(schema('')).diagnostics.filter((d) => d.code === 'W_SEARCHED');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain(`multi-select "extras" has more selections than the ${MAX_SELECTIONS}`);
    expect(warnings[0]!.message).toContain('not known');
    for (const [max, options] of [
      [', max_selected: 3', 13],
      ['', 12],
    ] as const) {
      expect(analyze(schema(max, options)).diagnostics.filter((d) => d.code === 'W_SEARCHED')).toEqual([]);
    }
  });

  it('past it, seven options ticked narrow it to the 64 selections that hold them: exact again', () => {
    // None of the first 4,096 selections (sizes 0 to 6) holds seven options: without the narrowing every option
    // would be "not known".
    const r = product('').configure({ configuration: { extras: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, quantity: 1 });
    expect(r.complete).toBe(true);
    expect(r.satisfiable).toBe(true);
    expect(option(r, last)).toMatchObject({ available: false, reasons: [{ rule: 'no_last' }] });
    expect(option(r, 'h').available).toBe(true);
    const want = product('').configure({
      configuration: { extras: ['a', 'b', 'c', 'd', 'e', 'f', last] },
      quantity: 1,
      want: { field: 'extras', option: 'h' },
    });
    expect(want.want).toMatchObject({ available: false, possible: true, conflict: ['extras'] });
  });

  it('sent what is no list of distinct option ids, reads it as its default, as evaluation does', () => {
    for (const max of ['', ', max_selected: 3']) {
      const m = product(max);
      const none = availability(m.configure({ configuration: { extras: [] }, quantity: 1 }));
      for (const junk of ['junk', 7, { a: 1 }, [1, 2], ['no-such-option'], ['a', 'a']]) {
        const r = m.configure({ configuration: { extras: junk }, quantity: 1 });
        expect(availability(r), JSON.stringify(junk)).toEqual(none);
      }
      // A list longer than the options is refused before its items are read: B ticked a hundred thousand times is
      // not B ticked (which the unlit configuration refuses), and costs no pass over the list per selection.
      const unlit = availability(m.configure({ configuration: { lit: false, extras: [] }, quantity: 1 }));
      const long = m.configure({ configuration: { lit: false, extras: Array(100_000).fill('b') }, quantity: 1 });
      expect(availability(long)).toEqual(unlit);
      expect(long.satisfiable).not.toBe(false);
    }
  });

  it('keeps what the buyer ticked: with a, b, c sent, only the selections holding them', () => {
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
