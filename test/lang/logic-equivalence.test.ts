/// <reference types="vite/client" />
// The property of issue 12: for 10,000 random configurations of every example (`npm run test:soak`; 3,000 under
// `npm test`), json-logic-js on the form document's conditions (with the extra operations of src/lang/logic-ops.ts)
// gives exactly the field and group states the server computes. The workers project holds the HTTP endpoint to the
// same property on fewer samples.
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { bySize } from '../soak';
import { compareStates, formOf, logicStates, samples } from './logic-harness';

// Every example, and the fixtures written to reach what the examples do not (chains, tables, failing conditions).
const sources = {
  ...import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../fixtures/logic/*.cpq', { query: '?raw', import: 'default', eager: true }),
};
const SAMPLES = bySize(3_000, 10_000);
/**
 * Conditions no configuration can make false: the first instances of a repeat whose count never goes below them
 * (a wardrobe has at least two doors, so `door_count.n >= 2` always holds).
 */
const CONSTANT: Record<string, string[]> = { 'sliding-wardrobe.cpq': ['division_1.visible', 'division_2.visible'] };

describe.each(Object.entries(sources).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]))(
  'the form of %s',
  (example, source) => {
    it(`gives the server's field and group states for ${SAMPLES} random configurations`, () => {
      const ir = analyze(source).ir as ProductIR;
      expect(ir).not.toBeNull();
      const model = instantiate(ir);
      const form = formOf(ir);
      const seen = new Map<string, Set<boolean>>();
      let failures = 0;
      const report: string[] = [];
      for (const sample of samples(example, ir, SAMPLES, 12)) {
        const server = model.evaluate({ configuration: sample.configuration, quantity: sample.quantity as number });
        const diff = compareStates(server, logicStates(form, sample));
        if (diff.length > 0 && failures++ < 3) report.push(`${JSON.stringify(sample)}\n  ${diff.join('\n  ')}`);
        for (const f of server.fields) {
          for (const k of ['visible', 'enabled', 'required'] as const) {
            const key = `${f.id}.${k}`;
            seen.set(key, (seen.get(key) ?? new Set()).add(f[k]));
          }
        }
      }
      expect(report, `${failures} of ${SAMPLES} configurations disagree`).toEqual([]);
      // The samples must exercise the conditions: every state a condition decides takes both values somewhere.
      const conditional = ir.fields.flatMap((f) => {
        const g = ir.groups.find((x) => x.id === f.group);
        return [
          ...(f.visibleWhen || g?.visibleWhen ? [`${f.id}.visible`] : []),
          ...(f.enabledWhen || g?.enabledWhen ? [`${f.id}.enabled`] : []),
          ...(f.requiredWhen ? [`${f.id}.required`] : []),
        ];
      });
      const constant = CONSTANT[example] ?? [];
      expect(conditional.filter((key) => seen.get(key)?.size !== 2)).toEqual(constant);
    });
  },
);
