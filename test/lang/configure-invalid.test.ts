/// <reference types="vite/client" />
// A value sent that is none of its field's (an option no option of the field is, a word for a checkbox or a number,
// a number past its bounds, a number as a string): the field reads as its fallback, as evaluation reads it, and
// availability and the soft defaults are answered over the model's tables as for any request (issue 33, item 4;
// exact/typed.ts, asRead). The answers are pinned by digest, made when the search (engine.ts) answered such requests
// whole, and must stay byte-identical, work units aside: every example and test product, along a few walks, each
// state asked with each field in turn sent a value none of its field's, plain, with `conflicts` and with a `want`.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Configuration } from '../../src/lang/configure/answer-types';
import { analyze } from '../../src/lang/index';
import { errorsFor, instantiate } from '../../src/lang/instantiate';
import type { FieldIR, ProductIR } from '../../src/lang/ir';
import { walkTree } from '../configure-walk';
import { SHELF } from '../fixtures/shelf';

const sources = {
  ...import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob<string>('../fixtures/**/*.cpq', { query: '?raw', import: 'default', eager: true }),
  'test/fixtures/shelf.ts': SHELF,
};
const WALKS = 3;
const PINS = new URL('./configure-invalid.json', import.meta.url);
const pins: Record<string, { states: number; sha256: string }> = JSON.parse(readFileSync(PINS, 'utf8'));
const UPDATE = process.env.UPDATE_DIGESTS === '1';

/** Values none of the field's, by its type: what a client may send by mistake. */
function invalidValues(f: FieldIR): unknown[] {
  if (f.valueType === 'string' && f.options) return ['not-an-option', 7];
  if (f.valueType === 'boolean') return ['yes'];
  if (f.valueType === 'number' && typeof f.max === 'number' && typeof f.fallback === 'number') {
    return ['abc', f.max + 1_000_000, String(f.fallback)];
  }
  return [];
}

function text(a: Configuration): string {
  const { units: _units, ...rest } = a;
  return JSON.stringify(rest);
}

afterAll(() => {
  if (UPDATE) writeFileSync(PINS, `${JSON.stringify(pins, null, 2)}\n`);
});

describe.each(Object.entries(sources).map(([path, src]) => [path.replace(/^(\.\.\/)+/, ''), src] as const))(
  '%s',
  (name, source) => {
    it('answers a value none of its field’s as pinned', { timeout: 120_000 }, async () => {
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
            for (const f of ir.fields) {
              for (const bad of invalidValues(f)) {
                const sent = { ...configuration, [f.id]: bad };
                const key = JSON.stringify(sent);
                if (answers.has(key)) continue;
                const a = model.configure({ configuration: sent, quantity });
                answers.set(key, text(a));
                answers.set(`${key} conflicts`, text(model.configure({ configuration: sent, quantity, conflicts: true })));
                const wanted = a.fields.find((x) => x.options?.some((o) => !o.available));
                const option = wanted?.options?.find((o) => !o.available);
                if (wanted !== undefined && option !== undefined) {
                  const want = { field: wanted.id, option: option.id };
                  answers.set(`${key} want`, text(model.configure({ configuration: sent, quantity, want })));
                }
              }
            }
            return model.configure({ configuration, quantity });
          },
          price: async (configuration) => {
            const done = model.calculate({ configuration, quantity });
            const errors = errorsFor(done, groups);
            return { status: errors.length === 0 && done.price !== null ? 200 : 422, body: errors };
          },
        },
        WALKS,
        11,
      );
      const hash = createHash('sha256');
      for (const key of [...answers.keys()].sort()) hash.update(`${key}\n${answers.get(key)}\n`);
      const got = { states: answers.size, sha256: hash.digest('hex') };
      if (UPDATE) pins[name] = got;
      else expect(got, `${name}: the answers changed`).toEqual(pins[name]);
    });
  },
);
