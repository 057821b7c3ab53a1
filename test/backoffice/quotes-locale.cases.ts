import { describe, expect, it } from 'vitest';
import { SHELF } from '../fixtures/shelf';
import { admin, call, createStore, saveProduct } from '../helpers';
import { signIn } from './sign-in';

// The desk shows money and dates in the store's locale (its profile's `locale`), else in en-GB, never in each
// quote's language;
// the buyer's document keeps the quote's language (docs/quotes.md, "The document").

const get = async (path: string, cookie: string) => (await call(path, { headers: { Cookie: cookie } })).text();

describe("the quote desk in the store's locale", () => {
  it('takes a BCP 47 tag in the profile, canonical, and refuses anything else with 400', async () => {
    const id = await createStore();
    const put = (body: Record<string, unknown>) => admin('PUT', `/stores/${id}/profile`, body);
    const set = await put({ locale: ' de-de ' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ locale: 'de-DE' });
    expect(await (await admin('GET', `/stores/${id}/profile`)).json()).toMatchObject({ locale: 'de-DE' });
    for (const locale of ['not a locale', 'de_DE', 'x'.repeat(36), 42]) {
      const res = await put({ locale });
      expect(res.status, String(locale)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST' });
    }
    expect(await (await admin('GET', `/stores/${id}/profile`)).json()).toMatchObject({ locale: 'de-DE' });
    expect(await (await put({ locale: '' })).json()).toMatchObject({ locale: null });
    expect(await (await put({})).json()).toMatchObject({ locale: null });
  });

  it("formats the list's and the quote's money and days in the store's locale, en-GB without one", async () => {
    const { cookie } = await signIn();
    const id = await createStore();
    expect((await saveProduct(id, 'shelf', SHELF)).status).toBe(201);
    const created = await admin('POST', `/stores/${id}/quotes`, {
      items: [{ product_id: 'shelf', configuration: {} }],
      customer: { name: 'Ada' },
      language: 'fr',
    });
    const quote = await created.json<{ id: string; currency: string; valid_until: string; totals: { total: number } }>();
    const as = (locale: string) => ({
      money: new Intl.NumberFormat(locale, { style: 'currency', currency: quote.currency }).format(quote.totals.total),
      day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${quote.valid_until}T00:00:00Z`),
      ),
    });
    const [en, de] = [as('en-GB'), as('de-DE')];
    expect(de.money).not.toBe(en.money);
    const pages = () =>
      Promise.all([get(`/admin/stores/${id}/quotes`, cookie), get(`/admin/stores/${id}/quotes/${quote.id}`, cookie)]);

    for (const html of await pages()) {
      expect(html).toContain(en.money);
      expect(html).toContain(en.day);
      expect(html).not.toContain(de.money);
      expect(html).not.toContain(as('fr').money);
    }
    expect((await admin('PUT', `/stores/${id}/profile`, { locale: 'de-DE' })).status).toBe(200);
    for (const html of await pages()) {
      expect(html).toContain(de.money);
      expect(html).toContain(de.day);
      expect(html).not.toContain(en.money);
    }
    // The re-price report formats in the browser with the same locale.
    expect((await pages())[1]).toContain('data-locale="de-DE"');
  });
});
