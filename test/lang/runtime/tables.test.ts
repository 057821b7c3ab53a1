import { describe, expect, it } from 'vitest';
import type { TableIR } from '../../../src/lang/ir';
import { at, call, evaluate, field, index, num, option, outputsOf, range, ref, str, tcall, withOutputs } from './build';

const sill = range('next', [600, 900, 1200], [30, 38, 46]);
const slope = range('interpolate', [600, 900, 1200], [30, 36, 48]);
const matrix = (lookup: 'next' | 'interpolate'): TableIR => ({
  kind: 'matrix',
  lookup,
  rows: [600, 900, 1200],
  columns: [600, 1000],
  values: [
    [110, 130],
    [125, 150],
    [140, 170],
  ],
});

function lookup(tables: Record<string, TableIR>, x: number, y?: number) {
  const name = Object.keys(tables)[0]!;
  const args = y === undefined ? [num(x)] : [num(x), num(y)];
  const ev = evaluate(withOutputs({ v: tcall(name, args, at(5, 14)) }, { tables }));
  return { value: outputsOf(ev).v, errors: ev.errors };
}

describe('range tables', () => {
  it('next: the first band ≥ x, the first band below it', () => {
    expect(lookup({ sill }, 100).value).toBe(30);
    expect(lookup({ sill }, 600).value).toBe(30);
    expect(lookup({ sill }, 601).value).toBe(38);
    expect(lookup({ sill }, 1200).value).toBe(46);
  });

  it('next: a float artefact on a band edge stays in that band', () => {
    expect(lookup({ sill }, 0.1 * 3 * 3000).value).toBe(38);
  });

  it('interpolate: linear between band points, first value below the first band', () => {
    expect(lookup({ slope }, 100).value).toBe(30);
    expect(lookup({ slope }, 600).value).toBe(30);
    expect(lookup({ slope }, 750).value).toBe(33);
    expect(lookup({ slope }, 900).value).toBe(36);
    expect(lookup({ slope }, 1000).value).toBe(40);
    expect(lookup({ slope }, 1200).value).toBe(48);
  });

  it('above the last band is R_TABLE_RANGE for both lookups', () => {
    for (const t of [{ sill }, { slope }] as Record<string, TableIR>[]) {
      const { value, errors } = lookup(t, 1201);
      expect(value).toBeUndefined();
      expect(errors).toHaveLength(1);
      expect(errors[0]!.code).toBe('R_TABLE_RANGE');
      expect(errors[0]).toMatchObject({
        message: `1201 is above the last band (1200) of table ${Object.keys(t)[0]}`,
        line: 5,
        column: 14,
      });
    }
  });
});

describe('matrix tables', () => {
  it('next looks up the row and column bands', () => {
    const base = matrix('next');
    expect(lookup({ base }, 500, 500).value).toBe(110);
    expect(lookup({ base }, 700, 600).value).toBe(125);
    expect(lookup({ base }, 1000, 700).value).toBe(170);
    expect(lookup({ base }, 1200, 1000).value).toBe(170);
  });

  it('interpolate is bilinear', () => {
    const base = matrix('interpolate');
    expect(lookup({ base }, 600, 600).value).toBe(110);
    expect(lookup({ base }, 750, 600).value).toBe(117.5);
    expect(lookup({ base }, 600, 800).value).toBe(120);
    expect(lookup({ base }, 750, 800).value).toBe(128.75);
    expect(lookup({ base }, 1200, 1000).value).toBe(170);
    expect(lookup({ base }, 100, 100).value).toBe(110);
    expect(lookup({ base }, 1200, 800).value).toBe(155);
  });

  it('a row or column above the last band is R_TABLE_RANGE', () => {
    for (const lookupKind of ['next', 'interpolate'] as const) {
      const base = matrix(lookupKind);
      expect(lookup({ base }, 1300, 600).errors[0]?.code).toBe('R_TABLE_RANGE');
      expect(lookup({ base }, 600, 1001).errors[0]?.message).toContain('above the last band (1000)');
    }
  });
});

describe('map tables', () => {
  const glass: TableIR = { kind: 'map', entries: { double: 38, triple: 55.5 } };
  const withDefault: TableIR = { kind: 'map', entries: { double: 38 }, fallback: 0 };
  const byNumber: TableIR = { kind: 'map', entries: { '2': 'two', '3': 'three' } };

  const ir = (tables: Record<string, TableIR>, key = ref('glass')) =>
    withOutputs(
      { v: index(Object.keys(tables)[0]!, key, at(9, 3)) },
      {
        tables,
        fields: [field('glass', 'dropdown', { options: [option('double'), option('triple'), option('quad')] })],
      },
    );

  it('looks up the key, with the * fallback for keys not listed', () => {
    expect(outputsOf(evaluate(ir({ glass }), { glass: 'triple' })).v).toBe(55.5);
    expect(outputsOf(evaluate(ir({ withDefault }), { glass: 'triple' })).v).toBe(0);
    expect(outputsOf(evaluate(ir({ withDefault }), { glass: 'double' })).v).toBe(38);
  });

  it('a missing key without fallback is R_TABLE_KEY', () => {
    const ev = evaluate(ir({ glass }), { glass: 'quad' });
    expect(ev.errors).toEqual([
      { code: 'R_TABLE_KEY', message: 'Table glass has no entry for "quad"', line: 9, column: 3, because: {} },
    ]);
  });

  it('numbers index by their decimal text, string values come through', () => {
    const ev = evaluate(withOutputs({ n: call('len', [index('byNumber', num(3))]) }, { tables: { byNumber } }));
    expect(outputsOf(ev).n).toBe(5);
  });

  it('keys such as __proto__ and toString are ordinary keys', () => {
    const entries = JSON.parse('{"__proto__": 7, "toString": 8}') as Record<string, number>;
    const odd: TableIR = { kind: 'map', entries };
    const ok = withOutputs({ a: index('odd', str('__proto__')), b: index('odd', str('toString')) }, { tables: { odd } });
    expect(outputsOf(evaluate(ok))).toEqual({ a: 7, b: 8 });
    const missing = evaluate(withOutputs({ a: index('odd', str('constructor')) }, { tables: { odd } }));
    expect(missing.errors[0]?.code).toBe('R_TABLE_KEY');
  });
});
