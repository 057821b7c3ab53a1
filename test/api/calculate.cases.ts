import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { CalculationResult, ValidationFailed } from '../../src/api/calculate';
import type { ErrorBody } from '../../src/api/openapi';
import type { PreviewCalculation } from '../../src/routes/admin/preview';
import { SHELF } from '../fixtures/shelf';
import { call, createKey, jsonInit, saveProduct, tenant } from '../helpers';

type Calc = z.infer<typeof CalculationResult>;
type Rejected = z.infer<typeof ValidationFailed>;

async function shelfTenant(permissions?: string[]) {
  const t = await tenant();
  await saveProduct(t.storeId, 'shelf', SHELF);
  const headers = permissions ? { 'X-API-Key': (await createKey(t.storeId, permissions)).key } : t.headers;
  const calculate = (body: Record<string, unknown>) =>
    call(
      '/api/v1/calculate',
      jsonInit('POST', { tenant_id: t.storeId, product_id: 'shelf', configuration: {}, ...body }, headers),
    );
  return { ...t, calculate };
}

describe('POST /api/v1/calculate', () => {
  it('prices the defaults: board 0.8 m × 50 = 40.00, customer-facing groups only', async () => {
    const { calculate } = await shelfTenant();
    const res = await calculate({});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      product_id: 'shelf',
      version: 1,
      language: 'en',
      configuration: {},
      result: {
        totals: { price: 40, unit_price: 40, charges: 0, subtotal: 40, discount: 0, currency: 'EUR' },
        lines: [{ id: 'board', kind: 'line', per: 'unit', label: 'Board', amount: 40 }],
        groups: { weight: { kg: 4.8 } },
        texts: {},
        // The shelf's group and item have no label: buyers read their ids made readable.
        output_info: { weight: { label: 'Weight', internal: false, items: { kg: { label: 'Kg', type: 'number' } } } },
      },
      withheld_groups: [],
      quantity: { value: 1, min: 1, max: 20, step: 1 },
      warnings: [],
      errors: [],
      // A store without markets: the model's own prices (docs/api.md, "Priced in a market").
      pricing: { market: null, group: 'retail', currency: 'EUR', list: null },
    });
  });

  it('prices surcharges, quantity tiers and warnings exactly (hand-worked)', async () => {
    // board 1.0 m × 50 = 50.00; oak surcharge 30.00; lacquer 12.50 → unit 92.50;
    // × 10 = 925.00; tier 10 → 10% = 92.50; total 832.50.
    const { calculate } = await shelfTenant();
    const body = await (
      await calculate({ configuration: { width: 1000, wood: 'oak', lacquer: true }, quantity: 10, lang: 'de' })
    ).json<Calc>();
    expect(body.result.totals).toEqual({
      price: 832.5,
      unit_price: 92.5,
      charges: 0,
      subtotal: 925,
      discount: 92.5,
      currency: 'EUR',
    });
    expect(body.result.lines).toEqual([
      { id: 'board', kind: 'line', per: 'unit', label: 'Brett', amount: 50 },
      { id: 'wood', kind: 'surcharge', per: 'unit', label: 'Holzaufpreis', amount: 30 },
      { id: 'lacquer', kind: 'line', per: 'unit', label: 'Lacquer', amount: 12.5 },
      { id: 'quantity_discount', kind: 'discount', per: 'order', label: expect.any(String), amount: -92.5 },
    ]);
    expect(body.configuration).toEqual({ width: 1000, wood: 'oak', lacquer: true });
    expect(body.quantity).toEqual({ value: 10, min: 1, max: 20, step: 1 });
    expect(body.warnings).toEqual([
      expect.objectContaining({ code: 'RULE', rule: 'long', message: 'Long shelves need a middle bracket' }),
    ]);
  });

  it('ignores values of invisible fields', async () => {
    // lacquer is visible only for oak: with pine the sent `true` is ignored, so no lacquer line.
    const { calculate } = await shelfTenant();
    const body = await (await calculate({ configuration: { wood: 'pine', lacquer: true } })).json<Calc>();
    expect(body.result.lines.map((l) => l.id)).toEqual(['board']);
  });

  it('selects output groups: a list gives exactly those, * gives every group the key may read', async () => {
    const { calculate } = await shelfTenant();
    const listed = await (await calculate({ output_groups: ['bom'] })).json<Calc>();
    expect(listed.result.groups).toEqual({ bom: { board_m: 0.8, screws: 4 } });
    const all = await (await calculate({ output_groups: ['*'] })).json<Calc>();
    expect(all.result.groups).toEqual({ bom: { board_m: 0.8, screws: 4 }, weight: { kg: 4.8 } });
    expect(all.withheld_groups).toEqual([]);
  });

  it('* without production:read leaves out the internal groups and names them in withheld_groups', async () => {
    const storefront = await shelfTenant(['form:read', 'calculate']);
    const res = await storefront.calculate({ output_groups: ['*'] });
    expect(res.status).toBe(200);
    const body = await res.json<Calc>();
    expect(body.result.groups).toEqual({ weight: { kg: 4.8 } });
    expect(body.withheld_groups).toEqual(['bom']);
  });

  it('naming an internal group without production:read stays 403, also beside *', async () => {
    const storefront = await shelfTenant(['calculate']);
    for (const output_groups of [['bom'], ['*', 'bom']]) {
      const forbidden = await storefront.calculate({ output_groups });
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toMatchObject({
        code: 'FORBIDDEN',
        details: { groups: ['bom'], required_permission: 'production:read' },
      });
    }
    expect((await storefront.calculate({ output_groups: ['weight'] })).status).toBe(200);
  });

  it('400s an unknown output group, naming it', async () => {
    const { calculate } = await shelfTenant();
    const res = await calculate({ output_groups: ['weight', 'paint'] });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      error: expect.stringContaining('paint'),
      errors: [
        { field: 'output_groups.1', code: 'UNKNOWN_OUTPUT_GROUP', location: 'body', message: expect.stringContaining('paint') },
      ],
      details: { available: ['bom', 'weight'] },
    });
  });

  it.each([
    ['qty', { qty: 2 }],
    ['quantities', { quantities: 2 }],
    ['__proto__', JSON.parse('{"__proto__": 1}')],
  ])('400s the unknown top-level field %s, naming it, instead of pricing something else', async (name, extra) => {
    const { storeId, headers } = await shelfTenant();
    const body = `{"tenant_id":${JSON.stringify(storeId)},"product_id":"shelf","configuration":{},${JSON.stringify(extra).slice(1, -1)}}`;
    const res = await call('/api/v1/calculate', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      error: expect.stringContaining(name),
      errors: [{ field: name, code: 'UNKNOWN_FIELD', location: 'body', message: expect.any(String) }],
    });
  });

  it('caps a 400 for many unknown fields at 100 entries and counts the rest', async () => {
    const { storeId, headers } = await shelfTenant();
    const extra = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`x${i}`, i]));
    const res = await call(
      '/api/v1/calculate',
      jsonInit('POST', { tenant_id: storeId, product_id: 'shelf', configuration: {}, ...extra }, headers),
    );
    expect(res.status).toBe(400);
    const body = await res.json<z.infer<typeof ErrorBody>>();
    expect(body.errors).toHaveLength(100);
    expect(body.truncated).toEqual({ errors: 150 });
  });

  it('caps a 422 for 40,000 unknown configuration keys at 100 errors, with the count of the rest', async () => {
    const { calculate } = await shelfTenant();
    const configuration = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, 1]));
    const res = await calculate({ configuration });
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(text.length).toBeLessThan(20_000);
    const body = JSON.parse(text) as Rejected & { truncated: Record<string, number> };
    expect(body.errors).toHaveLength(100);
    expect(body.truncated).toEqual({ errors: 39_900 });
  });

  it('422s every problem of a configuration at once, with field, code and message', async () => {
    const { calculate } = await shelfTenant();
    const res = await calculate({ configuration: { width: 1150, wood: 'teak', colour: 'red', ['__proto__']: 1 } });
    expect(res.status).toBe(422);
    const body = await res.json<Rejected>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'width', code: 'OFF_STEP' }),
        expect.objectContaining({ field: 'wood', code: 'UNKNOWN_OPTION' }),
        expect.objectContaining({ field: 'colour', code: 'UNKNOWN_FIELD' }),
        expect.objectContaining({ field: '__proto__', code: 'UNKNOWN_FIELD' }),
      ]),
    );
    for (const e of body.errors) expect(e.message.length).toBeGreaterThan(5);
    // The top-level error is the first problem's message, then how many more follow.
    expect(body.error).toBe(`${body.errors[0]!.message} (+${body.errors.length - 1})`);
  });

  it.each([
    [{ width: 1300 }, 'width', 'ABOVE_MAX'],
    [{ width: 300 }, 'width', 'BELOW_MIN'],
    [{ width: 'wide' }, 'width', 'INVALID_TYPE'],
    [{ lacquer: 'yes', wood: 'oak' }, 'lacquer', 'INVALID_TYPE'],
  ])('422s %j as %s %s', async (configuration, field, code) => {
    const { calculate } = await shelfTenant();
    const res = await calculate({ configuration });
    expect(res.status).toBe(422);
    expect((await res.json<Rejected>()).errors).toContainEqual(expect.objectContaining({ field, code }));
  });

  it('accepts a number field sent as a decimal string', async () => {
    const { calculate } = await shelfTenant();
    const body = await (await calculate({ configuration: { width: '600' } })).json<Calc>();
    expect(body.result.totals.price).toBe(30);
  });

  it('422s a fired error rule, with its message in the requested language', async () => {
    const { calculate } = await shelfTenant();
    // Pine chosen: left at its default, the wood would be adjusted to oak (soft defaults) and the shelf priced.
    const res = await calculate({ configuration: { width: 1200, wood: 'pine' }, lang: 'de-CH' });
    expect(res.status).toBe(422);
    const body = await res.json<Rejected>();
    expect(body.errors).toEqual([
      {
        code: 'RULE',
        rule: 'too_wide',
        field: 'width',
        message: 'Kiefer über 1100 mm biegt sich durch',
        // The rule's declaration, and the two values that made `wood == "pine" and width > 1100` true.
        line: 51,
        column: 7,
        because: { width: 1200, wood: 'pine' },
      },
    ]);
    expect(body.error).toBe('Kiefer über 1100 mm biegt sich durch');
    expect(res.headers.get('Content-Language')).toBe('de');
  });

  it('400s a fractional quantity: the schema says integer', async () => {
    const { calculate } = await shelfTenant();
    const res = await calculate({ quantity: 2.5 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: [{ field: 'quantity', code: 'INVALID_TYPE' }] });
  });

  it.each([0, 21])('422s quantity %s outside the product bounds', async (quantity) => {
    const { calculate } = await shelfTenant();
    const res = await calculate({ quantity });
    expect(res.status).toBe(422);
    expect((await res.json<Rejected>()).errors).toContainEqual(
      expect.objectContaining({ field: 'quantity', code: 'INVALID_QUANTITY' }),
    );
  });

  it.each([
    ['a missing configuration', { configuration: undefined }, 'configuration'],
    ['an array configuration', { configuration: [1] }, 'configuration'],
    ['a string quantity', { quantity: '2' }, 'quantity'],
    ['a missing product_id', { product_id: undefined }, 'product_id'],
    ['a non-array output_groups', { output_groups: 'bom' }, 'output_groups'],
  ])('400s %s naming the field', async (_, patch, field) => {
    const { calculate } = await shelfTenant();
    const res = await calculate(patch);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      errors: [expect.objectContaining({ field, location: 'body' })],
    });
  });

  it('404s an unknown product and 403s another tenant', async () => {
    const { calculate } = await shelfTenant();
    expect((await calculate({ product_id: 'nope' })).status).toBe(404);
    const other = await tenant();
    expect((await calculate({ tenant_id: other.storeId })).status).toBe(403);
  });

  it('never answers NaN, Infinity or float artefacts', async () => {
    const { calculate } = await shelfTenant();
    for (const width of [400, 500, 700, 900, 1100]) {
      const { pricing, ...body } = await (await calculate({ configuration: { width }, quantity: 3 })).json<
        Record<string, unknown>
      >();
      // pricing's nulls say "no market" and "the model's prices"; everything else has no null.
      expect(pricing).toEqual({ market: null, group: 'retail', currency: 'EUR', list: null });
      expect(JSON.stringify(body)).not.toMatch(/NaN|Infinity|null|\d\.\d*0000000|\d\.\d*9999999/);
    }
  });
});

// An evaluation error in an output group counts only for a request that returns that group: a storefront never
// learns of an internal table, and asking for one group is not refused by another.
const SAW = `
product "Saw" { currency: EUR }
field length: number { label: "Length", min: 100, max: 3000, step: 100, default: 500 }
table cut_minutes: range {
  lookup: next
  bands: [1000, 2000]
  values: [2, 4]
}
table packaging: range {
  lookup: next
  bands: [1500, 2500]
  values: [1, 2]
}
price { line board: "Board" = length / 100 }
output specs public { boxes = packaging(length) }
output workshop internal { minutes = length / 100 }
output bom internal { saw_minutes = cut_minutes(length) }
`;

describe('evaluation errors in output groups', () => {
  async function saw(permissions: string[]) {
    const t = await tenant();
    expect((await saveProduct(t.storeId, 'saw', SAW)).status).toBe(201);
    const headers = { 'X-API-Key': (await createKey(t.storeId, permissions)).key };
    return (configuration: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      call('/api/v1/calculate', jsonInit('POST', { tenant_id: t.storeId, product_id: 'saw', configuration, ...extra }, headers));
  }

  it('do not refuse or show in a request that does not return the group', async () => {
    const storefront = await saw(['calculate']);
    // 2200 mm is past bom's last band (2000): the storefront, which may not read bom, prices it.
    const res = await storefront({ length: 2200 });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    expect(text).not.toContain('cut_minutes');
    expect(JSON.parse(text).result.groups).toEqual({ specs: { boxes: 2 } });
    const production = await saw(['calculate', 'production:read']);
    // 2600 mm is past specs' last band too: asking for workshop only is not refused by specs.
    const workshop = await production({ length: 2600 }, { output_groups: ['workshop'] });
    expect(workshop.status, await workshop.clone().text()).toBe(200);
    expect((await workshop.json<Calc>()).result.groups).toEqual({ workshop: { minutes: 26 } });
  });

  it('refuse a request that returns the group, with the error', async () => {
    const production = await saw(['calculate', 'production:read']);
    const bom = await production({ length: 2200 }, { output_groups: ['bom'] });
    expect(bom.status).toBe(422);
    expect((await bom.json<Rejected>()).errors.map((e) => e.code)).toEqual(['R_TABLE_RANGE']);
    const all = await production({ length: 2600 }, { output_groups: ['*'] });
    expect((await all.json<Rejected>()).errors.map((e) => e.code)).toEqual(['R_TABLE_RANGE', 'R_TABLE_RANGE']);
    const specs = await production({ length: 2600 });
    expect(specs.status).toBe(422);
  });
});

describe('POST /api/admin/.../calculate (backoffice preview)', () => {
  it("adds each field's and group's state, which the public API leaves out", async () => {
    const { storeId, calculate } = await shelfTenant();
    const res = await call(
      `/api/admin/stores/${storeId}/products/shelf/calculate`,
      jsonInit('POST', { configuration: { wood: 'oak' } }, { Authorization: 'Bearer test-admin-token' }),
    );
    expect(res.status).toBe(200);
    const body = await res.json<z.infer<typeof PreviewCalculation>>();
    expect(body.states.fields).toContainEqual({ id: 'lacquer', visible: true, enabled: true, required: false });
    expect(body.states.groups.map((g) => g.id)).toEqual(['size', 'finish']);
    expect(await (await calculate({})).json()).not.toHaveProperty('states');
  });
});
