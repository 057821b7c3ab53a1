/// <reference types="vite/client" />
// Every configure answer the engine gives along random walks of every example and test product, pinned by digest
// (issue 33, item 4): a change to the engine's inside (its solver, its searches, where soft defaults live) must
// leave each answer byte-identical, work units aside. Along each walk a state is also asked with `conflicts` and
// with a `want` of an option reported unavailable, so the explaining parts are pinned too; the generated large
// models under `npm run test:soak` (CPQ_SOAK=1). A change meant to alter answers rewrites the pins
// (`UPDATE_DIGESTS=1 CPQ_SOAK=1 npx vitest run test/lang/configure-digest.test.ts`) and says why. The pins are a JSON
// file rather than vitest snapshots, which count the soak-only pins as obsolete and fail under CI=1.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../../src/lang/configure/answer-types';
import { analyze } from '../../src/lang/index';
import { errorsFor, instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { walkTree } from '../configure-walk';
import { bigModel, CAR, TRUCK } from '../fixtures/big-model';
import { carLine } from '../fixtures/car-line';
import { SHELF } from '../fixtures/shelf';
import { bySize } from '../soak';

const sources = {
  ...import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../fixtures/**/*.cpq', { query: '?raw', import: 'default', eager: true }),
  'test/fixtures/shelf.ts': SHELF,
};
const WALKS = 40;
const PINS = new URL('./configure-digest.json', import.meta.url);
const pins: Record<string, { states: number; sha256: string }> = JSON.parse(readFileSync(PINS, 'utf8'));
const UPDATE = process.env.UPDATE_DIGESTS === '1';
/** The generated large models, one walk each (20 s in all): under `npm run test:soak` only. */
const big = bySize<Record<string, string>>(
  {},
  {
    'big-model CAR': bigModel(CAR).source,
    'big-model TRUCK': bigModel(TRUCK).source,
    'car-line': carLine().source,
  },
);
const BIG_WALKS = 1;

/** The answer as served in tests: everything but the work units, which measure the engine rather than answer. */
function text(a: Configuration): string {
  const { units: _units, ...rest } = a;
  return JSON.stringify(rest);
}

const cases = [
  ...Object.entries(sources).map(([path, src]) => [path.replace(/^(\.\.\/)+/, ''), src, WALKS] as const),
  ...Object.entries(big).map(([name, src]) => [name, src, BIG_WALKS] as const),
];

afterAll(() => {
  if (UPDATE) writeFileSync(PINS, `${JSON.stringify(pins, null, 2)}\n`);
});

describe.each(cases)('%s', (name, source, walks) => {
  it('answers every state of its walks as pinned', { timeout: 120_000 }, async () => {
    const ir = analyze(source).ir as ProductIR;
    const model = instantiate(ir);
    const quantity = ir.quantity.default;
    const groups = new Set(ir.outputs.filter((o) => !o.internal).map((o) => o.id));
    const answers = new Map<string, string>();
    await walkTree(
      {
        ir,
        label: name,
        ask: async (configuration) => {
          const a = model.configure({ configuration, quantity });
          const key = JSON.stringify(configuration);
          answers.set(key, text(a));
          answers.set(`${key} conflicts`, text(model.configure({ configuration, quantity, conflicts: true })));
          const wanted = a.fields.find((f) => f.options?.some((o) => !o.available));
          const option = wanted?.options?.find((o) => !o.available);
          if (wanted !== undefined && option !== undefined) {
            const want = { field: wanted.id, option: option.id };
            answers.set(`${key} want`, text(model.configure({ configuration, quantity, want })));
          }
          return a;
        },
        price: async (configuration) => {
          const done = model.calculate({ configuration, quantity });
          const errors = errorsFor(done, groups);
          return { status: errors.length === 0 && done.price !== null ? 200 : 422, body: errors };
        },
      },
      walks,
      7,
    );
    const hash = createHash('sha256');
    for (const key of [...answers.keys()].sort()) hash.update(`${key}\n${answers.get(key)}\n`);
    const got = { states: answers.size, sha256: hash.digest('hex') };
    if (UPDATE) pins[name] = got;
    else expect(got, `${name}: the answers changed (see this file's head)`).toEqual(pins[name]);
  });
});
