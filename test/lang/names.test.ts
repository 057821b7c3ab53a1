// Names such as __proto__, constructor and toString are ordinary names everywhere: fields, lets, options,
// option attributes, tables, map keys, groups, outputs, items, translation keys.
import { expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';

const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

function schema(n: string): string {
  return `product "P" {}
translations en { ${n}: "Label" }
group ${n} { label: @${n} }
field ${n}: dropdown in ${n} {
  label: @${n}
  options { ${n} { label: "Option", ${n}: 2 }
    other { label: "Other", ${n}: 3 } }
  default: "${n}"
}
let ${n}_let = ${n}.${n} * 2
table ${n}_table: map { ${n}: 10, other: 20 }
output ${n} { label: "Out", ${n} = ${n}_let + ${n}_table[${n}], items { ${n} { label: "Item" } } }
error ${n} { when: ${n} == "${n}", message: "{${n}}", field: ${n} }`;
}

for (const n of HOSTILE) {
  it(`compiles "${n}" as a name`, () => {
    const { ir, diagnostics } = analyze(schema(n));
    expect(diagnostics).toEqual([]);
    if (!ir) throw new Error('no IR');
    const field = ir.fields[0];
    expect(field?.id).toBe(n);
    expect(field?.group).toBe(n);
    expect(field?.label).toEqual({ en: 'Label' });
    expect(field?.fallback).toBe(n);
    expect(Object.hasOwn(field?.options?.[0]?.attrs ?? {}, n)).toBe(true);
    expect(field?.options?.[0]?.attrs[n]).toBe(2);
    expect(Object.keys(ir.lets)).toEqual([`${n}_let`]);
    const table = ir.tables[`${n}_table`];
    expect(table?.kind === 'map' && Object.hasOwn(table.entries, n) && table.entries[n]).toBe(10);
    expect(ir.groups.map((g) => g.id)).toEqual([n]);
    expect(ir.outputs[0]?.items.map((i) => i.id)).toEqual([n]);
    expect(ir.rules[0]).toMatchObject({ id: n, field: n, message: { en: `{${n}}` } });
    // A JSON round trip (as stored) keeps every key as an own property.
    expect(JSON.parse(JSON.stringify(ir))).toEqual(ir);
  });
}

it('does not mistake inherited object members for declarations', () => {
  const { diagnostics } = analyze(`product "P" {}
let a = toString + constructor(1) + __proto__["k"] + valueOf.x
output o internal { a = a }`);
  expect(diagnostics.map((d) => [d.code, d.column])).toEqual([
    ['E_UNDEFINED', 9],
    ['E_UNKNOWN_FUNCTION', 20],
    ['E_UNDEFINED', 37],
    ['E_UNDEFINED', 54],
  ]);
});
