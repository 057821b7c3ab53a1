// CEL (@marcbachmann/cel-js): an Environment per product with every variable declared with its type, the
// language's functions and tables registered, map tables as constants; each expression parsed once (env.parse),
// then called with the scope. Numbers are CEL doubles: literals are written as such (1.0, not 1).
import { Environment } from '@marcbachmann/cel-js';
import type { ValueType } from '../../../src/lang/ir';
import type { Compiled, Engine } from './driver';
import { BUILTINS } from './functions';

const TYPE: Record<ValueType, string> = { number: 'double', string: 'string', boolean: 'bool', list: 'list<string>' };

/** Arities of the language's functions as CEL overloads. */
const ARITIES: Record<string, number[]> = {
  min: [1, 2, 3],
  max: [1, 2, 3],
  round: [1, 2],
  ceil: [1],
  floor: [1],
  abs: [1],
  sqrt: [1],
  clamp: [3],
  pow: [2],
  mod: [2],
  ceil_to: [2],
  floor_to: [2],
};

const doubles = (n: number): string => Array<string>(n).fill('double').join(', ');

export const celEngine: Engine = {
  dialect: {
    num: (v) => (Number.isInteger(v) ? `${v}.0` : String(v)),
    and: '&&',
    or: '||',
    not: (a) => `!${a}`,
    neg: (a) => `(-${a})`,
    equal: (a, b, _t, negate) => `(${a} ${negate ? '!=' : '=='} ${b})`,
    compare: (op, a, b) => `(${a} ${op} ${b})`,
    member: (a, items, _t, negate) => `${negate ? '!' : ''}(${a} in [${items.join(', ')}])`,
    fn: (name) => name,
  },
  forProduct({ vars, tables, maps }) {
    const env = new Environment();
    for (const [name, t] of vars) env.registerVariable(name, TYPE[t]);
    for (const [name, arities] of Object.entries(ARITIES)) {
      for (const n of arities)
        env.registerFunction(`${name}(${doubles(n)}): double`, BUILTINS[name] as (...args: unknown[]) => unknown);
    }
    env.registerFunction('len(string): double', BUILTINS.len as (...args: unknown[]) => unknown);
    env.registerFunction('count(list<string>): double', BUILTINS.count as (...args: unknown[]) => unknown);
    env.registerFunction('has(list<string>, string): bool', BUILTINS.has as (...args: unknown[]) => unknown);
    for (const [name, t] of tables)
      env.registerFunction(`${name}(${doubles(t.arity)}): double`, t.fn as (...args: unknown[]) => unknown);
    for (const [name, m] of maps) env.registerConstant(name, `map<string, ${TYPE[m.type]}>`, m.entries);
    return { compile: (source) => env.parse(source) as Compiled, scope: () => ({}) };
  },
};
