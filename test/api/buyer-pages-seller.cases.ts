import { describe, expect, it } from 'vitest';
import { admin, call } from '../helpers';
import { type QuoteJson, quoteTenant, type SentQuoteJson } from './quotes-helpers';

// The buyer's pages besides the document (issue 47): each has an icon, so no browser asks for /favicon.ico and
// logs a 404; the replaced page, and the dead-link page of a quote that is known, name the seller as the
// document does (the legal name sent with it, else the store's name).

const SELLER = 'Werkbank Gerber AG';

async function sent() {
  const t = await quoteTenant();
  expect((await admin('PUT', `/stores/${t.storeId}/profile`, { legal_name: SELLER })).status).toBe(200);
  const created = await t.create({ language: 'de' });
  const statusUrl = (await created.clone().json<{ status_url: string }>()).status_url;
  const q = await created.json<QuoteJson>();
  const s = await (await t.send('POST', `/${q.id}/send`, {})).json<SentQuoteJson>();
  return { t, q, share: new URL(s.share_url).pathname, status: new URL(statusUrl).pathname };
}

describe("the buyer's other pages", () => {
  it('give every page an icon of its own, so no /favicon.ico is asked for', async () => {
    const { share, status } = await sent();
    for (const path of [share, status, '/q/q_unknownunknownunknownunknownunknownunknown1']) {
      const html = await (await call(path)).text();
      expect(html, path).toMatch(/<link rel="icon" href="data:,"\/?>/);
    }
  });

  it('name the seller as the document does on the replaced page and on a known quote’s dead link', async () => {
    const { t, q, share, status } = await sent();
    expect(await (await call(share)).text()).toContain(SELLER);
    // A status link decides nothing: its Accept is a dead link, of a quote whose seller is known.
    const dead = await call(`${status}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'signer=Ada&consent=yes',
    });
    expect(dead.status).toBe(404);
    const deadHtml = await dead.text();
    expect(deadHtml).toContain(`<div class="store">${SELLER}</div>`);
    expect(deadHtml).toContain('<html lang="de">');

    expect((await t.send('POST', `/${q.id}/revise`, {})).status).toBe(201);
    const replaced = await call(share);
    expect(replaced.status).toBe(200);
    const html = await replaced.text();
    expect(html).toContain('superseded');
    expect(html).toContain(`<div class="store">${SELLER}</div>`);
  });
});
