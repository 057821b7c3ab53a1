// Issue 27, item 5: concurrent publishes of one draft (a double click, two tabs) and concurrent saves of one source
// make exactly one version; the database decides (src/products/service.ts, appendVersion), not a read before it.
// Each test runs several rounds: a single round of N requests interleaves their reads and writes only now and then.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ProductDetail, SavedProduct } from '../../src/api/admin/products';
import { SHELF } from '../fixtures/shelf';
import { admin, createStore, saveProduct } from '../helpers';

type Saved = z.infer<typeof SavedProduct>;
const N = 8;
const ROUNDS = 5;
const OAK_DEARER = SHELF.replace('price: 30', 'price: 45');

const concurrently = (send: () => Promise<Response>) => Promise.all(Array.from({ length: N }, send));

async function versionsOf(storeId: string, id: string): Promise<number[]> {
  const res = await admin('GET', `/stores/${storeId}/products/${id}`);
  return (await res.json<z.infer<typeof ProductDetail>>()).versions.map((v) => v.version);
}

describe('publishing is serialised per product', () => {
  it(`${N} concurrent publishes of one draft make exactly one version; the others get it back`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const storeId = await createStore();
      await saveProduct(storeId, 'shelf', SHELF);
      expect((await admin('PUT', `/stores/${storeId}/products/shelf/draft`, { source: OAK_DEARER })).status).toBe(200);

      const answers = await concurrently(() =>
        admin('POST', `/stores/${storeId}/products/shelf/draft/publish`, { note: 'oak dearer' }),
      );
      const statuses = answers.map((r) => r.status);
      // One publish made version 2 (201); those that overlapped it get version 2 back (200, as for a draft equal
      // to the current version); one that started after the draft was removed finds none (404), as a later click would.
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 201 && s !== 200 && s !== 404)).toEqual([]);
      for (const r of answers.filter((a) => a.status !== 404)) expect((await r.json<Saved>()).version).toBe(2);
      expect(await versionsOf(storeId, 'shelf')).toEqual([2, 1]);
    }
  });

  it(`${N} concurrent saves of one new source make exactly one version`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const storeId = await createStore();
      await saveProduct(storeId, 'shelf', SHELF);
      const answers = await concurrently(() => saveProduct(storeId, 'shelf', OAK_DEARER));
      expect(answers.map((r) => r.status)).toEqual(Array(N).fill(200));
      const saved = await Promise.all(answers.map((r) => r.json<Saved>()));
      expect(saved.map((s) => s.version)).toEqual(Array(N).fill(2));
      expect(await versionsOf(storeId, 'shelf')).toEqual([2, 1]);
    }
  });

  it(`${N} concurrent first saves of a new product make version 1 only, created once`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const storeId = await createStore();
      const answers = await concurrently(() => saveProduct(storeId, 'shelf', SHELF));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      const saved = await Promise.all(answers.map((r) => r.json<Saved>()));
      expect(saved.map((s) => s.version)).toEqual(Array(N).fill(1));
      expect(await versionsOf(storeId, 'shelf')).toEqual([1]);
    }
  });
});
