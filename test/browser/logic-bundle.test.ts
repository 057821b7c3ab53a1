// The served /embed/v1/logic.js, loaded as a storefront loads it (an ES module) and registered with json-logic-js,
// computes the same field and group states as the server's own logic-ops.ts for random configurations of every
// example (test/lang/logic-equivalence.test.ts shows those are the runtime's states).
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { bundles } from '../../src/generated/bundles';
import { analyze } from '../../src/lang/index';
import type { ProductIR } from '../../src/lang/ir';
import { formStates } from '../../src/lang/logic-ops';
import { formOf, samples } from '../lang/logic-harness';

const sources = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });

const served = (await import(
  /* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(bundles.logic!.js).toString('base64')}`
)) as typeof import('../../src/browser/logic/main');

describe('/embed/v1/logic.js', () => {
  it('exports the extra operations, formStates and their names', () => {
    expect(Object.keys(served).sort()).toEqual(['EXTRA_OPERATIONS', 'formStates', 'logicOperations']);
    const ops = served.logicOperations({}, jsonLogic.apply);
    expect(Object.keys(ops).sort()).toEqual([...served.EXTRA_OPERATIONS].sort());
  });

  it.each(Object.entries(sources).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]))(
    'gives the states the server code gives for %s',
    (example, source) => {
      const ir = analyze(source).ir as ProductIR;
      const form = formOf(ir);
      for (const s of samples(example, ir, 40, 5)) {
        const expected = formStates(form, s.configuration, s.quantity, jsonLogic);
        expect(served.formStates(form, s.configuration, s.quantity, jsonLogic), JSON.stringify(s)).toEqual(expected);
      }
    },
  );
});
