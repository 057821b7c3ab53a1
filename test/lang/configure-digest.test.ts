// Every configure answer the engine gives along random walks of every example and test product, pinned by digest
// (issue 33, item 4): a change to the engine's inside (its solver, its searches, where soft defaults live) must
// leave each answer byte-identical, work units aside. Along each walk a state is also asked with `conflicts` and
// with a `want` of an option reported unavailable, so the explaining parts are pinned too; the generated large
// models under `npm run test:soak` (CPQ_SOAK=1). A change meant to alter answers rewrites the pins
// (`UPDATE_DIGESTS=1 CPQ_SOAK=1 npx vitest run test/lang/configure-digest.test.ts`) and says why. The pins are a JSON
// file rather than vitest snapshots, which count the soak-only pins as obsolete and fail under CI=1.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { bigModel, CAR, TRUCK } from '../fixtures/big-model';
import { carLine } from '../fixtures/car-line';
import { bySize } from '../soak';
import { sources, walkDigest } from './configure-pins';

const WALKS = 40;
const PINS = new URL('./configure-digest.json', import.meta.url);
const pins: Record<string, { states: number; sha256: string }> = JSON.parse(readFileSync(PINS, 'utf8'));
const UPDATE = process.env.UPDATE_DIGESTS === '1';
/** The generated large models, one walk each (20 s in all): under `npm run test:soak` only, generated only then. */
const none: Record<string, string> = {};
const big = bySize(
  () => none,
  () => ({
    'big-model CAR': bigModel(CAR).source,
    'big-model TRUCK': bigModel(TRUCK).source,
    'car-line': carLine().source,
  }),
)();
const BIG_WALKS = 1;

const cases = [
  ...Object.entries(sources).map(([path, src]) => [path.replace(/^(\.\.\/)+/, ''), src, WALKS] as const),
  ...Object.entries(big).map(([name, src]) => [name, src, BIG_WALKS] as const),
];

afterAll(() => {
  if (UPDATE) writeFileSync(PINS, `${JSON.stringify(pins, null, 2)}\n`);
});

describe.each(cases)('%s', (name, source, walks) => {
  it('answers every state of its walks as pinned', { timeout: 120_000 }, async () => {
    const got = await walkDigest(name, source, walks, 7, (configuration, record) => record(configuration));
    if (UPDATE) pins[name] = got;
    else expect(got, `${name}: the answers changed (see this file's head)`).toEqual(pins[name]);
  });
});
