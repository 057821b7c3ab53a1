// POST /api/v1/configure on a generated product of 40 choice fields and 45 compatibility tables (the largest
// generated shape that saves today: bench/RESULTS.md, "Big models"), answered by the exact engine (issue 25): every
// answer complete, and buyers walking through the options offered reach a configuration that calculate prices.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ConfigureResult } from '../../src/api/configure';
import { analyze } from '../../src/lang/index';
import type { ProductIR } from '../../src/lang/ir';
import { walkTree } from '../configure-walk';
import { bigModel } from '../fixtures/big-model';
import { call, jsonInit, saveProduct, tenant } from '../helpers';

type Result = z.infer<typeof ConfigureResult>;

const MEDIUM = bigModel({ fields: 40, tables: 45, seed: 40, maxRows: 300, planted: 8 });

describe('POST /api/v1/configure on a generated product of 40 fields and 45 tables', () => {
  it('answers complete, and buyers walking through the options offered reach a price', async () => {
    const t = await tenant();
    expect((await saveProduct(t.storeId, 'generated', MEDIUM.source)).status).toBe(201);
    const ask = async (configuration: Record<string, unknown>) => {
      const res = await call(
        '/api/v1/configure',
        jsonInit('POST', { tenant_id: t.storeId, product_id: 'generated', configuration }, t.headers),
      );
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json<Result>();
    };
    const first = await ask({});
    expect(first.complete).toBe(true);
    // Some options no configuration has, reported unavailable: the tables exclude them whatever is chosen.
    expect(first.fields.some((f) => f.options?.some((o) => !o.available))).toBe(true);
    const price = async (configuration: Record<string, unknown>) => {
      const res = await call(
        '/api/v1/calculate',
        jsonInit('POST', { tenant_id: t.storeId, product_id: 'generated', configuration }, t.headers),
      );
      return { status: res.status, body: await res.json() };
    };
    const ir = analyze(MEDIUM.source).ir as ProductIR;
    const figures = await walkTree({ ir, label: 'generated 40 x 45', ask, price }, 3, 40);
    expect(figures.walks).toBe(3);
  }, 60_000);
});
