import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { signIn } from '../backoffice/sign-in';
import { admin, call, createKey } from '../helpers';
import { type QuoteJson, quoteTenant, type SentQuoteJson } from './quotes-helpers';

// A quote's `language` is a BCP 47 tag, checked where it enters (docs/quotes.md, "The resource"); a row written
// before that check (one with a tag Intl cannot read) still renders every page that formats with it.

const BAD_TAGS = ['x', 'en_US', 'en--US', '12'];

const fieldsOf = async (res: Response) =>
  ((await res.json()) as { errors?: { field: string }[] }).errors?.map((e) => e.field) ?? [];

describe('a quote language that is no BCP 47 tag', () => {
  it('is refused with 400 naming the field: /v1 create (quote:request and quote:write), admin create, store locale', async () => {
    const t = await quoteTenant();
    const { key } = await createKey(t.storeId, ['form:read', 'calculate', 'quote:request']);
    for (const language of BAD_TAGS) {
      for (const auth of [{ 'X-API-Key': key }, t.auth]) {
        const res = await t.create({ language }, auth);
        expect(res.status, language).toBe(400);
        expect(await fieldsOf(res), language).toContain('language');
      }
      const desk = await admin('POST', `/stores/${t.storeId}/quotes`, {
        items: [{ product_id: 'shelf', configuration: {} }],
        language,
      });
      expect(desk.status, language).toBe(400);
      expect(await fieldsOf(desk), language).toContain('language');
      const profile = await admin('PUT', `/stores/${t.storeId}/profile`, { locale: language });
      expect(profile.status, language).toBe(400);
      expect(await fieldsOf(profile), language).toContain('locale');
    }
    const listed = await t.send('GET', `?tenant_id=${t.storeId}`);
    expect((await listed.json<{ quotes: unknown[] }>()).quotes).toEqual([]);
    // Good tags still pass, kept as sent.
    for (const language of ['de-CH', 'pt-BR', 'zh-Hant-TW', 'de-ch']) {
      const res = await t.create({ language });
      expect(res.status, language).toBe(201);
      expect((await res.json<QuoteJson>()).language).toBe(language);
    }
  });

  it('already stored, still renders the desk list, its status filter, the quote page, the share and status pages', async () => {
    const { cookie } = await signIn();
    const page = (path: string) => call(path, { headers: { Cookie: cookie } });
    for (const language of BAD_TAGS) {
      const t = await quoteTenant();
      const created = await (await t.create({ language: 'de-CH' })).json<QuoteJson & { status_url: string }>();
      const sent = await (await t.send('POST', `/${created.id}/send`, {})).json<SentQuoteJson>();
      const stored = await (await storeBinding(env, t.storeId))
        .prepare('UPDATE quotes SET language = ? WHERE id = ?')
        .bind(language, created.id)
        .run();
      expect(stored.meta.changes).toBe(1);
      const desk = `/admin/stores/${t.storeId}/quotes`;
      for (const path of [desk, `${desk}?status=sent`, `${desk}/${created.id}`]) {
        const res = await page(path);
        expect(res.status, `${language} ${path}`).toBe(200);
        expect(await res.text()).toContain(created.number);
      }
      for (const url of [sent.share_url, created.status_url]) {
        const res = await call(new URL(url).pathname);
        expect(res.status, `${language} ${url}`).toBe(200);
        const html = await res.text();
        expect(html).toContain(created.number);
        expect(html).toContain('<html lang="en">');
      }
      expect((await t.get(created.id)).status).toBe(200);
      // The same tag as the store's locale, written before the profile checked it: the desk in English.
      expect((await admin('PUT', `/stores/${t.storeId}/profile`, { locale: 'de-DE' })).status).toBe(200);
      const profile = await (await storeBinding(env, t.storeId))
        .prepare('UPDATE store_profiles SET locale = ? WHERE store_id = ?')
        .bind(language, t.storeId)
        .run();
      expect(profile.meta.changes).toBe(1);
      for (const path of [desk, `${desk}/${created.id}`]) {
        const res = await page(path);
        expect(res.status, `store locale ${language} ${path}`).toBe(200);
        expect(await res.text()).toContain(created.number);
      }
    }
  });
});
