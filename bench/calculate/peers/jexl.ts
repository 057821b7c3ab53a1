// jexl: each expression compiled once (jexl.compile), evaluated with evalSync against the scope object.
import jexl from 'jexl';
import type { Engine } from './driver';
import { BUILTINS } from './functions';

export const jexlEngine: Engine = {
  dialect: {
    // jexl number literals have no exponent and there is no unary minus.
    num: (v) => {
      const s = String(v);
      if (/e/i.test(s)) throw new Error(`jexl cannot write the number ${s}`);
      return s;
    },
    and: '&&',
    or: '||',
    not: (a) => `!${a}`,
    neg: (a) => `(0 - ${a})`,
    equal: (a, b, _t, negate) => `(${a} ${negate ? '!=' : '=='} ${b})`,
    compare: (op, a, b) => `(${a} ${op} ${b})`,
    member: (a, items, _t, negate) => `${negate ? '!' : ''}(${a} in [${items.join(', ')}])`,
    fn: (name) => name,
  },
  forProduct({ tables, maps }) {
    const j = new jexl.Jexl();
    for (const [name, fn] of Object.entries(BUILTINS)) j.addFunction(name, fn);
    for (const [name, t] of tables) j.addFunction(name, t.fn);
    const constants = Object.fromEntries([...maps].map(([name, m]) => [name, m.entries]));
    return {
      compile: (source) => {
        const e = j.compile(source);
        return (scope) => e.evalSync(scope as Record<string, unknown>);
      },
      scope: () => ({ ...constants }),
    };
  },
};
