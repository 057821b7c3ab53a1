// POST /api/v1/configure with `compact: true` (issue 25): each field with options lists `available`, the ids of its
// options available, instead of `options`, but for the fields in `explain`, which keep their options and reasons;
// the same availability as the full answer, on an example product and on a generated one of 40 fields and 45
// tables; and the 400 for an `explain` that names no field with options, or comes without `compact`.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ConfigureResult } from '../../src/api/configure';
import { bigModel } from '../fixtures/big-model';
import { configurable } from '../helpers';

type Result = z.infer<typeof ConfigureResult>;

const examples = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const source = (id: string) => Object.entries(examples).find(([path]) => path.endsWith(`/${id}.cpq`))![1];

/** The compact answer is the full one with each field not explained listing its available option ids instead. */
function expectCompactOf(full: Result, compact: Result, explain: readonly string[]) {
  const { fields, ...rest } = full;
  const { fields: compactFields, ...compactRest } = compact;
  // Reasons the full answer listed past its cap are not looked for in a compact one.
  const withoutReasons = ({ reasons: _, ...t }: NonNullable<Result['truncated']> = {}) => t;
  expect({ ...compactRest, truncated: withoutReasons(compactRest.truncated) }).toEqual({
    ...rest,
    truncated: withoutReasons(rest.truncated),
  });
  if (explain.length === 0) expect(compact.truncated?.reasons).toBeUndefined();
  expect(compactFields.map((f) => f.id)).toEqual(fields.map((f) => f.id));
  fields.forEach((f, i) => {
    const c = compactFields[i]!;
    if (f.options === undefined || explain.includes(f.id)) {
      expect(c).toEqual(f);
      return;
    }
    const { options, ...state } = f;
    expect(c).toEqual({ ...state, available: options.filter((o) => o.available).map((o) => o.id) });
  });
}

describe('POST /api/v1/configure with compact and explain', () => {
  it('on a wardrobe: available ids for every field, options with reasons only for those explained', async () => {
    const { ask } = await configurable('sliding-wardrobe', source('sliding-wardrobe'));
    const sent = { height: 2700, width: 2000 };
    const full = await ask(sent);
    const panel = full.fields.find((f) => f.id === 'panel')!;
    // The configuration excludes the mirror panel, with a reason.
    expect(panel.options!.find((o) => o.id === 'mirror')).toMatchObject({ available: false });
    expect(panel.options!.find((o) => o.id === 'mirror')!.reasons.length).toBeGreaterThan(0);
    const compact = await ask(sent, { compact: true });
    expectCompactOf(full, compact, []);
    expect(compact.fields.find((f) => f.id === 'panel')!.available).not.toContain('mirror');
    expect(compact.fields.every((f) => f.options === undefined)).toBe(true);
    const explained = await ask(sent, { compact: true, explain: ['panel'] });
    expectCompactOf(full, explained, ['panel']);
    // With conflicts: only the options listed (the fields explained) are given one.
    const withConflicts = await ask(sent, { compact: true, explain: ['panel'], conflicts: true });
    const mirror = withConflicts.fields.find((f) => f.id === 'panel')!.options!.find((o) => o.id === 'mirror')!;
    expect(mirror.conflict).toEqual(['height']);
  });

  it('on a generated product of 40 fields and 45 tables: the same availability as the full answer', async () => {
    const medium = bigModel({ fields: 40, tables: 45, seed: 40, maxRows: 300, planted: 8 });
    const { ask } = await configurable('generated', medium.source);
    const [p, q] = [medium.planted[0]!, medium.planted[1]!];
    const sent: Record<string, string> = {};
    for (let i = 0; i < 12; i++) sent[`f${i}`] = `v${(i % 2 === 0 ? p : q)[i]}`;
    const full = await ask(sent);
    expect(full.fields.some((f) => f.options?.some((o) => !o.available && o.reasons.length > 0))).toBe(true);
    // A field with options excluded, explained: it lists them with the same reasons as the full answer.
    const excluded = full.fields.find((f) => !(f.id in sent) && f.options?.some((o) => !o.available))!.id;
    // The full answer's reasons stop at its cap: compared where it did not cut them.
    if (full.truncated?.reasons === undefined)
      expectCompactOf(full, await ask(sent, { compact: true, explain: [excluded] }), [excluded]);
    const compact = await ask(sent, { compact: true, explain: [] });
    expectCompactOf(full, compact, []);
    const one = await ask(sent, { compact: true, explain: [excluded] });
    const listed = one.fields.find((f) => f.id === excluded)!.options!;
    expect(listed.filter((o) => o.available).map((o) => o.id)).toEqual(
      full.fields
        .find((f) => f.id === excluded)!
        .options!.filter((o) => o.available)
        .map((o) => o.id),
    );
    expect(listed.some((o) => o.reasons.length > 0)).toBe(true);
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length / 4);
  }, 60_000);

  it('refuses an explain naming no field with options, too many, or without compact, with 400', async () => {
    const { post } = await configurable('sliding-wardrobe', source('sliding-wardrobe'));
    const refused = async (extra: Record<string, unknown>) => {
      const res = await post({}, extra);
      expect(res.status).toBe(400);
      return res.json<{ code: string; errors: { field: string; code: string }[]; details?: { available: string[] } }>();
    };
    const unknown = await refused({ compact: true, explain: ['sunroof'] });
    expect(unknown.code).toBe('BAD_REQUEST');
    expect(unknown.errors).toMatchObject([{ field: 'explain', code: 'INVALID_VALUE' }]);
    expect(unknown.details!.available).toContain('panel');
    expect(unknown.details!.available).not.toContain('height');
    // A number has no options to explain.
    expect((await refused({ compact: true, explain: ['height'] })).errors).toMatchObject([{ field: 'explain' }]);
    const without = await refused({ explain: ['panel'] });
    expect(without.errors).toMatchObject([{ field: 'explain', code: 'INVALID_VALUE' }]);
    expect((await refused({ compact: false, explain: ['panel'] })).errors).toMatchObject([{ field: 'explain' }]);
    await refused({ compact: true, explain: Array.from({ length: 21 }, () => 'panel') });
    await refused({ compact: 'yes' });
  });
});
