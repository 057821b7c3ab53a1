// mathjs: each expression compiled once (math.compile), evaluated with .evaluate(scope). Strings are compared with
// equalText/compareText (mathjs `==` converts strings to numbers); the language's own functions are imported
// under a prefix where mathjs has a function of that name with other rounding rules.
import { all, create, type FactoryFunctionMap } from 'mathjs';
import type { Engine } from './driver';
import { BUILTINS } from './functions';

/** mathjs functions that compute exactly what the language's do. */
const NATIVE = new Set(['min', 'max', 'abs', 'sqrt', 'pow']);
const fnName = (name: string): string => (NATIVE.has(name) ? name : `cpq_${name}`);

export const mathjsEngine: Engine = {
  dialect: {
    num: (v) => String(v),
    and: 'and',
    or: 'or',
    not: (a) => `(not ${a})`,
    neg: (a) => `(-${a})`,
    equal: (a, b, t, negate) => {
      const eq = t === 'string' ? `equalText(${a}, ${b})` : `(${a} == ${b})`;
      return negate ? `(not ${eq})` : eq;
    },
    compare: (op, a, b, t) => (t === 'string' ? `(compareText(${a}, ${b}) ${op} 0)` : `(${a} ${op} ${b})`),
    member: (a, items, t, negate) => {
      const any = `(${items.map((x) => (t === 'string' ? `equalText(${a}, ${x})` : `(${a} == ${x})`)).join(' or ')})`;
      return negate ? `(not ${any})` : any;
    },
    fn: fnName,
  },
  forProduct({ tables, maps }) {
    const math = create(all as FactoryFunctionMap);
    const imports: Record<string, unknown> = {};
    for (const [name, fn] of Object.entries(BUILTINS)) if (!NATIVE.has(name)) imports[fnName(name)] = fn;
    for (const [name, t] of tables) imports[name] = t.fn;
    math.import(imports);
    const constants = [...maps].map(([name, m]): [string, unknown] => [name, m.entries]);
    return {
      compile: (source) => {
        const e = math.compile(source);
        return (scope) => e.evaluate(scope);
      },
      // mathjs reads a Map scope about twice as fast as an object, which it wraps on every evaluation.
      scope: () => new Map(constants),
    };
  },
};
