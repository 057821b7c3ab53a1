/// <reference types="vite/client" />
// The option half of issue 12's property: for 10,000 random configurations of every example (`npm run test:soak`;
// 1,000 under `npm test`), every option the form's exported `available_when` excludes (json-logic-js with the extra
// operations) is one /v1/configure's engine reports unavailable. The engine may exclude more: it sees dead ends ahead,
// the form only what is set.
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { logicOperations } from '../../src/lang/logic-ops';
import { bySize, HEAVY_TIMEOUT_MS } from '../soak';
import { formOf, samples } from './logic-harness';

const sources = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const SAMPLES = bySize(1_000, 10_000);

interface FormOption {
  id: string;
  available_when?: { json_logic: unknown };
}

describe.each(Object.entries(sources).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]))(
  'the options of %s',
  (example, source) => {
    it(`are unavailable on the server whenever the form's logic excludes them, over ${SAMPLES} configurations`, {
      timeout: HEAVY_TIMEOUT_MS,
    }, () => {
      const ir = analyze(source).ir as ProductIR;
      const model = instantiate(ir);
      const form = formOf(ir) as unknown as {
        logic_values: Record<string, unknown>;
        groups: { fields: { id: string; options?: FormOption[] }[] }[];
      };
      for (const [name, op] of Object.entries(logicOperations(form.logic_values, jsonLogic.apply)))
        jsonLogic.add_operation(name, op);
      const options = form.groups
        .flatMap((g) => g.fields)
        .flatMap((f) => (f.options ?? []).filter((o) => o.available_when).map((o) => ({ field: f.id, o })));
      let excluded = 0;
      const wrong: string[] = [];
      for (const sample of samples(example, ir, SAMPLES, 31)) {
        const data = { ...sample.configuration, quantity: sample.quantity };
        const out = options.filter(({ o }) => {
          try {
            return jsonLogic.apply(o.available_when!.json_logic, { ...data }) === false;
          } catch {
            return false;
          }
        });
        if (out.length === 0) continue;
        const server = model.configure({ configuration: sample.configuration, quantity: sample.quantity as number });
        for (const { field, o } of out) {
          excluded++;
          const state = server.fields.find((f) => f.id === field)?.options?.find((x) => x.id === o.id);
          if (state?.available !== false && wrong.length < 3) wrong.push(`${field}.${o.id} in ${JSON.stringify(sample)}`);
        }
      }
      expect(wrong).toEqual([]);
      // Examples with constraints exercise the property: the logic excludes options somewhere.
      if (ir.constraints.length > 0 || ir.fields.some((f) => f.options?.some((o) => o.availableWhen)))
        expect(excluded).toBeGreaterThan(0);
    });
  },
);
