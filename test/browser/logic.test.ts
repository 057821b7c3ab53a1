// The configurator's JSON Logic evaluator (src/browser/configurator/logic.ts) against the reference implementation
// (json-logic-js) on the operators conditions use, on hostile field names, and with extra operations registered.
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { addOperation, apply } from '../../src/browser/configurator/logic';
import { logicOperations } from '../../src/lang/logic-ops';

const data = {
  width: 1200,
  height: 800,
  frame: 'alu',
  sill: true,
  none: false,
  zero: 0,
  empty: '',
  quantity: 3,
  nested: { a: { b: 7 } },
};

// [rule, note]: every one is also run through json-logic-js, whose answer is the expected one.
const RULES = [
  [{ var: 'width' }],
  [{ var: ['missing', 42] }],
  [{ var: 'nested.a.b' }],
  [{ '==': [{ var: 'frame' }, 'alu'] }],
  [{ '==': [1, '1'] }],
  [{ '===': [1, '1'] }],
  [{ '!=': [{ var: 'width' }, 1200] }],
  [{ '!==': [{ var: 'frame' }, 'pvc'] }],
  [{ '<': [{ var: 'height' }, { var: 'width' }] }],
  [{ '<': [100, { var: 'width' }, 2000] }],
  [{ '<=': [1200, { var: 'width' }] }],
  [{ '<=': [1, 1, 2] }],
  [{ '>': [{ var: 'width' }, 1000] }],
  [{ '>=': [{ var: 'width' }, 1201] }],
  [{ and: [{ var: 'sill' }, { '>': [{ var: 'width' }, 1000] }] }],
  [{ and: [{ var: 'zero' }, { var: 'width' }] }],
  [{ or: [{ var: 'none' }, { var: 'empty' }, 'x'] }],
  [{ or: [{ var: 'none' }, { var: 'zero' }] }],
  [{ '!': [{ var: 'sill' }] }],
  [{ '!': { var: 'none' } }],
  [{ '!': [[]] }],
  [{ if: [{ var: 'sill' }, 'yes', 'no'] }],
  [{ if: [false, 1, { '===': [{ var: 'frame' }, 'alu'] }, 2, 3] }],
  [{ if: [false, 1, false, 2, 3] }],
  [{ if: [[], 'empty arrays are false', 'else'] }],
  [{ in: [{ var: 'frame' }, ['alu', 'wood']] }],
  [{ in: ['pvc', ['alu', 'wood']] }],
  [{ in: ['lu', 'aluminium'] }],
  [{ '+': [{ var: 'width' }, { var: 'height' }, 1] }],
  [{ '+': ['3', 1] }],
  [{ '-': [{ var: 'width' }, 200] }],
  [{ '-': [{ var: 'width' }] }],
  [{ '*': [{ var: 'width' }, { var: 'height' }, 0.5] }],
  [{ '/': [{ var: 'width' }, 1000] }],
  [{ min: [{ var: 'width' }, { var: 'height' }, 900] }],
  [{ max: [{ var: 'width' }, { var: 'height' }] }],
  [{ cat: ['w', { var: 'width' }, true] }],
  [{ '===': [{ cat: [{ var: 'quantity' }] }, '3'] }],
  // The shape src/lang/runtime/jsonlogic.ts gives `colour.price` and map tables: an if-chain on the option.
  [{ '>': [{ if: [{ '===': [{ var: 'frame' }, 'pvc'] }, 10, { '===': [{ var: 'frame' }, 'alu'] }, 25, 40] }, 20] }],
  [{ '!': [{ in: [{ var: 'frame' }, ['alu']] }] }],
  [{ '<': [{ '/': [{ '*': [{ var: 'width' }, { var: 'height' }] }, 1000000] }, 1] }],
  [{ min: [{ max: [{ var: 'width' }, 1500] }, 2000] }],
  ['a literal'],
  [42],
  [null],
];

describe("<cpq-configurator>'s JSON Logic evaluator", () => {
  for (const [rule] of RULES) {
    it(`agrees with json-logic-js on ${JSON.stringify(rule)}`, () => {
      const ours = apply(rule, data);
      const reference = jsonLogic.apply(rule, data);
      expect(JSON.stringify(ours)).toBe(JSON.stringify(reference));
    });
  }

  it('treats prototype names as ordinary, absent fields', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__proto__.polluted']) {
      expect(apply({ var: name }, {}), name).toBe(null);
      expect(apply({ var: [name, 'fallback'] }, { width: 1 }), name).toBe('fallback');
    }
    const own = Object.create(null);
    // biome-ignore lint/suspicious/noProto: a field named __proto__ is exactly what this test sends.
    own.__proto__ = 'a field called __proto__';
    own.constructor = 5;
    expect(apply({ var: '__proto__' }, own)).toBe('a field called __proto__');
    expect(apply({ '>': [{ var: 'constructor' }, 4] }, own)).toBe(true);
  });

  it('refuses unknown operators and malformed rules', () => {
    expect(() => apply({ eval: ['1'] }, {})).toThrow(/Unrecognized JSON Logic operation: eval/);
    expect(() => apply({ toString: [] }, {})).toThrow(/Unrecognized/);
    expect(() => apply({ '==': [1, 1], '!=': [1, 2] }, {})).toThrow(/exactly one operator/);
  });

  it('evaluates lazily: the branch not taken never runs', () => {
    expect(apply({ if: [true, 1, { eval: [] }] }, {})).toBe(1);
    expect(apply({ and: [false, { eval: [] }] }, {})).toBe(false);
    expect(apply({ or: [true, { eval: [] }] }, {})).toBe(true);
  });
});

describe('extra operations', () => {
  it('plug in from one table and cannot replace a standard one', () => {
    expect(() => apply({ test_double: [2] }, {})).toThrow(/Unrecognized/);
    addOperation('test_double', (x) => Number(x) * 2);
    addOperation('==', () => 'replaced');
    expect(apply({ test_double: [{ var: 'a' }] }, { a: 21 })).toBe(42);
    addOperation('test_double', function (this: unknown) {
      return (this as { a: number }).a;
    });
    expect(apply({ test_double: [] }, { a: 7 }), 'the data is `this`').toBe(7);
    expect(apply({ '==': [1, 1] }, {})).toBe(true);
  });

  it("reads the form's logic_values through the server's extra operation value (src/lang/logic-ops.ts)", () => {
    const values = { w: { '+': [{ var: 'width' }, 1] }, big: { '>': [{ value: 'w' }, 1000] }, self: { value: 'self' } };
    for (const [name, op] of Object.entries(logicOperations(values, apply))) addOperation(name, op);
    expect(apply({ and: [{ value: 'big' }, { '===': [{ value: 'w' }, 1201] }] }, { width: 1200 })).toBe(true);
    expect(apply({ value: 'big' }, { width: 10 })).toBe(false);
    expect(() => apply({ value: 'nothing' }, {})).toThrow(/no value named nothing/);
    expect(() => apply({ value: 'self' }, {})).toThrow();
  });
});
