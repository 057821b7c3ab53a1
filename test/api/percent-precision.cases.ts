import { describe, expect, it } from 'vitest';
import { admin } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// A percent (a tax rate, a quote's or a line's discount, the approval threshold) has at most 2 decimals, kept in
// basis points (src/api/decimals.ts): one with more is refused, naming the field, never rounded into another rate.

const ALMOST_20 = [19.9999999, 19.999999999, 20.0000001, 1e-7];

const fieldsOf = async (res: Response) =>
  ((await res.json()) as { errors?: { field: string }[] }).errors?.map((e) => e.field) ?? [];

describe('a percent with more than 2 decimals', () => {
  it('is refused, not rounded (tax rate, approval threshold, quote and line discount); 2 decimals are kept exactly', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const discount = (value: number) => ({ discount: { type: 'percent', value, reason: 'Loyal' } });
    for (const value of ALMOST_20) {
      const profile = await admin('PUT', `/stores/${t.storeId}/profile`, { tax_rate_percent: value });
      expect(profile.status, String(value)).toBe(400);
      expect(await fieldsOf(profile)).toContain('tax_rate_percent');
      const settings = await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: value });
      expect(settings.status, String(value)).toBe(400);
      expect(await fieldsOf(settings)).toContain('approval_threshold_percent');
      const patch = await t.send('PATCH', `/${q.id}`, discount(value));
      expect(patch.status, String(value)).toBe(400);
      expect(await fieldsOf(patch)).toContain('discount.value');
      const line = await t.send('PATCH', `/${q.id}/items/${q.items[0]!.id}`, { line_discount: { type: 'percent', value } });
      expect(line.status, String(value)).toBe(400);
      expect(await fieldsOf(line)).toContain('line_discount.value');
    }
    expect(await (await admin('GET', `/stores/${t.storeId}/profile`)).json()).toMatchObject({ tax_rate_percent: null });
    expect(await (await admin('GET', `/stores/${t.storeId}/quote-settings`)).json()).toEqual({
      approval_threshold_percent: null,
    });
    expect((await (await t.get(q.id)).json<QuoteJson>()).version).toBe(1);
    // Up to 2 decimals are taken and kept exactly.
    for (const value of [8.1, 7.7, 33.33, 0.07]) {
      const profile = await admin('PUT', `/stores/${t.storeId}/profile`, { tax_rate_percent: value });
      expect(await profile.json(), String(value)).toMatchObject({ tax_rate_percent: value });
      const settings = await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: value });
      expect(await settings.json(), String(value)).toEqual({ approval_threshold_percent: value });
    }
  });
});
