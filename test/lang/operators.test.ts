// Every operator of the registry (src/lang/operators.ts) end to end: read by both parsers, typed by its rule,
// evaluated by the server, exported as JSON Logic and evaluated by the configurator's evaluator, which must give
// the server's value (or fail where the server faults). A new operator is checked here with no test to write.
/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import grammar from '../../grammar/cpq.ohm?raw';
import { addOperation, apply } from '../../src/browser/configurator/logic';
import { Diagnostics } from '../../src/lang/diagnostics';
import { FUNCTION_NAMES } from '../../src/lang/functions';
import { analyze } from '../../src/lang/index';
import { errorsFor, FormLogic, instantiate } from '../../src/lang/instantiate';
import type { ValueType } from '../../src/lang/ir';
import { EXTRA_OPERATIONS, logicOperations } from '../../src/lang/logic-ops';
import { type BinaryOp, NEG_BINDING, OPERATOR_TOKENS, operator, type TypeRule } from '../../src/lang/operators';
import { snapSelf } from '../../src/lang/runtime/numeric';
import { fastParseDeclaration } from '../../src/lang/syntax/fast-parse';
import { parseWithOhm } from '../../src/lang/syntax/parse';
import { SourceMap } from '../../src/lang/syntax/source';
import { split } from '../../src/lang/syntax/split';

/** A field declaration of each operand type, and pairs of values to send it. */
const OPERANDS: Partial<Record<ValueType, { kind: string; values: [unknown, unknown][] }>> = {
  number: {
    kind: 'number { label: "N", min: -1000, max: 1000 }',
    values: [
      [7, 2],
      [2, 7],
      [3, 3],
      [-4, 0],
      [0, 0],
    ],
  },
  string: {
    kind: 'text { label: "S" }',
    values: [
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'a'],
      ['', 'a'],
    ],
  },
  boolean: {
    kind: 'checkbox { label: "B" }',
    values: [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ],
  },
};

/** The operand types a rule accepts. */
function operandTypes(rule: TypeRule): ValueType[] {
  if ('operands' in rule) return [rule.operands];
  return rule.compares === 'order' ? ['number', 'string'] : ['number', 'string', 'boolean'];
}

function resultType(rule: TypeRule): ValueType {
  return 'operands' in rule ? rule.result : 'boolean';
}

function schema(op: BinaryOp, ty: ValueType, right: ValueType = ty): string {
  const result = resultType(operator(op).types);
  const item = result === 'boolean' ? 'if r then 1 else 0' : 'r';
  return [
    'product "P" {}',
    `field x: ${OPERANDS[ty]?.kind}`,
    `field y: ${OPERANDS[right]?.kind}`,
    `let r = x ${op} y`,
    `output o internal { v = ${item} }`,
  ].join('\n');
}

/** The server's value of `r` for these sent values, or 'fault'. */
function serverValue(source: string, x: unknown, y: unknown): unknown {
  const result = analyze(source);
  expect(result.diagnostics, source).toEqual([]);
  const ir = result.ir!;
  const ev = instantiate(ir).evaluate({ configuration: { x, y }, quantity: 1, lang: 'en' });
  if (errorsFor(ev, null).length > 0) return 'fault';
  const v = ev.outputs.get('o')?.get('v');
  const boolean = /if r then/.test(source);
  return boolean ? v === 1 : v;
}

/** The value of `r` the form's JSON Logic gives in the configurator's evaluator, or 'fault'. */
function browserValue(source: string, x: unknown, y: unknown): unknown {
  const ir = analyze(source).ir!;
  const logic = new FormLogic(ir);
  const r = logic.condition(ir.lets.r!);
  const json = JSON.parse(JSON.stringify({ r, values: logic.values }));
  for (const [name, op] of Object.entries(logicOperations(json.values, apply))) addOperation(name, op);
  try {
    const v = apply(json.r, { x, y, quantity: 1 });
    // Output items are served at 15 significant digits (runtime/evaluate.ts), as the server's value is read here.
    return typeof v === 'number' ? snapSelf(v) : v;
  } catch {
    return 'fault';
  }
}

describe('every operator of the registry', () => {
  it('binds at a whole-number level below unary minus, and never takes the name of a JSON Logic operation', () => {
    const taken = new Set([...EXTRA_OPERATIONS, ...FUNCTION_NAMES, 'var', 'if', 'and', 'or', '!', '!!', 'in', '==', '!=']);
    for (const op of OPERATOR_TOKENS) {
      const spec = operator(op);
      expect(Number.isInteger(spec.binding) && spec.binding < NEG_BINDING, op).toBe(true);
      if (spec.jsonLogic === 'extra') expect(taken.has(op), op).toBe(false);
    }
  });

  it("is what the grammar's binOp reads, no more and no fewer (the grammar stays the oracle of the syntax)", () => {
    const rule = grammar.split('\n').find((line) => line.trimStart().startsWith('binOp '));
    const tokens = [...(rule ?? '').slice((rule ?? '').indexOf('=')).matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    expect([...tokens].sort()).toEqual([...OPERATOR_TOKENS].sort());
  });

  it('is read alike by Ohm and the fast parser', () => {
    for (const op of OPERATOR_TOKENS) {
      const map = new SourceMap(`let r = x ${op} y`);
      const chunk = split(map, new Diagnostics())!.chunks[0]!;
      const diags = new Diagnostics();
      const ohm = parseWithOhm(map, chunk, diags);
      expect(diags.list, op).toEqual([]);
      expect(fastParseDeclaration(map, chunk.start, chunk.end), op).toStrictEqual(ohm);
    }
  });

  it('takes the operand types of its rule and refuses others (E_TYPE)', () => {
    const all: ValueType[] = ['number', 'string', 'boolean'];
    for (const op of OPERATOR_TOKENS) {
      const accepted = operandTypes(operator(op).types);
      for (const left of all) {
        for (const right of all) {
          const ok = accepted.includes(left) && left === right;
          const codes = analyze(schema(op, left, right)).diagnostics.map((d) => d.code);
          expect(codes, `${left} ${op} ${right}`).toEqual(ok ? [] : expect.arrayContaining(['E_TYPE']));
        }
      }
    }
  });

  it('gives the same value on the server and through its JSON Logic in the configurator', () => {
    for (const op of OPERATOR_TOKENS) {
      for (const ty of operandTypes(operator(op).types)) {
        const source = schema(op, ty);
        for (const [x, y] of OPERANDS[ty]?.values ?? []) {
          const server = serverValue(source, x, y);
          expect(typeof server === resultType(operator(op).types) || server === 'fault', `${x} ${op} ${y}`).toBe(true);
          expect(browserValue(source, x, y), `${JSON.stringify(x)} ${op} ${JSON.stringify(y)}`).toEqual(server);
        }
      }
    }
  });
});
