import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import type { Expr, ProductIR } from '../../../src/lang/ir';
import { toJsonLogic } from '../../../src/lang/runtime';
import {
  attr,
  bin,
  bool,
  call,
  evaluate,
  field,
  iff,
  index,
  inList,
  neg,
  not,
  num,
  option,
  product,
  range,
  ref,
  str,
  tcall,
} from './build';

const base = product({
  fields: [
    field('width', 'number', { min: 0, max: 3000 }),
    field('height', 'number', { min: 0, max: 3000 }),
    field('colour', 'swatch', {
      options: [
        option('white', { price: 0, dark: false }),
        option('grey', { price: 8, dark: true }),
        option('oak', { price: 14, dark: true }),
      ],
    }),
    field('glass', 'dropdown', { options: [option('double'), option('triple'), option('quad')] }),
    field('sill', 'checkbox'),
    field('delivery', 'date'),
    field('__proto__', 'number', { max: 100 }),
    field('area_hidden', 'hidden', { value: bin('/', bin('*', ref('width'), ref('height')), num(1e6)) }),
  ],
  lets: {
    area: bin('/', bin('*', ref('width'), ref('height')), num(1e6)),
    big: bin('>', ref('area'), num(1.5)),
  },
  tables: {
    glass_price: { kind: 'map', entries: { double: 38, triple: 55.5 }, fallback: 70 },
    by_count: { kind: 'map', entries: { '1': 'one', '2': 'two' }, fallback: 'many' },
    sill_price: range('next', [600, 900], [30, 38]),
  },
});

const conditions: Record<string, Expr> = {
  compare: bin('>', ref('width'), num(1000)),
  logic: bin('or', bin('and', ref('sill'), bin('==', ref('colour'), str('white'))), not(bin('!=', ref('glass'), str('quad')))),
  in: inList(ref('colour'), [str('grey'), str('oak')]),
  notIn: inList(ref('glass'), [str('double')], true),
  ifThenElse: bin('>=', iff(ref('sill'), bin('+', ref('width'), num(100)), bin('-', ref('width'), num(100))), num(1000)),
  letsInlined: bin('and', ref('big'), bin('<=', ref('area'), num(4))),
  minMax: bin(
    '<',
    call('max', [ref('width'), ref('height'), num(1200)]),
    bin('*', call('min', [ref('width'), ref('height')]), num(1.5)),
  ),
  attrNumber: bin('>', bin('*', attr('colour', 'price'), num(2)), num(10)),
  attrBoolean: attr('colour', 'dark'),
  mapTable: bin('>', index('glass_price', ref('glass')), num(50)),
  numberKey: bin('==', index('by_count', bin('+', call('min', [ref('__proto__'), num(2)]), num(0))), str('two')),
  quantity: bin('>=', ref('quantity'), num(10)),
  absClamp: bin(
    'and',
    bin('<', call('abs', [bin('-', ref('width'), num(1000))]), num(300)),
    bin('==', call('clamp', [ref('height'), num(500), num(1500)]), num(1500)),
  ),
  negation: bin('<', neg(ref('width')), num(-900)),
  hiddenInlined: bin('>', ref('area_hidden'), num(1)),
  dates: bin('<', ref('delivery'), str('2024-06-01')),
  protoField: bin('>', ref('__proto__'), num(50)),
  literal: bool(true),
};

// Parsed from JSON so that "__proto__" is an own key, as it is in a request body.
const configurations = JSON.parse(`[
  { "width": 1200, "height": 1400, "colour": "grey", "glass": "triple", "sill": true, "delivery": "2024-03-01", "__proto__": 60 },
  { "width": 800, "height": 700, "colour": "white", "glass": "quad", "sill": false, "delivery": "2024-09-01", "__proto__": 1 },
  { "width": 1000, "height": 1600, "colour": "oak", "glass": "double", "sill": true, "delivery": "2024-06-01", "__proto__": 2 },
  { "width": 2900, "height": 2000, "colour": "white", "glass": "double", "sill": false, "delivery": "2023-12-31", "__proto__": 100 }
]`) as Record<string, unknown>[];

function withProbes(ir: ProductIR): ProductIR {
  return {
    ...ir,
    fields: [...ir.fields, ...Object.entries(conditions).map(([id, value]) => ({ ...field(`probe_${id}`, 'hidden'), value }))],
  };
}

describe('toJsonLogic', () => {
  it('translates field references, quantity and literals', () => {
    expect(toJsonLogic(bin('>', ref('width'), num(1000)), base)).toEqual({ '>': [{ var: 'width' }, 1000] });
    expect(toJsonLogic(ref('quantity'), base)).toEqual({ var: 'quantity' });
    expect(toJsonLogic(bin('==', ref('colour'), str('white')), base)).toEqual({ '===': [{ var: 'colour' }, 'white'] });
    expect(toJsonLogic(inList(ref('glass'), [str('double')], true), base)).toEqual({
      '!': [{ in: [{ var: 'glass' }, ['double']] }],
    });
  });

  it('turns option attributes and map lookups into if-chains over the ids', () => {
    expect(toJsonLogic(attr('colour', 'price'), base)).toEqual({
      if: [{ '===': [{ var: 'colour' }, 'white'] }, 0, { '===': [{ var: 'colour' }, 'grey'] }, 8, 14],
    });
    expect(toJsonLogic(index('glass_price', ref('glass')), base)).toEqual({
      if: [{ '===': [{ var: 'glass' }, 'double'] }, 38, { '===': [{ var: 'glass' }, 'triple'] }, 55.5, 70],
    });
  });

  it('gives the same answers as the runtime', () => {
    const ir = withProbes(base);
    for (const configuration of configurations) {
      for (const quantity of [1, 10]) {
        const ev = evaluate(ir, configuration, quantity);
        expect(ev.errors).toEqual([]);
        const data = { ...Object.fromEntries(ev.fields.map((f) => [f.id, f.value])), quantity };
        for (const [id, expr] of Object.entries(conditions)) {
          const logic = toJsonLogic(expr, ir);
          expect(logic, id).not.toBeNull();
          const expected = ev.fields.find((f) => f.id === `probe_${id}`)?.value;
          expect(jsonLogic.apply(logic, data), `${id} on ${JSON.stringify(configuration)} ×${quantity}`).toBe(expected);
        }
      }
    }
  });

  it('the data really varies: each condition is both true and false somewhere', () => {
    const ir = withProbes(base);
    const seen = new Map<string, Set<unknown>>();
    for (const configuration of configurations) {
      for (const quantity of [1, 10]) {
        for (const f of evaluate(ir, configuration, quantity).fields) {
          if (!f.id.startsWith('probe_')) continue;
          seen.set(f.id, (seen.get(f.id) ?? new Set()).add(f.value));
        }
      }
    }
    const constant = [...seen].filter(([, values]) => values.size < 2).map(([id]) => id);
    expect(constant).toEqual(['probe_literal']);
  });

  it('gives up on the whole condition when a part has no JSON Logic form', () => {
    const untranslatable: Expr[] = [
      call('round', [ref('width')]),
      call('sqrt', [ref('width')]),
      call('mod', [ref('width'), num(3)]),
      call('ceil_to', [ref('width'), num(10)]),
      call('len', [ref('delivery')]),
      tcall('sill_price', [ref('width')]),
      ref('no_such_value'),
    ];
    for (const e of untranslatable) {
      expect(toJsonLogic(bin('and', ref('sill'), bin('>', e, num(1))), base)).toBeNull();
    }
  });

  it('gives up when inlining lets would explode', () => {
    const lets: Record<string, Expr> = { l0: ref('width') };
    for (let i = 1; i <= 20; i++) lets[`l${i}`] = bin('+', ref(`l${i - 1}`), ref(`l${i - 1}`));
    expect(toJsonLogic(bin('>', ref('l20'), num(0)), { ...base, lets })).toBeNull();
    expect(toJsonLogic(bin('>', ref('l3'), num(0)), { ...base, lets })).not.toBeNull();
  });
});
