// A value sent that is none of its field's (an option no option of the field is, a word for a checkbox or a number,
// a number past its bounds, a number as a string): the field reads as its fallback, as evaluation reads it, and
// availability and the soft defaults are answered over the model's tables as for any request (issue 33, item 4;
// exact/typed.ts, asRead). The answers are pinned by digest, made when the former search (engine.ts) answered such requests
// whole, and must stay byte-identical, work units aside: every example and test product, along a few walks, each
// state asked with each field in turn sent a value none of its field's, plain, with `conflicts` and with a `want`.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang/index';
import type { FieldIR, ProductIR } from '../../src/lang/ir';
import { sources, walkDigest } from './configure-pins';

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

afterAll(() => {
  if (UPDATE) writeFileSync(PINS, `${JSON.stringify(pins, null, 2)}\n`);
});

describe.each(Object.entries(sources).map(([path, src]) => [path.replace(/^(\.\.\/)+/, ''), src] as const))(
  '%s',
  (name, source) => {
    it('answers a value none of its field’s as pinned', { timeout: 120_000 }, async () => {
      const fields = (analyze(source).ir as ProductIR).fields;
      const asked = new Set<string>();
      const got = await walkDigest(name, source, WALKS, 11, (configuration, record, model) => {
        for (const f of fields) {
          for (const bad of invalidValues(f)) {
            const sent = { ...configuration, [f.id]: bad };
            const key = JSON.stringify(sent);
            if (asked.has(key)) continue;
            asked.add(key);
            record(sent);
          }
        }
        return model.configure({ configuration, quantity: model.ir.quantity.default });
      });
      if (UPDATE) pins[name] = got;
      else expect(got, `${name}: the answers changed`).toEqual(pins[name]);
    });
  },
);
