import { env } from 'cloudflare:workers';
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/api/openapi';
import { storeBinding } from '../../src/db/client';
import { IR_VERSION } from '../../src/lang/ir';
import { irFromJson } from '../../src/lang/ir-json';
import { SHELF } from '../fixtures/shelf';
import { call, jsonInit, saveProduct, tenant } from '../helpers';

// A release that changes the IR must not run versions its predecessors compiled: they are recompiled from their
// stored source on first load, or refused clearly when that source no longer compiles.

/** What an older compiler might have left in D1: another irVersion and a shape this runtime cannot run. */
const STALE_IR = JSON.stringify({ irVersion: 0, fields: 'not the current shape' });

async function storedVersion(storeId: string) {
  return (await storeBinding(env, storeId))
    .prepare('SELECT compiled, source FROM product_versions WHERE store_id = ? AND external_id = ? AND version = 1')
    .bind(storeId, 'shelf')
    .first<{ compiled: string; source: string }>();
}

async function overwrite(storeId: string, columns: { compiled: string; source?: string }) {
  const { compiled, source = SHELF } = columns;
  await (await storeBinding(env, storeId))
    .prepare('UPDATE product_versions SET compiled = ?, source = ? WHERE store_id = ? AND external_id = ?')
    .bind(compiled, source, storeId, 'shelf')
    .run();
}

/**
 * A store whose version 1 is then overwritten in D1. Its source has a comment of its own, so no other test's load
 * put a compiled form of its content hash in the location's cache (src/products/model-cache.ts), which a load reads
 * before D1.
 */
async function staleTenant(columns: { compiled: string; source?: string }) {
  const t = await tenant();
  expect((await saveProduct(t.storeId, 'shelf', `// ${crypto.randomUUID()}\n${SHELF}`)).status).toBe(201);
  await overwrite(t.storeId, columns);
  return {
    ...t,
    form: () => call(`/api/v1/products/shelf/form?tenant_id=${t.storeId}`, { headers: t.headers }),
    calculate: () =>
      call(
        '/api/v1/calculate',
        jsonInit('POST', { tenant_id: t.storeId, product_id: 'shelf', configuration: { width: 1000 } }, t.headers),
      ),
  };
}

describe('a version stored by an older compiler', () => {
  it('is recompiled from its source, served, and stored again in the current IR', async () => {
    const t = await staleTenant({ compiled: STALE_IR });
    const res = await t.form();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ product_id: 'shelf', version: 1, currency: 'EUR' });
    const stored = await storedVersion(t.storeId);
    expect(irFromJson(stored!.compiled)).toMatchObject({ irVersion: IR_VERSION });
    const calc = await t.calculate();
    expect(calc.status).toBe(200);
    expect(await calc.json()).toMatchObject({ product_id: 'shelf', version: 1 });
  });

  it('is recompiled for calculate too, and unreadable compiled JSON counts as stale', async () => {
    const t = await staleTenant({ compiled: '{"irVersion": 1, truncated' });
    const res = await t.calculate();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ product_id: 'shelf', version: 1 });
  });

  it('is refused with 503 and a clear message when its source no longer compiles', async () => {
    const t = await staleTenant({ compiled: STALE_IR, source: 'product "Wall shelf" { language: en' });
    for (const res of [await t.form(), await t.calculate()]) {
      expect(res.status).toBe(503);
      const body = await res.json<z.infer<typeof ErrorBody>>();
      expect(body.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.error).toMatch(
        /^Version 1 of product 'shelf' was compiled by an older release and its source no longer compiles \(line \d+: .+\); save the schema again to serve it$/,
      );
    }
    // Refusing leaves the stored version as it was.
    expect((await storedVersion(t.storeId))!.compiled).toBe(STALE_IR);
  });
});
