// The JSON Logic equivalence property over HTTP, on a smaller sample than test/lang/logic-equivalence.test.ts:
// the form document as GET /api/v1/products/{id}/form serves it, evaluated by json-logic-js with the extra
// operations, gives the states the admin preview's calculate reports (200 and 422 alike) for the same configuration.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import type { ProductIR } from '../../src/lang/ir';
import type { FormForStates } from '../../src/lang/logic-ops';
import type { PreviewCalculation } from '../../src/routes/admin/preview';
import { admin, call, saveProduct, tenant } from '../helpers';
import { compareStates, logicStates, type Sample, samples } from '../lang/logic-harness';
import { bySize, HEAVY_TIMEOUT_MS } from '../soak';

const sources = {
  ...import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../fixtures/logic/*.cpq', { query: '?raw', import: 'default', eager: true }),
};
// Per product (`npm run test:soak`; 15 under `npm test`): 60 × 11 products is a few hundred calls, each of which also
// asks the sign-in throttle (one Durable Object for the test client address), which is slow on a loaded machine.
const SAMPLES = bySize(15, 60);
const BATCH = 20;

/** The API takes only a whole quantity (anything else is a 400 before any state): others become "not sent". */
function overHttp(s: Sample): Sample {
  return { configuration: s.configuration, quantity: Number.isInteger(s.quantity) ? s.quantity : undefined };
}

describe.each(Object.entries(sources).map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text]))(
  'the served form of %s',
  (example, source) => {
    it(`gives the states the admin calculate reports, for ${SAMPLES} random configurations`, {
      timeout: HEAVY_TIMEOUT_MS,
    }, async () => {
      const id = example.replace(/\.cpq$/, '');
      const { storeId, headers } = await tenant();
      expect((await saveProduct(storeId, id, source)).status).toBe(201);
      const res = await call(`/api/v1/products/${id}/form?tenant_id=${storeId}`, { headers });
      expect(res.status).toBe(200);
      const form = await res.json<FormForStates>();
      const ir = analyze(source).ir as ProductIR;
      const problems: string[] = [];
      const check = async (sample: Sample) => {
        const body: Record<string, unknown> = { configuration: sample.configuration };
        if (sample.quantity !== undefined) body.quantity = sample.quantity;
        const calc = await admin('POST', `/stores/${storeId}/products/${id}/calculate`, body);
        expect([200, 422], await calc.clone().text()).toContain(calc.status);
        const { states, adjusted = [] } = await calc.json<z.infer<typeof PreviewCalculation>>();
        // Soft defaults are the server's (docs/schema-language.md, "Effective values"): the logic, given the values
        // the server adjusted as if the buyer had set them, gives its states.
        const effective = { ...sample.configuration, ...Object.fromEntries(adjusted.map((a) => [a.field, a.value])) };
        const diff = compareStates(states, logicStates(form, { ...sample, configuration: effective }));
        if (diff.length > 0) problems.push(`${JSON.stringify(sample)}: ${diff.join('; ')}`);
      };
      // In batches, so that the throttle's answers overlap.
      const all = samples(example, ir, SAMPLES, 99).map(overHttp);
      for (let i = 0; i < all.length; i += BATCH) await Promise.all(all.slice(i, i + BATCH).map(check));
      expect(problems.slice(0, 3), `${problems.length} of ${SAMPLES} disagree`).toEqual([]);
    });
  },
);
