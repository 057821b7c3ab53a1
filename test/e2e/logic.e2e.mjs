// The preview's JSON Logic evaluator, exactly as the Worker serves it, checked against the reference
// implementation (json-logic-js) on the operators conditions use, and on hostile field names.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import jsonLogic from 'json-logic-js';
import { BASE } from './browser.mjs';

let logic;

before(async () => {
  const res = await fetch(`${BASE}/admin/assets/logic.js`);
  assert.equal(res.status, 200);
  const sandbox = { window: {} };
  runInNewContext(await res.text(), sandbox);
  logic = sandbox.window.cpqLogic;
});

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

describe('JSON Logic evaluator (logic.js)', () => {
  for (const [rule] of RULES) {
    it(`agrees with json-logic-js on ${JSON.stringify(rule)}`, () => {
      const ours = logic.apply(rule, data);
      const reference = jsonLogic.apply(rule, data);
      assert.equal(JSON.stringify(ours), JSON.stringify(reference));
    });
  }

  it('treats prototype names as ordinary, absent fields', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__proto__.polluted']) {
      assert.equal(logic.apply({ var: name }, {}), null, name);
      assert.equal(logic.apply({ var: [name, 'fallback'] }, { width: 1 }), 'fallback', name);
    }
    const own = Object.create(null);
    // biome-ignore lint/suspicious/noProto: a field named __proto__ is exactly what this test sends.
    own.__proto__ = 'a field called __proto__';
    own.constructor = 5;
    assert.equal(logic.apply({ var: '__proto__' }, own), 'a field called __proto__');
    assert.equal(logic.apply({ '>': [{ var: 'constructor' }, 4] }, own), true);
  });

  it('refuses unknown operators and malformed rules', () => {
    assert.throws(() => logic.apply({ eval: ['1'] }, {}), /Unrecognized JSON Logic operation: eval/);
    assert.throws(() => logic.apply({ toString: [] }, {}), /Unrecognized/);
    assert.throws(() => logic.apply({ '==': [1, 1], '!=': [1, 2] }, {}), /exactly one operator/);
  });

  it('evaluates lazily: the branch not taken never runs', () => {
    assert.equal(logic.apply({ if: [true, 1, { eval: [] }] }, {}), 1);
    assert.equal(logic.apply({ and: [false, { eval: [] }] }, {}), false);
    assert.equal(logic.apply({ or: [true, { eval: [] }] }, {}), true);
  });

  it("reads the form's logic_values with the extra operation value, once per data object", () => {
    logic.setValues({ w: { '+': [{ var: 'width' }, 1] }, big: { '>': [{ value: 'w' }, 1000] }, self: { value: 'self' } });
    assert.equal(logic.apply({ and: [{ value: 'big' }, { '===': [{ value: 'w' }, 1201] }] }, { width: 1200 }), true);
    assert.equal(logic.apply({ value: 'big' }, { width: 10 }), false);
    assert.throws(() => logic.apply({ value: 'nothing' }, {}), /No value named nothing/);
    assert.throws(() => logic.apply({ value: 'self' }, {}), /reads itself/);
    logic.setValues(undefined);
    assert.throws(() => logic.apply({ value: 'w' }, {}), /No value named w/);
  });
});
