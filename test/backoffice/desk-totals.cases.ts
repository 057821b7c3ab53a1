import { describe, expect, it } from 'vitest';
import { admin, call, createStore, saveProduct } from '../helpers';
import { signIn } from './sign-in';
import { WORKBENCH_FIGURES as F, WORKBENCH } from './workbench';

// The desk's totals agree with the buyer's document (issue 47): a sent quote's tax and total incl. tax in the list,
// on its page and in the CSV, the figures worked out by hand (test/backoffice/workbench.ts); all money and days in
// one locale, the store's, else en-GB, never each quote's language.

const get = async (path: string, cookie: string) => (await call(path, { headers: { Cookie: cookie } })).text();

/** A store taxed at 8.1 % on net prices, and a quote of the workbench with a 5 % line discount, sent. */
async function sentQuote(profile: Record<string, unknown> = {}) {
  const store = await createStore();
  expect((await saveProduct(store, 'workbench', WORKBENCH)).status).toBe(201);
  const put = await admin('PUT', `/stores/${store}/profile`, { tax_rate_percent: 8.1, prices: 'net', ...profile });
  expect(put.status).toBe(200);
  const created = await admin('POST', `/stores/${store}/quotes`, {
    items: [{ product_id: 'workbench', configuration: {} }],
    customer: { name: 'Ada' },
    language: 'fr',
  });
  const quote = await created.json<{ id: string; items: { id: string }[] }>();
  const at = `/stores/${store}/quotes/${quote.id}`;
  const discounted = await admin('PATCH', `${at}/items/${quote.items[0]!.id}`, { line_discount: { type: 'percent', value: 5 } });
  expect(discounted.status).toBe(200);
  const sent = await admin('POST', `${at}/send`, {});
  expect(sent.status).toBe(200);
  return { store, id: quote.id, number: (await sent.json<{ number: string }>()).number };
}

describe("the desk's totals and the document's", () => {
  it('exports the tax and the total incl. tax of a sent quote, empty for a draft', async () => {
    const { cookie } = await signIn();
    const { store, number } = await sentQuote();
    await admin('POST', `/stores/${store}/quotes`, { items: [{ product_id: 'workbench', configuration: {} }] });
    const lines = (await get(`/admin/stores/${store}/quotes.csv`, cookie)).split('\r\n');
    expect(lines[0]!.split(',').slice(-3)).toEqual(['created_at', 'tax', 'total_incl_tax']);
    const [draft, sent] = [lines[1]!.split(','), lines[2]!.split(',')];
    expect(sent[0]).toBe(number);
    expect(sent.slice(8, 10)).toEqual([String(F.total), 'CHF']);
    expect(sent.slice(-2)).toEqual([String(F.tax), String(F.gross)]);
    expect(draft.slice(-2)).toEqual(['', '']);
  });

  it("shows the document's tax and total incl. tax in the list and on the quote's page, in the store's locale", async () => {
    const { cookie } = await signIn();
    const { store, id } = await sentQuote({ locale: 'de-CH' });
    const chf = (n: number) => new Intl.NumberFormat('de-CH', { style: 'currency', currency: 'CHF' }).format(n);
    const list = await get(`/admin/stores/${store}/quotes`, cookie);
    const page = await get(`/admin/stores/${store}/quotes/${id}`, cookie);
    for (const html of [list, page]) {
      expect(html).toContain(chf(F.total));
      expect(html).toContain(chf(F.tax));
      expect(html).toContain(chf(F.gross));
      // The quote's language (fr) formats nothing on the desk.
      expect(html).not.toContain(new Intl.NumberFormat('fr', { style: 'currency', currency: 'CHF' }).format(F.total));
    }
    expect(page).toContain('Total incl. tax');
    expect(page).toContain(new Intl.NumberFormat('de-CH', { style: 'percent', maximumFractionDigits: 2 }).format(0.081));
    // The same figures the document prints (in the quote's language).
    const share = await admin('POST', `/stores/${store}/quotes/${id}/share`, {});
    const url = new URL((await share.json<{ share_url: string }>()).share_url);
    const doc = await get(url.pathname, cookie);
    expect(doc).toContain(new Intl.NumberFormat('fr', { style: 'currency', currency: 'CHF' }).format(F.gross));
    // The desk links the document as sent: the same page, without Accept or Reject; none for a draft.
    expect(page).toContain(`href="/admin/stores/${store}/quotes/${id}/document"`);
    const copy = await call(`/admin/stores/${store}/quotes/${id}/document`, { headers: { Cookie: cookie } });
    expect(copy.status).toBe(200);
    const copyHtml = await copy.text();
    expect(copyHtml).toContain(new Intl.NumberFormat('fr', { style: 'currency', currency: 'CHF' }).format(F.gross));
    expect(copyHtml).not.toContain('accept-form');
    expect(doc).toContain('accept-form');
    const draft = await (
      await admin('POST', `/stores/${store}/quotes`, { items: [{ product_id: 'workbench', configuration: {} }] })
    ).json<{ id: string }>();
    const none = await call(`/admin/stores/${store}/quotes/${draft.id}/document`, { headers: { Cookie: cookie } });
    expect(none.status).toBe(404);
    const signedOut = await call(`/admin/stores/${store}/quotes/${id}/document`, { redirect: 'manual' });
    expect(signedOut.status).toBe(302);
  });

  it('formats in en-GB when the store set no locale, whatever the quotes’ languages', async () => {
    const { cookie } = await signIn();
    const { store, id } = await sentQuote();
    const en = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'CHF' });
    const list = await get(`/admin/stores/${store}/quotes`, cookie);
    expect(list).toContain(en.format(F.gross));
    expect(list).not.toContain(new Intl.NumberFormat('fr', { style: 'currency', currency: 'CHF' }).format(F.total));
    const page = await get(`/admin/stores/${store}/quotes/${id}`, cookie);
    expect(page).toContain('data-locale="en-GB"');
  });
});
