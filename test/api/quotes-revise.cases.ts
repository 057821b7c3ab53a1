import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { SHELF } from '../fixtures/shelf';
import { admin, call, saveProduct } from '../helpers';
import { type QuoteJson, quoteTenant, type SentQuoteJson } from './quotes-helpers';

// Revisions (docs/quotes.md, "Revisions"): a sent or expired quote revised into a new draft under the same number,
// the old one superseded, its share link a page saying so, and one revision however many ask at once.

type Tenant = Awaited<ReturnType<typeof quoteTenant>>;

async function sentQuote(t: Tenant, body: Record<string, unknown> = {}) {
  const q = await (await t.create({ language: 'de', notes: 'Ring first', ...body })).json<QuoteJson & { status_url: string }>();
  await t.send('PATCH', `/${q.id}`, {
    customer: { name: 'Ada', company: 'Engines' },
    discount: { type: 'percent', value: 10, reason: 'Loyal' },
  });
  await t.send('PATCH', `/${q.id}/items/${q.items[0]!.id}`, { line_discount: { type: 'amount', value: 2 } });
  const res = await t.send('POST', `/${q.id}/send`, {});
  expect(res.status).toBe(200);
  return { ...(await res.json<SentQuoteJson>()), status_url: q.status_url };
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('POST /v1/quotes/{id}/revise', () => {
  it('makes revision 2 of a sent quote: a draft with its customer, notes, discounts and items; the old one superseded', async () => {
    const t = await quoteTenant();
    const old = await sentQuote(t, { valid_until: day(5) });
    // A newer product version does not move the revision's items: it copies them as they were (a re-price moves them).
    expect((await saveProduct(t.storeId, 'shelf', SHELF.replace('width_m * 50', 'width_m * 60'))).status).toBe(200);
    const res = await t.send('POST', `/${old.id}/revise`, {});
    expect(res.status).toBe(201);
    expect(res.headers.get('ETag')).toBe('"v1"');
    const rev = await res.json<QuoteJson>();
    expect(rev.id).not.toBe(old.id);
    expect(rev).toMatchObject({
      number: old.number,
      revision: 2,
      revises: old.id,
      superseded_by: null,
      status: 'draft',
      version: 1,
      language: 'de',
      customer: { name: 'Ada', company: 'Engines' },
      notes: 'Ring first',
      discount: { type: 'percent', value: 10, reason: 'Loyal' },
      valid_until: day(30),
      sent_at: null,
      // The status link of whoever requested the quote moves to the revision.
      links_active: true,
      totals: { subtotal: 38, line_discounts: 2, discount: 3.8, total: 34.2, tax: null },
    });
    expect(rev.items.map((i) => [i.product_version, i.totals.price, i.line_discount, i.net_price])).toEqual([
      [1, 40, { type: 'amount', value: 2, amount: 2 }, 38],
    ]);
    expect(rev.items[0]!.id).not.toBe(old.items[0]!.id);
    expect(rev.history).toMatchObject([{ version: 1, action: 'created', details: { items: 1, revises: old.id } }]);

    const after = await (await t.get(old.id)).json<QuoteJson>();
    expect(after).toMatchObject({ status: 'superseded', superseded_by: rev.id, revision: 1, version: old.version + 1 });
    expect(after.history.at(-1)).toMatchObject({ action: 'superseded', details: { revision: 2, superseded_by: rev.id } });
    const status = await (await call(new URL(old.status_url).pathname)).text();
    expect(status).toContain(`${old.number} · Revision 2`);

    // Superseded: only its links may still be ended; a second revision of it is the one 409.
    const again = await t.send('POST', `/${old.id}/revise`, {});
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { status: 'superseded', action: 'revise' } });
    expect((await t.send('POST', `/${old.id}/accept`, {})).status).toBe(409);

    // The revision, sent and revised in turn, is revision 3 of the same number.
    expect((await t.send('POST', `/${rev.id}/send`, {})).status).toBe(200);
    const third = await (await t.send('POST', `/${rev.id}/revise`, {})).json<QuoteJson>();
    expect(third).toMatchObject({ number: old.number, revision: 3, revises: rev.id });
  });

  it('revises an expired quote too, but neither a draft nor a decided quote; needs quote:write', async () => {
    const t = await quoteTenant();
    const expired = await sentQuote(t);
    const { env } = await import('cloudflare:workers');
    await (await storeBinding(env, t.storeId))
      .prepare('UPDATE quotes SET valid_until = ? WHERE id = ?')
      .bind(Date.now() - 1000, expired.id)
      .run();
    expect((await (await t.get(expired.id)).json<QuoteJson>()).status).toBe('expired');
    const res = await t.send('POST', `/${expired.id}/revise`, {});
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ status: 'draft', revision: 2 });

    const draft = await (await t.create()).json<QuoteJson>();
    expect((await t.send('POST', `/${draft.id}/revise`, {})).status).toBe(409);
    const accepted = await sentQuote(t);
    await t.send('POST', `/${accepted.id}/accept`, {});
    expect((await t.send('POST', `/${accepted.id}/revise`, {})).status).toBe(409);

    const reader = await quoteTenant(['quote:read']);
    const other = await (await t.create()).json<QuoteJson>();
    expect((await reader.send('POST', `/${other.id}/revise`, {})).status).toBe(403);
    expect((await t.send('POST', '/nope/revise', {})).status).toBe(404);
    const stale = await t.send('POST', `/${accepted.id}/revise`, {}, { 'If-Match': '"v1"' });
    expect(stale.status).toBe(412);
  });

  it('makes one revision when many ask at once: the others are told it is superseded', { timeout: 30_000 }, async () => {
    const t = await quoteTenant();
    const old = await sentQuote(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 ? t.send('POST', `/${old.id}/revise`, {}) : admin('POST', `/stores/${t.storeId}/quotes/${old.id}/revise`, {}),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    const list = await t.send('GET', `?tenant_id=${t.storeId}&q=${old.number}`);
    const { quotes } = await list.json<{ quotes: QuoteJson[] }>();
    expect(quotes.map((q) => [q.revision, q.status])).toEqual([
      [2, 'draft'],
      [1, 'superseded'],
    ]);
  });

  it('weighs the approval again: an approved discount above the threshold awaits approval in the revision', async () => {
    const t = await quoteTenant();
    const base = `/stores/${t.storeId}/quotes`;
    await admin('PUT', `/stores/${t.storeId}/quote-settings`, { approval_threshold_percent: 5 });
    const q = await (await t.create()).json<QuoteJson>();
    await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 10, reason: 'Big' } });
    expect((await admin('POST', `${base}/${q.id}/approve`, {})).status).toBe(200);
    expect((await t.send('POST', `/${q.id}/send`, {})).status).toBe(200);
    const rev = await (await admin('POST', `${base}/${q.id}/revise`, {})).json<QuoteJson>();
    expect(rev).toMatchObject({ status: 'pending_approval', revision: 2, history: [{ actor: 'admin' }] });
  });

  it("pages through a store's quotes with revisions: newest number first, then its revisions from the latest", async () => {
    const t = await quoteTenant();
    const a = await sentQuote(t);
    const b = await (await t.create()).json<QuoteJson>();
    await t.send('POST', `/${a.id}/revise`, {});
    const seen: [string, number][] = [];
    let cursor: string | null = null;
    do {
      const page: Response = await t.send('GET', `?tenant_id=${t.storeId}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      const body = await page.json<{ quotes: QuoteJson[]; next_cursor: string | null }>();
      seen.push(...body.quotes.map((q): [string, number] => [q.number, q.revision]));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([
      [b.number, 1],
      [a.number, 2],
      [a.number, 1],
    ]);
    const bad = await t.send('GET', `?tenant_id=${t.storeId}&cursor=${a.number}.x`);
    expect(bad.status).toBe(400);
  });
});

describe("a superseded quote's share link", () => {
  const LANGUAGES: [string, string][] = [
    ['en', 'This quote has been replaced'],
    ['de', 'Dieses Angebot wurde ersetzt'],
    ['fr', 'Ce devis a été remplacé'],
    ['es', 'Este presupuesto ha sido sustituido'],
    ['it', 'Questo preventivo è stato sostituito'],
    ['nl', 'Deze offerte is vervangen'],
  ];
  it("shows a page saying a revision replaced it, in the quote's language, with no Accept or Reject", async () => {
    const t = await quoteTenant();
    for (const [language, title] of LANGUAGES) {
      const old = await sentQuote(t, { language });
      const link = new URL(old.share_url).pathname;
      await t.send('POST', `/${old.id}/revise`, {});
      const page = await call(link);
      expect(page.status, language).toBe(200);
      expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html, language).toContain(`<html lang="${language}"`);
      expect(html, language).toContain(title);
      expect(html).toContain(old.number);
      expect(html).not.toContain('<form');
      // Its forms' targets decide nothing either.
      const posted = await call(`${link}/accept`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'signer=Ada&consent=on',
      });
      expect(posted.status).toBe(303);
      expect((await (await t.get(old.id)).json<QuoteJson>()).status).toBe('superseded');
    }
  });

  it('the revision, once sent, shows its revision on its own document', async () => {
    const t = await quoteTenant();
    const old = await sentQuote(t, { language: 'en' });
    const rev = await (await t.send('POST', `/${old.id}/revise`, {})).json<QuoteJson>();
    const sent = await (await t.send('POST', `/${rev.id}/send`, {})).json<SentQuoteJson>();
    const html = await (await call(new URL(sent.share_url).pathname)).text();
    expect(html).toContain(`${old.number} · Revision 2`);
    expect(html).toContain('<form');
  });
});
