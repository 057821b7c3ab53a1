import { describe, expect, it } from 'vitest';
import { signIn } from '../backoffice/sign-in';
import { admin, call } from '../helpers';
import { type QuoteJson, quoteTenant, type SentQuoteJson } from './quotes-helpers';

// The quote document (docs/quotes.md, "The document"): the store's profile and tax, the tax in the totals, the
// snapshot taken at sending, Accept with the signer's name and consent, Reject with a reason, the dead link page.

const PROFILE = {
  legal_name: 'Quote Joinery GmbH',
  address: 'Hauptstraße 1\n10115 Berlin',
  logo_url: 'https://cdn.example.com/logo.png',
  tax_id: 'DE123456789',
  terms: 'Delivery within 4 weeks of acceptance.',
  payment_terms: '30 days net',
  tax_rate_percent: 19,
  prices: 'net',
};

const SHELF = { product_id: 'shelf', configuration: { width: 1000, wood: 'oak', lacquer: true } };

const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  redirect: 'manual',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  body: new URLSearchParams(fields).toString(),
});

async function sent(profile: Record<string, unknown> | null, body: Record<string, unknown> = {}) {
  const t = await quoteTenant();
  if (profile) expect((await admin('PUT', `/stores/${t.storeId}/profile`, profile)).status).toBe(200);
  const q = await (await t.create({ items: [{ ...SHELF, quantity: 2 }], ...body })).json<QuoteJson>();
  const res = await t.send('POST', `/${q.id}/send`, {});
  expect(res.status).toBe(200);
  const quote = await res.json<SentQuoteJson>();
  return { t, q: quote, path: new URL(quote.share_url).pathname };
}

describe('the store profile API', () => {
  it('starts empty, is replaced whole by PUT, and reads back as set', async () => {
    const t = await quoteTenant();
    const empty = await admin('GET', `/stores/${t.storeId}/profile`);
    expect(await empty.json()).toEqual({
      legal_name: null,
      address: null,
      logo_url: null,
      tax_id: null,
      terms: null,
      payment_terms: null,
      tax_rate_percent: null,
      prices: 'net',
      locale: null,
    });
    const put = await admin('PUT', `/stores/${t.storeId}/profile`, { ...PROFILE, tax_rate_percent: 7.5, prices: 'gross' });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ ...PROFILE, tax_rate_percent: 7.5, prices: 'gross', locale: null });
    // A field left out (or empty) is cleared: the PUT is the whole profile.
    await admin('PUT', `/stores/${t.storeId}/profile`, { legal_name: 'Only Name', tax_id: '  ' });
    expect(await (await admin('GET', `/stores/${t.storeId}/profile`)).json()).toMatchObject({
      legal_name: 'Only Name',
      tax_id: null,
      logo_url: null,
      tax_rate_percent: null,
      prices: 'net',
    });
  });

  it.each([
    ['an http logo', { logo_url: 'http://cdn.example.com/logo.png' }, 'logo_url'],
    ['a javascript: logo', { logo_url: 'javascript:alert(1)' }, 'logo_url'],
    ['a logo URL that is no URL', { logo_url: 'logo.png' }, 'logo_url'],
    ['a legal name over 200 characters', { legal_name: 'x'.repeat(201) }, 'legal_name'],
    ['terms over 4000 characters', { terms: 'x'.repeat(4001) }, 'terms'],
    ['a negative rate', { tax_rate_percent: -1 }, 'tax_rate_percent'],
    ['a rate over 100', { tax_rate_percent: 100.01 }, 'tax_rate_percent'],
    ['a rate with 3 decimals', { tax_rate_percent: 19.125 }, 'tax_rate_percent'],
    ['a rate as text', { tax_rate_percent: '19' }, 'tax_rate_percent'],
    ['prices neither net nor gross', { prices: 'both' }, 'prices'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const t = await quoteTenant();
    const res = await admin('PUT', `/stores/${t.storeId}/profile`, body);
    expect(res.status).toBe(400);
    const error = await res.json<{ code: string; error: string; errors?: { field: string }[] }>();
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.errors?.map((e) => e.field)).toContain(field);
    expect((await (await admin('GET', `/stores/${t.storeId}/profile`)).json<{ legal_name: null }>()).legal_name).toBeNull();
  });

  it('takes the bounds: rate 0 and 100 with 2 decimals, 200-character name', async () => {
    const t = await quoteTenant();
    for (const rate of [0, 100, 12.34]) {
      const res = await admin('PUT', `/stores/${t.storeId}/profile`, { tax_rate_percent: rate, legal_name: 'n'.repeat(200) });
      expect(res.status).toBe(200);
      expect((await res.json<{ tax_rate_percent: number }>()).tax_rate_percent).toBe(rate);
    }
  });

  it("is the form on the store's Settings page in the backoffice, filled with what is set", async () => {
    const t = await quoteTenant();
    await admin('PUT', `/stores/${t.storeId}/profile`, { ...PROFILE, prices: 'gross' });
    const { cookie } = await signIn();
    const html = await (await call(`/admin/stores/${t.storeId}/settings`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain(`data-action="/api/admin/stores/${t.storeId}/profile"`);
    expect(html).toContain('value="Quote Joinery GmbH"');
    expect(html).toContain('Hauptstraße 1\n10115 Berlin</textarea>');
    expect(html).toContain('value="19"');
    expect(html).toContain('<option value="gross" selected="">');
  });

  it('answers 404 for an unknown store', async () => {
    expect((await admin('GET', '/stores/no-such-store/profile')).status).toBe(404);
    expect((await admin('PUT', '/stores/no-such-store/profile', {})).status).toBe(404);
  });
});

describe('tax in the totals', () => {
  it('has none before sending, nor for a store without a rate', async () => {
    const t = await quoteTenant();
    await admin('PUT', `/stores/${t.storeId}/profile`, PROFILE);
    const draft = await (await t.create({ items: [SHELF] })).json<QuoteJson>();
    expect(draft.totals.tax).toBeNull();
    const { q } = await sent({ legal_name: 'No Tax Ltd' });
    expect(q.totals.tax).toBeNull();
  });

  it('net prices: tax on top of the total after the discount', async () => {
    const t = await quoteTenant();
    await admin('PUT', `/stores/${t.storeId}/profile`, PROFILE);
    const q = await (await t.create({ items: [{ ...SHELF, quantity: 2 }] })).json<QuoteJson>();
    await t.send('PATCH', `/${q.id}`, { discount: { type: 'amount', value: 5, reason: 'loyal' } });
    const s = await (await t.send('POST', `/${q.id}/send`, {})).json<SentQuoteJson>();
    // 185.00 − 5.00 = 180.00; 19 % of it is 34.20.
    expect(s.totals).toMatchObject({ subtotal: 185, discount: 5, total: 180 });
    expect(s.totals.tax).toEqual({ rate_percent: 19, prices: 'net', net: 180, amount: 34.2, gross: 214.2 });
  });

  it('gross prices: the total includes the tax, which is rate / (100 + rate) of it', async () => {
    const { q, path } = await sent({ tax_rate_percent: 19, prices: 'gross' });
    // 185.00 × 19 / 119 = 29.5378… → 29.54; net 155.46.
    expect(q.totals.tax).toEqual({ rate_percent: 19, prices: 'gross', net: 155.46, amount: 29.54, gross: 185 });
    const html = await (await call(path)).text();
    expect(html).toMatch(/Total including tax<\/td><td class="num">€185\.00/);
    expect(html).toMatch(/Included tax 19%<\/td><td class="num">€29\.54/);
    expect(html).toMatch(/Total excluding tax<\/td><td class="num">€155\.46/);
    expect(html).toContain('Prices including tax');
  });

  it('is rounded once, on the total, half away from zero: not per line', async () => {
    const t = await quoteTenant();
    await admin('PUT', `/stores/${t.storeId}/profile`, { tax_rate_percent: 0.1 });
    // Two lines of 92.50: per line 0.0925 → 0.09 each, 0.18 in all; on the total 0.185 → 0.19.
    const q = await (await t.create({ items: [SHELF, SHELF] })).json<QuoteJson>();
    const s = await (await t.send('POST', `/${q.id}/send`, {})).json<SentQuoteJson>();
    expect(s.totals.total).toBe(185);
    expect(s.totals.tax).toMatchObject({ amount: 0.19, gross: 185.19 });
  });

  it('is shown per line (the rate) and in the totals on the page', async () => {
    const { path } = await sent(PROFILE);
    const html = await (await call(path)).text();
    expect(html).toContain('<th class="num">Tax</th>');
    expect(html).toContain('<td class="num" data-label="Tax">19%</td>');
    expect(html).toMatch(/Total excluding tax<\/td><td class="num">€185\.00/);
    expect(html).toMatch(/Tax 19%<\/td><td class="num">€35\.15/);
    expect(html).toMatch(/Total including tax<\/td><td class="num">€220\.15/);
    expect(html).toContain('Prices excluding tax');
  });
});

describe('line discounts on the document', () => {
  it('shows each line discount under its item, the amount after it, and tax on the total after every discount', async () => {
    const t = await quoteTenant();
    await admin('PUT', `/stores/${t.storeId}/profile`, PROFILE);
    const q = await (await t.create({ items: [{ ...SHELF, quantity: 2 }, SHELF] })).json<QuoteJson>();
    // Items of 185.00 and 92.50; 10 % off the first (18.50), 2.50 off the second.
    await t.send('PATCH', `/${q.id}/items/${q.items[0]!.id}`, { line_discount: { type: 'percent', value: 10 } });
    await t.send('PATCH', `/${q.id}/items/${q.items[1]!.id}`, { line_discount: { type: 'amount', value: 2.5 } });
    await t.send('PATCH', `/${q.id}`, { discount: { type: 'amount', value: 6.5, reason: 'loyal' } });
    const s = await (await t.send('POST', `/${q.id}/send`, {})).json<SentQuoteJson>();
    // 166.50 + 90.00 = 256.50; less 6.50: 250.00; 19 % of it is 47.50.
    expect(s.totals).toMatchObject({ subtotal: 256.5, line_discounts: 21, discount: 6.5, total: 250 });
    expect(s.totals.tax).toMatchObject({ net: 250, amount: 47.5, gross: 297.5 });
    const html = await (await call(new URL(s.share_url).pathname)).text();
    expect(html).toContain('<li class="line-discount"><span>Line discount 10 %</span><span>−€18.50</span></li>');
    expect(html).toContain('<li class="line-discount"><span>Line discount</span><span>−€2.50</span></li>');
    expect(html).toContain('<td class="num" data-label="Amount">€166.50</td>');
    expect(html).toContain('<td class="num" data-label="Amount">€90.00</td>');
    expect(html).toMatch(/Subtotal<\/td><td class="num">€256\.50/);
    expect(html).toMatch(/Tax 19%<\/td><td class="num">€47\.50/);
  });
});

describe('the document', () => {
  it("prints the seller block, the labelled reference and the terms, in the quote's language", async () => {
    const { path } = await sent(PROFILE, { customer: { name: 'Ada', reference: 'PO-4711' }, language: 'de' });
    const html = await (await call(path)).text();
    expect(html).toContain('<img class="logo" src="https://cdn.example.com/logo.png" alt="Quote Joinery GmbH"/>');
    expect(html).toContain('<div class="address">Hauptstraße 1\n10115 Berlin</div>');
    expect(html).toContain('USt-IdNr.: DE123456789');
    expect(html).toContain('Ihre Referenz: PO-4711');
    expect(html).toContain('Zahlungsbedingungen');
    expect(html).toContain('30 days net');
    expect(html).toContain('Delivery within 4 weeks of acceptance.');
    expect(html).toContain('Gesamt brutto');
  });

  it('keeps the profile and tax it was sent with when the store edits its own', async () => {
    const { t, q, path } = await sent(PROFILE);
    await admin('PUT', `/stores/${t.storeId}/profile`, { legal_name: 'Renamed AG', tax_rate_percent: 7 });
    const html = await (await call(path)).text();
    expect(html).toContain('Quote Joinery GmbH');
    expect(html).not.toContain('Renamed AG');
    expect((await (await t.get(q.id)).json<QuoteJson>()).totals.tax).toMatchObject({ rate_percent: 19, amount: 35.15 });
  });

  it.each([
    ['en', 'Accept quote', 'Your full name'],
    ['de', 'Angebot annehmen', 'Ihr vollständiger Name'],
    ['fr', 'Accepter le devis', 'Vos nom et prénom'],
    ['es', 'Aceptar el presupuesto', 'Su nombre completo'],
    ['it', 'Accetta il preventivo', 'Nome e cognome'],
    ['nl', 'Offerte aannemen', 'Uw volledige naam'],
  ])('speaks %s', async (language, accept, signer) => {
    const { path } = await sent(PROFILE, { language });
    const html = await (await call(path)).text();
    expect(html).toContain(`<html lang="${language}">`);
    expect(html).toContain(accept);
    expect(html).toContain(signer);
  });

  it('reads a language it does not speak in English, dates and amounts included', async () => {
    const { path } = await sent(PROFILE, { language: 'pt-BR' });
    const html = await (await call(path)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Accept quote');
    expect(html).toContain('€220.15');
    expect(html).not.toMatch(/de novembro|de dezembro|de janeiro/);
  });
});

describe('accepting and rejecting through the page', () => {
  it('refuses an accept without a name or without the consent (422, the page with the problem), deciding nothing', async () => {
    const { t, q, path } = await sent(PROFILE);
    const noName = await call(`${path}/accept`, form({ signer: '  ', consent: 'yes' }));
    expect(noName.status).toBe(422);
    expect(noName.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await noName.text()).toContain('<p class="problem" role="alert">Please enter your full name.</p>');
    const noConsent = await call(`${path}/accept`, form({ signer: 'Grace Hopper' }));
    expect(noConsent.status).toBe(422);
    const html = await noConsent.text();
    expect(html).toContain('Please tick the box to confirm.');
    expect(html).toContain('value="Grace Hopper"');
    const tooLong = await call(`${path}/accept`, form({ signer: 'x'.repeat(201), consent: 'yes' }));
    expect(tooLong.status).toBe(422);
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('sent');
  });

  it("records the signer's name, the consent, the time and the client's address", async () => {
    const { t, q, path } = await sent(PROFILE);
    const before = Date.now();
    const res = await call(
      `${path}/accept`,
      form({ signer: ' Grace Hopper ', consent: 'yes' }, { 'CF-Connecting-IP': '203.0.113.9' }),
    );
    expect(res.status).toBe(303);
    const after = await (await t.get(q.id)).json<QuoteJson>();
    expect(after.status).toBe('accepted');
    const entry = after.history.at(-1)!;
    expect(entry).toMatchObject({
      action: 'accepted',
      actor: 'buyer',
      details: { signer: 'Grace Hopper', consent: true, address: '203.0.113.9' },
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
    const html = await (await call(path)).text();
    expect(html).toContain('Accepted by Grace Hopper');
    expect(html).not.toContain('<form');
  });

  it('rejects with the reason recorded, or without one', async () => {
    const { t, q, path } = await sent(null);
    expect((await call(`${path}/reject`, form({ reason: 'Too expensive' }))).status).toBe(303);
    const after = await (await t.get(q.id)).json<QuoteJson>();
    expect(after.status).toBe('rejected');
    expect(after.history.at(-1)).toMatchObject({ action: 'rejected', details: { reason: 'Too expensive' } });
    const other = await sent(null);
    expect((await call(`${other.path}/reject`, form({}))).status).toBe(303);
    const plain = await (await other.t.get(other.q.id)).json<QuoteJson>();
    expect(plain.history.at(-1)?.action).toBe('rejected');
    expect(plain.history.at(-1)?.details).not.toHaveProperty('reason');
  });

  it('refuses a form body over 8 KiB (413) before reading it', async () => {
    const { path } = await sent(null);
    const res = await call(`${path}/reject`, form({ reason: 'x'.repeat(9000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('a dead link', () => {
  it('answers 404 with an HTML page in the language the browser prefers', async () => {
    const res = await call(`/q/q_${'x'.repeat(43)}`, { headers: { 'Accept-Language': 'pt;q=1, fr-CH;q=0.9, de;q=0.8' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Ce lien ne fonctionne pas</h1>');
    expect(html).toContain('name="viewport"');
    const plain = await (await call('/q/q_guess')).text();
    expect(plain).toContain('<html lang="en">');
    expect(plain).toContain('This link does not work');
  });

  it("answers in the quote's language when the quote is known (a status link used to accept)", async () => {
    const t = await quoteTenant();
    const created = await (await t.create({ language: 'nl' })).json<{ status_url: string }>();
    const res = await call(`${new URL(created.status_url).pathname}/accept`, form({ signer: 'A', consent: 'yes' }));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Deze link werkt niet');
  });

  it('shows the page once the quote is cancelled', async () => {
    const { t, q, path } = await sent(PROFILE, { language: 'it' });
    await t.send('POST', `/${q.id}/cancel`, {});
    const res = await call(path, { headers: { 'Accept-Language': 'de' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Dieser Link funktioniert nicht');
  });
});
