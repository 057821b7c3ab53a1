// POST /api/v1/configure with `want` (what to change to get an option) and `conflicts` (the fewest values sent that
// exclude each unavailable option), issue 25: on an example product, on a generated product of 40 fields and 45
// tables (the HTTP-size shape of configure-big.cases.ts), and the 400 for a `want` that names no option.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ConfigureResult } from '../../src/api/configure';
import { bigModel } from '../fixtures/big-model';
import { configurable } from '../helpers';

type Result = z.infer<typeof ConfigureResult>;

const examples = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const source = (id: string) => Object.entries(examples).find(([path]) => path.endsWith(`/${id}.cpq`))![1];

const option = (r: Result, f: string, o: string) => r.fields.find((x) => x.id === f)!.options!.find((x) => x.id === o)!;

describe('POST /api/v1/configure with want and conflicts', () => {
  it('says what to change to get a mirror panel on a 2,700 mm wardrobe, and each change makes it available', async () => {
    const { ask } = await configurable('sliding-wardrobe', source('sliding-wardrobe'));
    const sent = { height: 2700, width: 2000 };
    const r = await ask(sent, { want: { field: 'panel', option: 'mirror' } });
    expect(r.complete).toBe(true);
    expect(r.want).toMatchObject({
      field: 'panel',
      option: 'mirror',
      available: false,
      possible: true,
      conflict: ['height'],
      complete: true,
    });
    expect(r.want!.suggestions).toHaveLength(1);
    const { change } = r.want!.suggestions[0]!;
    expect(Object.keys(change)).toEqual(['height']);
    expect(change.height as number).toBeLessThanOrEqual(2600);
    const after = await ask({ ...sent, ...change });
    expect(option(after, 'panel', 'mirror').available).toBe(true);
    // Available already: an empty list.
    expect((await ask({ height: 2400 }, { want: { field: 'panel', option: 'mirror' } })).want).toMatchObject({
      available: true,
      possible: true,
      suggestions: [],
    });
    // The answer without want is as before: no `want`, no `conflict`.
    const plain = await ask(sent);
    expect(plain.want).toBeUndefined();
    expect(option(plain, 'panel', 'mirror').conflict).toBeUndefined();
    expect(option(await ask(sent, { conflicts: true }), 'panel', 'mirror').conflict).toEqual(['height']);
  });

  it('refuses a want that names no field with options, or no option of it, with 400 and the ids it may name', async () => {
    const { post } = await configurable('sliding-wardrobe', source('sliding-wardrobe'));
    const unknownField = await post({}, { want: { field: 'sunroof', option: 'yes' } });
    expect(unknownField.status).toBe(400);
    const a = await unknownField.json<{
      code: string;
      errors: { field: string; code: string }[];
      details: { available: string[] };
    }>();
    expect(a.code).toBe('BAD_REQUEST');
    expect(a.errors).toMatchObject([{ field: 'want.field', code: 'INVALID_VALUE' }]);
    expect(a.details.available).toContain('panel');
    // A number has no options to want.
    expect((await post({}, { want: { field: 'height', option: '2600' } })).status).toBe(400);
    const unknownOption = await post({}, { want: { field: 'panel', option: 'gold' } });
    expect(unknownOption.status).toBe(400);
    const b = await unknownOption.json<{ errors: { field: string }[]; details: { available: string[] } }>();
    expect(b.errors).toMatchObject([{ field: 'want.option' }]);
    expect(b.details.available).toContain('mirror');
    expect((await post({}, { want: { field: 'panel' } })).status).toBe(400);
    expect((await post({}, { conflicts: 'yes' })).status).toBe(400);
  });

  it('on a generated product of 40 fields and 45 tables: verified changes and minimal conflicts', async () => {
    const medium = bigModel({ fields: 40, tables: 45, seed: 40, maxRows: 300, planted: 8 });
    const { ask } = await configurable('generated', medium.source);
    // Half the fields of one planted configuration, the other half of another: some options of the rest excluded.
    const [p, q] = [medium.planted[0]!, medium.planted[1]!];
    const sent: Record<string, string> = {};
    for (let i = 0; i < 12; i++) sent[`f${i}`] = `v${(i % 2 === 0 ? p : q)[i]}`;
    const r = await ask(sent, { conflicts: true });
    expect(r.complete).toBe(true);
    const unavailable = r.fields.flatMap((f) => (f.options ?? []).filter((o) => !o.available).map((o) => ({ field: f.id, o })));
    expect(unavailable.length).toBeGreaterThan(0);
    const explained = unavailable.filter((x) => x.o.conflict !== undefined);
    expect(explained.length).toBe(Math.min(20, unavailable.length));
    // Over 20 unavailable options: the others are counted as left out.
    if (unavailable.length > 20) expect(r.truncated?.conflicts).toBe(unavailable.length - 20);
    for (const { o } of explained) expect(o.conflict!.every((id) => id in sent)).toBe(true);
    // Options some configuration has, asked for one by one (most options excluded here are never available).
    let wanted = 0;
    for (const { field, o } of unavailable.filter((_, k) => k % 7 === 0).slice(0, 60)) {
      if (wanted === 4) break;
      const w = (await ask(sent, { want: { field, option: o.id } })).want!;
      expect(w.complete).toBe(true);
      if (o.conflict !== undefined) expect(w.conflict).toEqual(o.conflict);
      if (!w.possible) {
        expect(w).toMatchObject({ available: false, conflict: [], suggestions: [] });
        continue;
      }
      expect(w.available).toBe(false);
      expect(w.suggestions.length).toBeGreaterThan(0);
      for (const { change } of w.suggestions) {
        // Every field changed is one sent, and each change meets the conflict.
        expect(Object.keys(change).every((id) => id in sent)).toBe(true);
        expect(Object.keys(change).some((id) => w.conflict!.includes(id))).toBe(true);
        const after = await ask({ ...sent, ...change });
        expect(option(after, field, o.id).available, `${field}=${o.id} after ${JSON.stringify(change)}`).toBe(true);
      }
      // Fewest first.
      const sizes = w.suggestions.map((s) => Object.keys(s.change).length);
      expect(sizes).toEqual([...sizes].sort((x, y) => x - y));
      wanted++;
    }
    expect(wanted).toBeGreaterThan(0);
  }, 60_000);
});
