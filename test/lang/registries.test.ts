/// <reference types="vite/client" />
// The design docs list exactly what the registries hold: the field types, the built-in functions, and the extra
// JSON Logic operations.
import { describe, expect, it } from 'vitest';
import api from '../../docs/api.md?raw';
import doc from '../../docs/schema-language.md?raw';
import { FIELD_TYPE_NAMES, fieldType } from '../../src/lang/fields/registry';
import type { FieldTypeSpec } from '../../src/lang/fields/spec';
import { FUNCTION_NAMES, FUNCTIONS } from '../../src/lang/functions';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { FieldIR } from '../../src/lang/ir';
import { EXTRA_OPERATIONS } from '../../src/lang/logic-ops';

/** The first-column `names` of the first table after `heading`. */
function tableNames(heading: string): string[] {
  const section = doc.slice(doc.indexOf(heading));
  const table = section.slice(section.indexOf('\n|'), section.indexOf('\n\n', section.indexOf('\n|') + 1));
  return [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) => [...(m[1] ?? '').matchAll(/`([a-z_]+)`/g)].map((n) => n[1]!));
}

describe('the field type registry', () => {
  it('refuses, at compile time, a type record that lacks a facet', () => {
    // @ts-expect-error: a record without its checks, literal rule, runtime checker, form and JSON Logic facets
    const incomplete: FieldTypeSpec = { props: [], choice: false, computed: false, valueType: 'number' };
    expect(incomplete.props).toEqual([]);
  });

  it('is what the doc’s field table lists', () => {
    expect(tableNames('### field').sort()).toEqual([...FIELD_TYPE_NAMES].sort());
  });

  it('gives every type the common properties, or none for computed types, and a label rule the checker applies', () => {
    for (const type of FIELD_TYPE_NAMES) {
      const spec = fieldType(type);
      const label = spec.computed ? '' : 'label: "L", ';
      const value = spec.computed
        ? 'value: 1'
        : spec.props.includes('options')
          ? 'options { a { label: "A" } }'
          : spec.props.includes('min') && type === 'slider'
            ? 'min: 0, max: 1'
            : '';
      const source = `product "P" {}\nfield f: ${type} { ${label}${value} }\n`;
      expect(analyze(source).diagnostics, type).toEqual([]);
      expect(spec.valueType === null, type).toBe(spec.computed);
      expect(spec.checker === null, type).toBe(spec.computed);
      expect(spec.logic === null, type).toBe(spec.computed);
    }
  });

  it('describes the wire shape of every key its form facet writes, and names a control', () => {
    const context = {
      text: () => 'T',
      condition: () => ({ source: 's', json_logic: true }),
      advertisedDefault: () => 1,
      optionAvailable: () => undefined,
    };
    const controls = ['number', 'range', 'select', 'radios', 'swatches', 'checkboxes', 'checkbox', 'text', 'date', 'none'];
    for (const type of FIELD_TYPE_NAMES) {
      const spec = fieldType(type);
      const field = { id: 'f', type, value: { kind: 'num', value: 1 }, options: [] } as unknown as FieldIR;
      const written = spec.form(field, context);
      const valued = Object.keys(written).filter((k) => written[k] !== undefined);
      expect(Object.keys(spec.wire), type).toEqual(expect.arrayContaining(valued));
      expect(Object.keys(written), type).toEqual(expect.arrayContaining(Object.keys(spec.wire)));
      expect(controls, type).toContain(spec.control.control);
      // A type without input has no control; every other one shows.
      expect(spec.control.control === 'none', type).toBe(spec.computed);
    }
  });
});

describe('the function registry', () => {
  it('is what the doc’s function table lists, with each function’s usage and JSON Logic support', () => {
    expect(tableNames('#### Functions').sort()).toEqual([...FUNCTION_NAMES].sort());
    for (const name of FUNCTION_NAMES) {
      const fn = FUNCTIONS[name];
      const row = doc.match(new RegExp(`^\\| \`${name}\` \\| \`([^\`]+)\` \\|.*\\| (standard|extra) \\|$`, 'm'));
      expect(row?.[1], name).toBe(fn.usage);
      expect(row?.[2], name).toBe(fn.jsonLogic === 'extra' ? 'extra' : 'standard');
    }
  });

  it('resolves each call by its argument count: no two overloads of a function take the same count', () => {
    for (const name of FUNCTION_NAMES) {
      const counts = FUNCTIONS[name].overloads.map((o) => o.params.length);
      expect(new Set(counts).size, name).toBe(counts.length);
    }
  });

  it('checks and computes each overload', () => {
    for (const name of FUNCTION_NAMES) {
      for (const o of FUNCTIONS[name].overloads) {
        const args = o.params.map((t) => (t === 'string' ? '"ab"' : t === 'list' ? 'm' : '2')).join(', ');
        const list = o.params.some((t) => t === 'list')
          ? 'field m: multiselect { label: "M", options { a { label: "A" } } }\n'
          : '';
        const source = `product "P" {}\n${list}output o internal { x = ${name}(${args}) }\n`;
        const result = analyze(source);
        expect(result.diagnostics, `${name}(${args})`).toEqual([]);
        const ev = instantiate(result.ir!).evaluate({ configuration: {}, quantity: 1, lang: 'en' });
        expect(ev.errors, name).toEqual([]);
        expect(typeof ev.outputs.get('o')?.get('x'), `${name}(${args})`).toBe(o.returns);
      }
    }
  });
});

describe('the extra JSON Logic operations', () => {
  it('are what docs/api.md lists, each with its meaning', () => {
    const section = api.slice(api.indexOf('| operation | meaning |'));
    const table = section.slice(0, section.indexOf('\n\n'));
    const listed = [...table.matchAll(/\{"([a-z_]+)":/g)].map((m) => m[1]);
    expect([...new Set(listed)].sort()).toEqual([...EXTRA_OPERATIONS].sort());
  });
});
