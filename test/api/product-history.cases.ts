import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ProductDetail, ProductList } from '../../src/api/admin/products';
import type { VersionDiff } from '../../src/api/admin/versions';
import { lineDiff } from '../../src/products/diff';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createStore, saveProduct, tenant } from '../helpers';

type Diff = z.infer<typeof VersionDiff>;

describe('version notes', () => {
  it('takes an optional note when saving a version; an unchanged save keeps the old note', async () => {
    const storeId = await createStore();
    expect((await admin('PUT', `/stores/${storeId}/products/shelf`, { schema: SHELF, note: 'First' })).status).toBe(201);
    const changed = SHELF.replace('width_m * 50', 'width_m * 55');
    expect((await admin('PUT', `/stores/${storeId}/products/shelf`, { schema: changed, note: '   ' })).status).toBe(200);
    expect((await admin('PUT', `/stores/${storeId}/products/shelf`, { schema: changed, note: 'ignored' })).status).toBe(200);
    const detail = await (await admin('GET', `/stores/${storeId}/products/shelf`)).json<z.infer<typeof ProductDetail>>();
    expect(detail.versions.map((v) => v.note)).toEqual([null, 'First']);
    expect((await admin('PUT', `/stores/${storeId}/products/shelf`, { schema: SHELF, note: 5 })).status).toBe(400);
  });
});

describe('version diff', () => {
  it('diffs a version against the current one by default, or against another', async () => {
    const storeId = await createStore();
    await saveProduct(storeId, 'shelf', SHELF);
    const v2 = SHELF.replace('width_m * 50', 'width_m * 55');
    await saveProduct(storeId, 'shelf', v2);
    await saveProduct(storeId, 'shelf', `${v2}\nlet extra = 1\n`);

    const res = await admin('GET', `/stores/${storeId}/products/shelf/versions/1/diff`);
    expect(res.status).toBe(200);
    const diff = await res.json<Diff>();
    expect(diff).toMatchObject({ from_version: 1, to_version: 3, added: 3, removed: 1, approximate: false });
    const lines = diff.hunks.flatMap((h) => h.lines);
    expect(lines).toContain('-  line board: { en: "Board", de: "Brett" } = width_m * 50');
    expect(lines).toContain('+  line board: { en: "Board", de: "Brett" } = width_m * 55');
    expect(lines).toContain('+let extra = 1');

    const against = await (await admin('GET', `/stores/${storeId}/products/shelf/versions/1/diff?against=2`)).json<Diff>();
    expect(against).toMatchObject({ from_version: 1, to_version: 2, added: 1, removed: 1 });
    const same = await (await admin('GET', `/stores/${storeId}/products/shelf/versions/3/diff`)).json<Diff>();
    expect(same).toMatchObject({ added: 0, removed: 0, hunks: [] });

    expect((await admin('GET', `/stores/${storeId}/products/shelf/versions/9/diff`)).status).toBe(404);
    expect((await admin('GET', `/stores/${storeId}/products/shelf/versions/1/diff?against=9`)).status).toBe(404);
    expect((await admin('GET', `/stores/${storeId}/products/shelf/versions/0/diff`)).status).toBe(400);
    expect((await admin('GET', `/stores/${storeId}/products/shelf/versions/1/diff?against=x`)).status).toBe(400);
    expect((await admin('GET', `/stores/${storeId}/products/nope/versions/1/diff`)).status).toBe(404);
  });

  it('numbers hunks as a unified diff does', () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i + 1}`).join('\n');
    const after = before.replace('l2\n', 'l2b\n').replace('l18', 'l18\nnew');
    const { hunks } = lineDiff(before, after);
    expect(hunks.map(({ oldStart, oldLines, newStart, newLines }) => [oldStart, oldLines, newStart, newLines])).toEqual([
      [1, 5, 1, 5],
      [16, 5, 16, 6],
    ]);
    expect(hunks[0]!.lines).toEqual([' l1', '-l2', '+l2b', ' l3', ' l4', ' l5']);
    expect(hunks[1]!.lines).toEqual([' l16', ' l17', ' l18', '+new', ' l19', ' l20']);
  });

  it('finds the shortest line edit, checked against a brute-force LCS on small random texts', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const text = () => Array.from({ length: random(12) }, () => 'abcd'[random(4)]).join('\n');
    for (let i = 0; i < 300; i++) {
      const a = text();
      const b = text();
      const d = lineDiff(a, b);
      const la = a === '' ? [] : a.split('\n');
      const lb = b === '' ? [] : b.split('\n');
      const lcs = Array.from({ length: la.length + 1 }, () => new Array<number>(lb.length + 1).fill(0));
      for (let x = 1; x <= la.length; x++)
        for (let y = 1; y <= lb.length; y++)
          lcs[x]![y] = la[x - 1] === lb[y - 1] ? lcs[x - 1]![y - 1]! + 1 : Math.max(lcs[x - 1]![y]!, lcs[x]![y - 1]!);
      const common = lcs[la.length]![lb.length]!;
      expect(d.removed, `${a} → ${b}`).toBe(la.length - common);
      expect(d.added, `${a} → ${b}`).toBe(lb.length - common);
      // Applying the hunks' '-' and '+' lines to a gives b.
      const rebuilt = [...la];
      for (const h of [...d.hunks].reverse()) {
        const kept = h.lines.filter((l) => l[0] !== '-').map((l) => l.slice(1));
        rebuilt.splice(h.oldStart - 1, h.oldLines, ...kept);
      }
      expect(rebuilt.join('\n')).toBe(b);
    }
  });

  it('stays bounded on 5,000-line schemas: exact for scattered edits, a whole replacement past the edit budget', () => {
    const big = Array.from({ length: 5000 }, (_, i) => `  line ${i}: "value ${i}"`).join('\n');
    const scattered = big
      .split('\n')
      .map((l, i) => (i % 50 === 0 ? `${l} // changed` : l))
      .join('\n');
    let started = performance.now();
    const exact = lineDiff(big, scattered);
    expect(exact).toMatchObject({ added: 100, removed: 100, approximate: false });
    expect(performance.now() - started).toBeLessThan(1000);

    const reversed = big.split('\n').reverse().join('\n');
    started = performance.now();
    const cut = lineDiff(big, reversed);
    expect(cut).toMatchObject({ approximate: true, added: 5000, removed: 5000 });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('deleting and duplicating products', () => {
  it('deletes the versions and the draft; storefronts get 404, and the id can start afresh', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    await admin('PUT', `/stores/${storeId}/products/shelf/draft`, { source: SHELF.replace('price: 30', 'price: 31') });
    expect((await admin('DELETE', `/stores/${storeId}/products/shelf`)).status).toBe(204);
    expect((await admin('GET', `/stores/${storeId}/products/shelf/draft`)).status).toBe(404);
    expect((await admin('GET', `/stores/${storeId}/products/shelf/versions/1`)).status).toBe(404);
    expect((await call(`/api/v1/products/shelf/form?tenant_id=${storeId}`, { headers })).status).toBe(404);
    const calc = await call('/api/v1/calculate', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenant_id: storeId, product_id: 'shelf', configuration: {} }),
    });
    expect(calc.status).toBe(404);
    // Saving again starts at version 1.
    expect(await (await saveProduct(storeId, 'shelf', SHELF)).json()).toMatchObject({ version: 1 });
  });

  it('deletes a product that exists only as a draft; 404 when there is neither', async () => {
    const storeId = await createStore();
    await admin('PUT', `/stores/${storeId}/products/idea/draft`, { source: 'product "x" {' });
    expect((await admin('DELETE', `/stores/${storeId}/products/idea`)).status).toBe(204);
    const list = await (await admin('GET', `/stores/${storeId}/products`)).json<z.infer<typeof ProductList>>();
    expect(list.drafts).toEqual([]);
    expect((await admin('DELETE', `/stores/${storeId}/products/idea`)).status).toBe(404);
  });

  it('duplicates the current version as version 1 of a new id, with a note; 409 for a taken id', async () => {
    const { storeId, headers } = await tenant();
    await saveProduct(storeId, 'shelf', SHELF);
    const v2 = SHELF.replace('width_m * 50', 'width_m * 55');
    await saveProduct(storeId, 'shelf', v2);
    const res = await admin('POST', `/stores/${storeId}/products/shelf/duplicate`, { external_id: 'shelf-copy' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ external_id: 'shelf-copy', version: 1, name: 'Wall shelf', unchanged: false });
    const copy = await (await admin('GET', `/stores/${storeId}/products/shelf-copy`)).json<z.infer<typeof ProductDetail>>();
    expect(copy.source).toBe(v2);
    expect(copy.versions).toEqual([expect.objectContaining({ version: 1, note: 'Duplicated from shelf, version 2' })]);
    expect((await call(`/api/v1/products/shelf-copy/form?tenant_id=${storeId}`, { headers })).status).toBe(200);

    expect((await admin('POST', `/stores/${storeId}/products/shelf/duplicate`, { external_id: 'shelf-copy' })).status).toBe(409);
    await admin('PUT', `/stores/${storeId}/products/drafted/draft`, { source: SHELF });
    expect((await admin('POST', `/stores/${storeId}/products/shelf/duplicate`, { external_id: 'drafted' })).status).toBe(409);
    expect((await admin('POST', `/stores/${storeId}/products/nope/duplicate`, { external_id: 'x' })).status).toBe(404);
    expect((await admin('POST', `/stores/${storeId}/products/shelf/duplicate`, { external_id: '-bad' })).status).toBe(400);
    expect((await admin('POST', `/stores/${storeId}/products/shelf/duplicate`, {})).status).toBe(400);
    // Another store's product is not found from this one.
    const other = await createStore();
    expect((await admin('POST', `/stores/${other}/products/shelf/duplicate`, { external_id: 'mine' })).status).toBe(404);
  });
});
