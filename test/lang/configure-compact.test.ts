/// <reference types="vite/client" />
// A compact answer (issue 25, src/lang/configure/answer-fields.ts) against the full one on the same configuration:
// for every field, the same availability (its `available` ids, or its options when explained), and for the fields
// explained, the same options with the same reasons; everything else of the answer the same. On random walks of
// every example and of a generated model of 40 fields and 45 tables.
import { describe, expect, it } from 'vitest';
import type { Configuration } from '../../src/lang/configure/answer-types';
import { analyze } from '../../src/lang/index';
import { instantiate, type Model } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { bigModel } from '../fixtures/big-model';
import { random } from './random';

const examples = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const products: [string, string][] = [
  ...Object.entries(examples).map(([path, text]): [string, string] => [path.replace(/^(\.\.\/)+/, ''), text]),
  ['generated 40 x 45', bigModel({ fields: 40, tables: 45, seed: 40, maxRows: 300, planted: 8 }).source],
];

const availableIds = (f: Configuration['fields'][number]) =>
  f.options ? f.options.filter((o) => o.available).map((o) => o.id) : f.available;

function expectSame(full: Configuration, compact: Configuration, explain: ReadonlySet<string>) {
  expect(compact.fields.map((f) => f.id)).toEqual(full.fields.map((f) => f.id));
  // Reasons past the full answer's cap: the compact one, explaining fewer options, may list them.
  const capped = full.truncated.reasons !== undefined;
  for (const [i, f] of full.fields.entries()) {
    const c = compact.fields[i]!;
    expect(availableIds(c), f.id).toEqual(availableIds(f));
    const { options, ...state } = f;
    const { options: listed, available, ...compactState } = c;
    expect(compactState).toEqual(state);
    if (options === undefined || !explain.has(f.id)) {
      expect(listed).toBeUndefined();
      expect(available === undefined).toBe(options === undefined);
      continue;
    }
    expect(available).toBeUndefined();
    if (!capped) expect(listed).toEqual(options);
  }
  expect(compact.satisfiable).toBe(full.satisfiable);
  expect(compact.evaluation).toEqual(full.evaluation);
  if (!capped) expect(compact.complete).toBe(full.complete);
}

describe.each(products)('%s', (_, source) => {
  it('a compact answer has the full answer’s availability, and its explained fields the full answer’s options', () => {
    const ir = analyze(source).ir as ProductIR;
    const model: Model = instantiate(ir);
    const quantity = ir.quantity.default;
    const next = random(ir.fields.length);
    let explainedOptions = 0;
    for (let walk = 0; walk < 3; walk++) {
      const configuration: Record<string, unknown> = {};
      for (let step = 0; step < 12; step++) {
        const full = model.configure({ configuration, quantity });
        const withOptions = full.fields.filter((f) => f.options !== undefined).map((f) => f.id);
        // Every other field with options explained, from a random one on (at most 20).
        const from = Math.floor(next() * withOptions.length);
        const explain = withOptions.filter((_, k) => k >= from && (k - from) % 2 === 0).slice(0, 20);
        expectSame(full, model.configure({ configuration, quantity, compact: true, explain }), new Set(explain));
        expectSame(full, model.configure({ configuration, quantity, compact: true }), new Set());
        explainedOptions += full.fields.filter((f) => explain.includes(f.id)).reduce((n, f) => n + f.options!.length, 0);
        const open = full.fields.filter((f) => !(f.id in configuration) && availableIds(f)?.length);
        if (open.length === 0) break;
        const f = open[Math.floor(next() * open.length)]!;
        const ids = availableIds(f)!;
        const id = ids[Math.floor(next() * ids.length)]!;
        const type = ir.fields.find((x) => x.id === f.id)!.valueType;
        configuration[f.id] = type === 'boolean' ? id === 'true' : type === 'list' ? [id] : id;
      }
    }
    expect(explainedOptions).toBeGreaterThan(0);
  }, 120_000);
});
