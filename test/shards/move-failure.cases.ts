// A move whose copy does not read back as it was written (docs/scale.md, "Moving a store"): the verifying phase
// finds it, the move fails and the store carries on in its old shard as if it had never started; a later move, once
// the copy is sound, clears what the failed one left and ends with every row once in the new shard.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ALL } from '../api/quotes-helpers';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createKey, createStore, jsonInit, saveProduct, uniqueId } from '../helpers';
import { rowsOf, type status, until } from './move-helpers';

/**
 * Corrupts the store's copy in shard 1 as the move writes it: a trigger there changes (or drops) each row of `table`
 * the move inserts, after the move hashed it from the source, so only reading the copy back can tell. The move's
 * alarm runs undisturbed, at its own pace; nothing races it.
 */
async function corruptCopies(storeId: string, table: string, change: string): Promise<() => Promise<void>> {
  const name = `test_corrupt_${table}`;
  await env.DB_1.prepare(
    `CREATE TRIGGER ${name} AFTER INSERT ON ${table} WHEN NEW.store_id = '${storeId}' BEGIN ${change}; END`,
  ).run();
  return async () => {
    await env.DB_1.prepare(`DROP TRIGGER IF EXISTS ${name}`).run();
  };
}

/** Starts moving the store to shard 1 and answers its status once the move failed or ended. */
async function moveToShard1(storeId: string) {
  const started = await admin('POST', `/stores/${storeId}/move`, { to: 1 });
  expect(started.status).toBe(202);
  return until(storeId, ['failed', 'done']);
}

describe('a move whose copy differs', () => {
  it('fails in verifying, leaves the store served and written in shard 0, and a later move still succeeds', async () => {
    const storeId = await createStore('enterprise', uniqueId('failing'), 0);
    expect((await saveProduct(storeId, 'shelf', SHELF)).status).toBe(201);
    const { key } = await createKey(storeId, ALL);
    const headers = { 'X-API-Key': key };
    const createQuote = (name: string) =>
      call(
        '/api/v1/quotes',
        jsonInit(
          'POST',
          { tenant_id: storeId, items: [{ product_id: 'shelf', configuration: {} }], customer: { name } },
          headers,
        ),
      );
    const created = await createQuote('Ada');
    expect(created.status).toBe(201);
    const quoteId = (await created.json<{ id: string }>()).id;
    const readQuote = () => call(`/api/v1/quotes/${quoteId}?tenant_id=${storeId}`, { headers });
    const readForm = () => call(`/api/v1/products/shelf/form?tenant_id=${storeId}`, { headers });
    const readProduct = () => admin('GET', `/stores/${storeId}/products/shelf`);
    const quote = await (await readQuote()).json();
    const form = await (await readForm()).json();
    const product = await (await readProduct()).json();

    /** What a failed move must leave: the store in shard 0 as it was, its fence down, its reads answered there. */
    async function servedFromShard0(rows: Record<string, number>) {
      expect(await rowsOf(env.DB, storeId)).toEqual(rows);
      const directory = await env.DB.prepare('SELECT shard FROM stores WHERE id = ?1').bind(storeId).first();
      expect(directory).toEqual({ shard: 0 });
      for (const db of [env.DB, env.DB_1]) {
        expect(await db.prepare('SELECT * FROM store_fences WHERE store_id = ?1').bind(storeId).all()).toMatchObject({
          results: [],
        });
      }
      const quoteNow = await readQuote();
      expect(quoteNow.status).toBe(200);
      expect(await quoteNow.json()).toEqual(quote);
      const formNow = await readForm();
      expect(formNow.status).toBe(200);
      expect(await formNow.json()).toEqual(form);
      const productNow = await readProduct();
      expect(productNow.status).toBe(200);
      expect(await productNow.json()).toEqual(product);
    }

    // 1. A copied quote's total is one minor unit off: the same rows read back, a different hash.
    let rows = await rowsOf(env.DB, storeId);
    let restore = await corruptCopies(
      storeId,
      'quotes',
      'UPDATE quotes SET total_minor = total_minor + 1 WHERE rowid = NEW.rowid',
    );
    let failed: Awaited<ReturnType<typeof status>>;
    try {
      failed = await moveToShard1(storeId);
    } finally {
      await restore();
    }
    expect(failed).toMatchObject({
      shard: 0,
      move: { from: 0, to: 1, phase: 'failed', writes_fenced: false, switched_at: null, table: null },
    });
    expect(failed.move!.error).toBe('the copy of quotes differs: 1 rows read back, as copied, but not the same content (hash)');
    expect(failed.move!.finished_at).not.toBeNull();
    const quotes = failed.move!.tables.quotes!;
    expect(quotes.copied!.rows).toBe(quotes.rows);
    expect(quotes.copied!.hash).not.toBe(quotes.hash);
    // The tables before it read back alike; none after it was verified.
    expect(failed.move!.tables.products!.copied).toEqual({ rows: rows.products, hash: failed.move!.tables.products!.hash });
    expect(failed.move!.tables.quote_items!.copied).toBeNull();
    await servedFromShard0(rows);

    // Writes land in shard 0 again: a quote, a product.
    expect((await createQuote('Grace')).status).toBe(201);
    expect((await saveProduct(storeId, 'other', SHELF)).status).toBe(201);
    rows = await rowsOf(env.DB, storeId);
    expect(rows).toMatchObject({ quotes: 2, products: 2 });

    // 2. A copied history row is lost: fewer rows read back than were copied.
    restore = await corruptCopies(storeId, 'quote_history', 'DELETE FROM quote_history WHERE rowid = NEW.rowid');
    try {
      failed = await moveToShard1(storeId);
    } finally {
      await restore();
    }
    expect(failed.move).toMatchObject({ phase: 'failed', switched_at: null });
    expect(failed.move!.error).toMatch(/\bquote_history\b/);
    expect(failed.move!.tables.quote_history).toMatchObject({ rows: rows.quote_history, copied: { rows: 0 } });
    await servedFromShard0(rows);
    // Deletes too: the product the failed move copied goes from shard 0, and stays in shard 1 until a move clears it.
    expect((await admin('DELETE', `/stores/${storeId}/products/other`)).status).toBe(204);
    rows = await rowsOf(env.DB, storeId);
    expect(rows.products).toBe(1);
    expect((await rowsOf(env.DB_1, storeId)).products).toBe(2);

    // 3. The copy is sound again: the move clears what the failed ones left in shard 1 and ends there.
    const done = await moveToShard1(storeId);
    expect(done).toMatchObject({ shard: 1, move: { phase: 'done', error: null } });
    for (const [table, tally] of Object.entries(done.move!.tables)) {
      expect(tally.copied, table).toEqual({ rows: tally.rows, hash: tally.hash });
    }
    expect(await rowsOf(env.DB_1, storeId)).toEqual(rows);
    expect(await rowsOf(env.DB, storeId)).toEqual({});
    // Served from shard 1 now, as it was in shard 0: the corrupted copy is gone.
    const moved = await readQuote();
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual(quote);
    expect((await createQuote('Hedy')).status).toBe(201);
  });
});
