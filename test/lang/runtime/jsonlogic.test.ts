import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../src/lang/index';
import { exportSize, FormLogic, logicSize, MAX_LOGIC_NODES } from '../../../src/lang/instantiate';
import type { Expr, ProductIR } from '../../../src/lang/ir';
import { logicOperations } from '../../../src/lang/logic-ops';
import { re2Matcher } from '../../../src/lang/runtime/pattern';
import {
  attr,
  bin,
  bool,
  call,
  cond,
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

/** The JSON Logic of an expression, and the values it reads, for `base` or the given product. */
function exported(expr: Expr, ir: ProductIR = base): { logic: unknown; values: Record<string, unknown> } {
  const form = new FormLogic(ir);
  const logic = form.condition(expr);
  return { logic, values: form.values };
}

/** Evaluates exported logic as a storefront does: on the configuration as sent, with the extra operations. */
function run(expr: Expr, configuration: Record<string, unknown>, quantity: unknown, ir: ProductIR = base): unknown {
  const { logic, values } = exported(expr, ir);
  for (const [name, op] of Object.entries(logicOperations(values, jsonLogic.apply, { pattern: re2Matcher }))) {
    jsonLogic.add_operation(name, op);
  }
  return jsonLogic.apply(logic, { ...configuration, quantity });
}

describe('the JSON Logic export', () => {
  it('reads fields through `value`, defined once in the values, and quantity as the server takes it', () => {
    const { logic, values } = exported(bin('>', ref('width'), num(1000)));
    expect(logic).toEqual({ '>': [{ value: 'width' }, 1000] });
    expect(values).toEqual({ width: { sent: [{ var: 'width' }, 0, 'number', 0, 3000, null] } });
    expect(exported(ref('quantity')).logic).toEqual({ quantity: [{ var: 'quantity' }, 1, 10000, 1, 1] });
    expect(exported(inList(ref('glass'), [str('double')], true)).logic).toEqual({
      '!': [{ in: [{ value: 'glass' }, ['double']] }],
    });
  });

  it('turns option attributes into if-chains over the ids, empty when the field has no option', () => {
    const { logic, values } = exported(attr('colour', 'price'));
    expect(logic).toEqual({ value: 'colour.price' });
    expect(values['colour.price']).toEqual({
      if: [
        { '===': [{ value: 'colour' }, 'white'] },
        0,
        { '===': [{ value: 'colour' }, 'grey'] },
        8,
        { '===': [{ value: 'colour' }, 'oak'] },
        14,
        0,
      ],
    });
    expect(exported(index('glass_price', ref('glass'))).logic).toEqual({
      lookup: [
        { value: 'glass' },
        [
          ['double', 38],
          ['triple', 55.5],
        ],
        70,
      ],
    });
  });

  it('gives the same answers as the runtime, on the configuration as sent', () => {
    const ir = withProbes(base);
    const sent = [...configurations, { width: '1200.5', height: 99999, colour: 'pink', glass: 3, sill: 'yes' }, {}];
    for (const configuration of sent) {
      for (const quantity of [1, 10, 0, undefined]) {
        const ev = evaluate(ir, configuration, quantity as number);
        for (const [id, expr] of Object.entries(conditions)) {
          const expected = ev.fields.find((f) => f.id === `probe_${id}`)?.value;
          expect(run(expr, configuration, quantity, ir), `${id} on ${JSON.stringify(configuration)} ×${quantity}`).toBe(expected);
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

  it('exports what standard JSON Logic lacks with the extra operations, computing what the runtime computes', () => {
    const exprs: Expr[] = [
      call('round', [bin('/', ref('width'), num(7))]),
      call('round', [bin('/', ref('width'), num(7)), num(2)]),
      call('sqrt', [ref('width')]),
      call('mod', [ref('width'), num(7)]),
      call('ceil_to', [ref('width'), num(250)]),
      call('floor', [bin('/', ref('width'), num(3))]),
      call('len', [ref('delivery')]),
      tcall('sill_price', [ref('width')]),
    ];
    for (const configuration of configurations) {
      const ev = evaluate(
        { ...base, fields: [...base.fields, ...exprs.map((value, i) => ({ ...field(`probe${i}`, 'hidden'), value }))] },
        configuration,
      );
      exprs.forEach((e, i) => {
        const expected = ev.fields.find((f) => f.id === `probe${i}`)?.value;
        if (expected === undefined) return;
        let got: unknown;
        try {
          got = run(e, configuration, 1);
        } catch {
          got = 'fault';
        }
        const failed = ev.errors.some((x) => x.field === `probe${i}`);
        expect(got, `probe${i} on ${JSON.stringify(configuration)}`).toBe(failed ? 'fault' : expected);
      });
    }
  });

  it('stays linear in the schema where inlining lets would explode', () => {
    const lets: Record<string, Expr> = { l0: ref('width') };
    for (let i = 1; i <= 40; i++) lets[`l${i}`] = bin('+', ref(`l${i - 1}`), ref(`l${i - 1}`));
    const { logic, values } = exported(bin('>', ref('l40'), num(0)), { ...base, lets });
    expect(logicSize({ logic, values })).toBeLessThan(1000);
    expect(run(bin('==', ref('l40'), num(0)), { width: 0 }, 1, { ...base, lets })).toBe(true);
    expect(run(bin('==', ref('l40'), num(2 ** 40 * 3)), { width: 3 }, 1, { ...base, lets })).toBe(true);
  });
});

describe('the size of the export', () => {
  it('is linear: a 60-level chain of fields, each visible when the one before is, exports each value once', () => {
    const n = 60;
    const fields = [field('f0', 'number', { min: 0, max: 10 })];
    for (let i = 1; i < n; i++) {
      const prev = ref(`f${i - 1}`);
      fields.push(
        field(`f${i}`, 'number', {
          min: 0,
          max: 10,
          visibleWhen: cond(bin('and', bin('>', prev, num(1)), bin('<', prev, num(9)))),
        }),
      );
    }
    const ir = product({ fields });
    const size = exportSize(ir);
    expect(size).toBeLessThan(60 * n);
    const { values } = exported(bin('>', ref(`f${n - 1}`), num(0)), ir);
    expect(Object.keys(values)).toHaveLength(n);
    const all = Object.fromEntries(fields.map((f) => [f.id, 5]));
    expect(run(bin('==', ref(`f${n - 1}`), num(5)), all, 1, ir)).toBe(true);
    expect(run(bin('==', ref(`f${n - 1}`), num(0)), { ...all, f30: 1 }, 1, ir)).toBe(true);
    expect(evaluate(ir, { ...all, f30: 1 }).fields[n - 1]?.value).toBe(0);
  });

  it('past MAX_LOGIC_NODES, the schema is refused with a diagnostic instead of a form no one can evaluate', () => {
    // A table is inlined where it is read: 300 reads of a 400-entry map table.
    const entries = Array.from({ length: 400 }, (_, i) => `o${i}: ${i}`).join(', ');
    const options = Array.from({ length: 400 }, (_, i) => `o${i} { label: "O" }`).join('\n');
    const uses = Array.from({ length: 300 }, (_, i) => `field g${i}: checkbox { label: "G", visible_when: prices[big] > ${i} }`);
    const source = `product "P" { language: en, currency: EUR }\nfield big: dropdown { label: "Big", options {\n${options}\n} }\ntable prices: map { ${entries} }\n${uses.join('\n')}\n`;
    const analysis = analyze(source);
    expect(analysis.diagnostics.map((d) => [d.code, d.message.slice(0, 40)])).toEqual([
      ['E_LIMIT', "the form's conditions export 362813 JSON"],
    ]);
    expect(MAX_LOGIC_NODES).toBe(200_000);
    // An option attribute is exported once, however often it is read.
    const attrs = source
      .replace(/prices\[big\]/g, 'big.price')
      .replace(/o(\d+) \{ label: "O" \}/g, 'o$1 { label: "O", price: $1 }');
    expect(analyze(attrs).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('text patterns in the extra operations', () => {
  const ir = product({ fields: [field('code', 'text', { pattern: '[A-Z]+-[0-9]+', maxLength: 8 })] });
  const { values } = exported(ref('code'), ir);

  it('test with the matcher given (the server’s: RE2), and throw without one rather than guess', () => {
    const apply = (options: Parameters<typeof logicOperations>[2], code: unknown) => {
      for (const [name, op] of Object.entries(logicOperations(values, jsonLogic.apply, options)))
        jsonLogic.add_operation(name, op);
      return jsonLogic.apply({ value: 'code' }, { code });
    };
    expect(apply({ pattern: re2Matcher }, 'AB-12')).toBe('AB-12');
    expect(apply({ pattern: re2Matcher }, 'ab-12')).toBe('');
    expect(apply({ pattern: re2Matcher }, 'ABCDEF-12')).toBe('');
    expect(() => apply({}, 'AB-12')).toThrow(/LogicOptions.pattern/);
  });
});
