import { describe, expect, it } from 'vitest';
import { signIn } from '../backoffice/sign-in';
import { admin, call } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// A quote search `q` of up to 100 characters (code points) in any alphabet, on every surface that searches: /v1,
// the admin list, the backoffice's list and its CSV (docs/quotes.md, "Calls"). A LIKE pattern past D1's 50 bytes
// was a 500 from 49 ASCII characters (25 ü) on.

const NAMES = {
  ascii: `${'Ada Lovelace & Partners '.repeat(5).slice(0, 99)}X`,
  umlaut: 'ü'.repeat(100),
  cjk: '山田太郎'.repeat(25),
  emoji: '🙂'.repeat(100),
};

describe('a quote search at its documented maximum, 100 characters', () => {
  it('finds the quote in every alphabet on /v1, the admin list, the backoffice list and its CSV', async () => {
    const t = await quoteTenant();
    const { cookie } = await signIn();
    const numbers: Record<string, string> = {};
    for (const [alphabet, name] of Object.entries(NAMES)) {
      expect([...name]).toHaveLength(100);
      const res = await t.create({ customer: { name } });
      expect(res.status, alphabet).toBe(201);
      numbers[alphabet] = (await res.json<QuoteJson>()).number;
    }
    await t.create({ customer: { name: 'Grace Hopper' } });
    const q = (text: string) => encodeURIComponent(text);
    for (const [alphabet, name] of Object.entries(NAMES)) {
      const v1 = await t.send('GET', `?tenant_id=${t.storeId}&q=${q(name)}`);
      expect(v1.status, alphabet).toBe(200);
      expect(
        (await v1.json<{ quotes: { number: string }[] }>()).quotes.map((x) => x.number),
        alphabet,
      ).toEqual([numbers[alphabet]]);
      const listed = await admin('GET', `/stores/${t.storeId}/quotes?q=${q(name)}`);
      expect(listed.status, alphabet).toBe(200);
      expect(
        (await listed.json<{ quotes: { number: string }[] }>()).quotes.map((x) => x.number),
        alphabet,
      ).toEqual([numbers[alphabet]]);
      const page = await call(`/admin/stores/${t.storeId}/quotes?q=${q(name)}`, { headers: { Cookie: cookie } });
      expect(page.status, alphabet).toBe(200);
      const html = await page.text();
      for (const [other, number] of Object.entries(numbers)) {
        if (other === alphabet) expect(html, alphabet).toContain(`>${number}<`);
        else expect(html, `${alphabet} lists ${other}`).not.toContain(`>${number}<`);
      }
      const csv = await call(`/admin/stores/${t.storeId}/quotes.csv?q=${q(name)}`, { headers: { Cookie: cookie } });
      expect(csv.status, alphabet).toBe(200);
      const rows = (await csv.text()).split('\r\n').slice(1, -1);
      expect(
        rows.map((r) => r.split(',')[0]),
        alphabet,
      ).toEqual([numbers[alphabet]]);
    }
  });

  it('folds A–Z only, and counts characters as code points (101 is 400)', async () => {
    const t = await quoteTenant();
    const ada = (await (await t.create({ customer: { name: 'Ada Müller' } })).json<QuoteJson>()).number;
    const found = async (text: string) => {
      const res = await t.send('GET', `?tenant_id=${t.storeId}&q=${encodeURIComponent(text)}`);
      expect(res.status, text).toBe(200);
      return (await res.json<{ quotes: { number: string }[] }>()).quotes.map((x) => x.number);
    };
    expect(await found('ADA MüLLER')).toEqual([ada]);
    expect(await found('ada müller')).toEqual([ada]);
    expect(await found('MÜLLER')).toEqual([]);
    // 49 characters and the two % made a LIKE pattern past D1's 50 bytes.
    expect(await found('x'.repeat(49))).toEqual([]);
    for (const text of ['x'.repeat(101), '🙂'.repeat(101)]) {
      const res = await t.send('GET', `?tenant_id=${t.storeId}&q=${encodeURIComponent(text)}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', errors: [{ field: 'q', location: 'query' }] });
    }
  });
});
