// Repeated parts (`repeat door in 1..4 count n { … }`): the expansion stage (src/lang/expand) turns them into
// ordinary declarations, which these tests read through the whole pipeline: the IR, an evaluation, the form's
// JSON Logic and the diagnostics' positions.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import { MAX_SOURCE_BYTES, MAX_SOURCE_TOKENS } from '../../src/lang/syntax/split';
import { compareStates, formOf, logicStates } from './logic-harness';

const WARDROBE = [
  'product "P" { currency: EUR }',
  'field doors: number { label: "Doors", min: 1, max: 4, step: 1, default: 2 }',
  'options woods { oak { label: "Oak", price: 30 }, pine { label: "Pine", price: 10 } }',
  'price { line base: "Base" = 100 }',
  'output bom internal { rails = doors }',
  'repeat door in 1..4 count doors {',
  '  field panel_{door}: dropdown {',
  '    label: { en: "Door {door}", de: "Tür {door}" }',
  '    options: woods',
  '    visible_when: panel_{door}_shown',
  '  }',
  '  let panel_{door}_shown = true',
  '  price {',
  '    line panel_{door}: "Panel {door}" = panel_{door}.price * door',
  '  }',
  '  output bom {',
  '    panel_{door} = 1 when panel_{door} == "oak"',
  '    items { panel_{door} { label: "Oak panel, door {door}" } }',
  '  }',
  '}',
].join('\n');

function compiled(source: string) {
  const a = analyze(source);
  expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return a.ir!;
}

describe('expansion', () => {
  it('declares each instance as an ordinary field, line and output item, in instance order', () => {
    const ir = compiled(WARDROBE);
    expect(ir.fields.map((f) => f.id)).toEqual(['doors', 'panel_1', 'panel_2', 'panel_3', 'panel_4']);
    expect(ir.fields.find((f) => f.id === 'panel_3')?.label).toEqual({ en: 'Door 3', de: 'Tür 3' });
    expect(ir.price.lines.map((l) => l.id)).toEqual(['base', 'panel_1', 'panel_2', 'panel_3', 'panel_4']);
    expect(ir.price.lines[2]?.label).toEqual({ en: 'Panel 2' });
    const bom = ir.outputs.find((o) => o.id === 'bom');
    expect(bom?.internal).toBe(true);
    expect(bom?.items.map((i) => i.id)).toEqual(['rails', 'panel_1', 'panel_2', 'panel_3', 'panel_4']);
    expect(bom?.items[4]?.label).toEqual({ en: 'Oak panel, door 4' });
    expect(Object.keys(ir.lets)).toEqual(['panel_1_shown', 'panel_2_shown', 'panel_3_shown', 'panel_4_shown']);
  });

  it("lists a repeat's declarations instance by instance: in the IR, the form and configure", () => {
    const source = [
      'product "Kitchen" { currency: EUR }',
      'price { line base: "Base" = 100 }',
      'repeat c in 1..3 {',
      '  field type_{c}: dropdown { label: "Cabinet {c}", options { base { label: "Base" }, wall { label: "Wall" } } }',
      '  field soft_close_{c}: checkbox { label: "Soft close {c}" }',
      '  price {',
      '    line cabinet_{c}: "Cabinet {c}" = 50',
      '  }',
      '  price {',
      '    line hinge_{c}: "Hinges {c}" = 5 when soft_close_{c}',
      '  }',
      '}',
    ].join('\n');
    const ir = compiled(source);
    const order = ['type_1', 'soft_close_1', 'type_2', 'soft_close_2', 'type_3', 'soft_close_3'];
    expect(ir.fields.map((f) => f.id)).toEqual(order);
    expect(formOf(ir).groups.flatMap((g) => g.fields.map((f) => f.id))).toEqual(order);
    const configured = instantiate(ir).configure({ configuration: {}, quantity: 1 });
    expect(configured.fields.map((f) => f.id)).toEqual(order);
    const lines = ['base', 'cabinet_1', 'hinge_1', 'cabinet_2', 'hinge_2', 'cabinet_3', 'hinge_3'];
    expect(ir.price.lines.map((l) => l.id)).toEqual(lines);
  });

  it('makes the instances past the live count inactive: hidden, no price line, no output item', () => {
    const product = instantiate(compiled(WARDROBE));
    const configuration = { doors: 3, panel_1: 'oak', panel_2: 'pine', panel_3: 'oak', panel_4: 'oak' };
    const e = product.evaluate({ configuration, quantity: 1, lang: 'en' });
    expect(e.errors).toEqual([]);
    // The index reads as a number: door 2 pays 2 × 10, door 3 3 × 30; door 4 is past the count of 3.
    expect(e.price?.lines.map((l) => [l.id, l.amount])).toEqual([
      ['base', 100],
      ['panel_1', 30],
      ['panel_2', 20],
      ['panel_3', 90],
    ]);
    expect(e.price?.total).toBe(240);
    expect(Object.fromEntries(e.outputs.get('bom') ?? [])).toEqual({ rails: 3, panel_1: 1, panel_3: 1 });
    const fewer = product.evaluate({ configuration: { ...configuration, doors: 1 }, quantity: 1, lang: 'en' });
    expect(fewer.price?.total).toBe(130);
  });

  it("exports an instance's visibility to JSON Logic: the count joined to the field's own condition", () => {
    const ir = compiled(WARDROBE);
    const form = formOf(ir);
    const panel3 = form.groups.flatMap((g) => g.fields).find((f) => f.id === 'panel_3');
    expect(JSON.stringify(panel3?.visible_when?.json_logic)).toContain('"doors"');
    // The form shows the joined condition as its source, the instance's holes filled in.
    expect(ir.fields.find((f) => f.id === 'panel_3')?.visibleWhen?.source).toBe('doors >= 3 and (panel_3_shown)');
    const product = instantiate(ir);
    for (const doors of [1, 2, 3, 4]) {
      const sample = { configuration: { doors }, quantity: 1 };
      const logic = logicStates(form, sample).fields.filter((f) => f.id.startsWith('panel_'));
      expect(logic.map((f) => f.visible)).toEqual([1, 2, 3, 4].map((n) => n <= doors));
      const server = product.evaluate({ configuration: { doors }, quantity: 1, lang: 'en' });
      expect(compareStates(server, logicStates(form, sample))).toEqual([]);
    }
  });

  it('repeats without a count: every instance is always active', () => {
    const ir = compiled(
      [
        'product "P" { currency: EUR }',
        'repeat shelf in 0..2 {',
        '  field depth_{shelf}: number { label: "Shelf {shelf}", default: shelf }',
        '}',
      ].join('\n'),
    );
    expect(ir.fields.map((f) => [f.id, f.default, f.visibleWhen])).toEqual([
      ['depth_0', 0, undefined],
      ['depth_1', 1, undefined],
      ['depth_2', 2, undefined],
    ]);
  });

  it('points diagnostics at the text inside the block, once for all instances, naming the first instance it shows in', () => {
    const a = analyze(
      [
        'product "P" { currency: EUR }',
        'field panel_2: checkbox { label: "Two" }',
        'repeat door in 1..3 {',
        '  field panel_{door}: number { label: "Door {door}", max: widht }',
        '}',
      ].join('\n'),
    );
    expect(a.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['E_DUPLICATE', 4, 9, 'the name "panel_2" is declared twice (fields, lets and tables share one namespace)'],
      ['E_VALUE', 4, 59, 'max of the number field "panel_1" must be a number literal, found an expression'],
    ]);
  });

  it('fills the index into groups, rules, constraints, messages and translation keys; computed fields stay active', () => {
    const source = [
      'product "P" { currency: EUR, languages: [en, de] }',
      'translations en { side_1: "Left", side_2: "Right" }',
      'translations de { side_1: "Links", side_2: "Rechts" }',
      'field n: number { label: { en: "N", de: "N" }, min: 0, max: 2, default: 2 }',
      'repeat side in 1..2 count n {',
      '  group g_{side} { label: @side_{side}, order: side }',
      '  field w_{side}: number in g_{side} { label: { en: "Width {side}", de: "Breite {side}" }, max: 900 }',
      '  field area_{side}: hidden { value: w_{side} * 2 }',
      '  error wide_{side} { when: w_{side} > 800, message: { en: "Side {side}: {w_{side}} mm, {{max}} 800", de: "Seite {side}" } }',
      '  constraint narrow_{side} { require: w_{side} != 700, message: { en: "Not 700 ({side})", de: "Nicht 700" } }',
      '}',
    ].join('\n');
    const ir = compiled(source);
    expect(ir.groups.map((g) => [g.id, g.label])).toEqual([
      ['g_1', { en: 'Left', de: 'Links' }],
      ['g_2', { en: 'Right', de: 'Rechts' }],
      ['main', { en: 'P' }],
    ]);
    expect(ir.fields.find((f) => f.id === 'area_2')?.visibleWhen).toBeUndefined();
    const product = instantiate(ir);
    const wide = product.evaluate({ configuration: { n: 2, w_2: 850 }, quantity: 1, lang: 'en' });
    expect(wide.errors.map((e) => [e.rule, e.message])).toEqual([['wide_2', 'Side 2: 850 mm, {max} 800']]);
    // Side 2 past the count: hidden, so its width reads 0 (its area too), its rule and constraint hold.
    const one = product.evaluate({ configuration: { n: 1, w_2: 700 }, quantity: 1, lang: 'en' });
    expect(one.errors).toEqual([]);
    const seven = product.evaluate({ configuration: { n: 2, w_2: 700 }, quantity: 1, lang: 'en' });
    expect(seven.errors.map((e) => e.rule)).toEqual(['narrow_2']);
  });

  it('counts the copies against the token limit: a repeat whose expansion exceeds it is E_LIMIT at its keyword', () => {
    // 1,000 lets of 21 tokens: 50 copies make 1,050,000 tokens in 2.3 MB, within the byte limit.
    const body = Array.from({ length: 1000 }, (_, i) => `  let v${i}_{k} = ${'1 + '.repeat(8)}k`).join('\n');
    const source = ['product "P" { currency: EUR }', `repeat k in 1..50 {`, body, '}'].join('\n');
    expect(source.length * 50).toBeLessThan(MAX_SOURCE_BYTES);
    const a = analyze(source);
    expect(a.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.line, d.column])).toEqual([
      ['E_LIMIT', 2, 1],
    ]);
    expect(a.diagnostics[0]!.message).toContain(`would exceed ${MAX_SOURCE_TOKENS} tokens`);
    const fewer = analyze(source.replace('1..50', '1..2'));
    expect(fewer.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('counts the copies against the 4 MiB limit too: long texts copied past it are E_LIMIT at the keyword', () => {
    const body = Array.from({ length: 20 }, (_, i) => `  let s${i}_{k} = "${'x'.repeat(5000)}"`).join('\n');
    const source = ['product "P" { currency: EUR }', `repeat k in 1..50 {`, body, '}'].join('\n');
    const a = analyze(source);
    expect(a.diagnostics.filter((d) => d.severity === 'error').map((d) => [d.code, d.line, d.column])).toEqual([
      ['E_LIMIT', 2, 1],
    ]);
    expect(a.diagnostics[0]!.message).toContain(`would exceed ${MAX_SOURCE_BYTES} characters`);
  });

  it('fills the index into a multi-select read with in and count', () => {
    const source = [
      'product "P" { currency: EUR }',
      'options extras { light { label: "Light" }, mirror { label: "Mirror" } }',
      'price { line base: "Base" = 10 }',
      'repeat door in 1..2 {',
      '  field extras_{door}: multiselect { label: "Door {door} extras", options: extras }',
      '  price { line light_{door}: "Light {door}" = 20 * count(extras_{door}) when "light" in extras_{door} }',
      '}',
    ].join('\n');
    const e = instantiate(compiled(source)).evaluate({
      configuration: { extras_1: ['mirror'], extras_2: ['light', 'mirror'] },
      quantity: 1,
      lang: 'en',
    });
    expect(e.price?.lines.map((l) => [l.id, l.amount])).toEqual([
      ['base', 10],
      ['light_2', 40],
    ]);
  });
});
