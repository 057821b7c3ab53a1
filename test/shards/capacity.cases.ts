// Each shard's size and rows in the admin API and the backoffice (docs/scale.md, "Capacity"), with the warning from
// 70 % fill. The tests' shards hold 100 kB (SHARD_CAPACITY_BYTES in vitest.config.ts), so both warn.

import { env } from 'cloudflare:workers';
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ShardList } from '../../src/api/admin/shards';
import { STORE_TABLES } from '../../src/db/store-tables';
import { signIn } from '../backoffice/sign-in';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createStore, saveProduct, uniqueId } from '../helpers';

type Shards = z.infer<typeof ShardList>;
const shards = async () => (await admin('GET', '/shards')).json<Shards>();

describe('GET /api/admin/shards', () => {
  it('lists every shard with its size, fill, stores and rows per store-owned table, warning from 70 % fill', async () => {
    const storeId = await createStore('enterprise', uniqueId('capacity'), 1);
    const before = await shards();
    expect(before.capacity_bytes).toBe(100_000);
    expect(before.warn_at).toBe(0.7);
    expect(before.shards.map((s) => [s.shard, s.binding])).toEqual([
      [0, 'DB'],
      [1, 'DB_1'],
    ]);
    for (const s of before.shards) {
      const { size_after } = (await [env.DB, env.DB_1][s.shard]!.prepare('SELECT 1').run()).meta;
      expect(s.size_bytes).toBe(size_after);
      expect(s.fill).toBeCloseTo(s.size_bytes / 100_000, 6);
      expect(s.warning).toBe(s.fill >= 0.7);
      expect(s.warning).toBe(true);
      expect(Object.keys(s.rows)).toEqual(STORE_TABLES.map((t) => t.table));
    }
    const directory = await env.DB.prepare('SELECT shard, count(*) AS n FROM stores GROUP BY shard').all<{
      shard: number;
      n: number;
    }>();
    for (const { shard, n } of directory.results) expect(before.shards[shard]!.stores).toBe(n);

    expect((await saveProduct(storeId, 'shelf', SHELF)).status).toBe(201);
    const after = await shards();
    expect(after.shards[1]!.rows.products).toBe(before.shards[1]!.rows.products! + 1);
    expect(after.shards[1]!.rows.product_versions).toBe(before.shards[1]!.rows.product_versions! + 1);
    expect(after.shards[0]!.rows.products).toBe(before.shards[0]!.rows.products);
  });

  it('asks for the admin token', async () => {
    expect((await call('/api/admin/shards')).status).toBe(401);
  });
});

describe('the backoffice', () => {
  it('shows each shard with its fill and warning, and a store its shard and the control that moves it', async () => {
    const { cookie } = await signIn();
    const page = await call('/admin/shards', { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>Shards</h1>');
    expect(html).toMatch(/Shard 0, Shard 1 are over 70 % full/);
    expect(html).toContain('product_versions');

    const storeId = await createStore('enterprise', uniqueId('settings'), 0);
    const settings = await (await call(`/admin/stores/${storeId}/settings`, { headers: { Cookie: cookie } })).text();
    expect(settings).toContain('<a href="/admin/shards">Shard 0</a>');
    expect(settings).toContain(`data-action="/api/admin/stores/${storeId}/move"`);
    expect(settings).toMatch(/<option value="1">Shard 1 \(\d+\.\d % full\)<\/option>/);
  });
});
