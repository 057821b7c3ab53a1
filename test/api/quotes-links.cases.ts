import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/keys/secret';
import { decideQuote } from '../../src/quotes/service/lifecycle';
import { signIn } from '../backoffice/sign-in';
import { admin, call } from '../helpers';
import { type QuoteJson, quoteTenant, type SentQuoteJson } from './quotes-helpers';

// The links a quote gives out (docs/quotes.md, "Links"): the share link of a sent quote, revoked and issued anew,
// and the status link of a request; a dead link of either kind answers exactly as a token that never existed.

type CreatedJson = QuoteJson & { status_url: string | null };

const form: RequestInit = {
  method: 'POST',
  redirect: 'manual',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  // What Accept needs (test/api/quote-document.cases.ts tests it); Reject ignores it.
  body: 'signer=Ada+Lovelace&consent=yes',
};
const pathOf = (url: string) => new URL(url).pathname;
const UNKNOWN = `/q/q_${'A'.repeat(43)}`;

/** A 404 as an unknown token gets: the same status and page, so a dead link teaches a prober nothing. */
async function expectDead(path: string) {
  const [page, accept, unknown] = await Promise.all([call(path), call(`${path}/accept`, form), call(UNKNOWN)]);
  expect([page.status, accept.status]).toEqual([404, 404]);
  const [a, b, c] = [await page.text(), await accept.text(), await unknown.text()];
  expect(a).toContain('This link does not work');
  expect([a, b]).toEqual([c, c]);
  expect(page.headers.get('Content-Type')).toBe(unknown.headers.get('Content-Type'));
}

async function sentQuote() {
  const t = await quoteTenant();
  const q = await (await t.create()).json<CreatedJson>();
  const sent = await (await t.send('POST', `/${q.id}/send`, {})).json<SentQuoteJson>();
  return { t, q, share: pathOf(sent.share_url), status: pathOf(q.status_url!) };
}

describe('DELETE /api/v1/quotes/{id}/share', () => {
  it('ends the share link and the status link: pages and Accept 404 like an unknown token; recorded in the history', async () => {
    const { t, q, share, status } = await sentQuote();
    expect((await call(share)).status).toBe(200);
    const res = await t.send('DELETE', `/${q.id}/share?tenant_id=${t.storeId}`, undefined, { 'If-Match': '"v2"' });
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toBe('"v3"');
    const after = await res.json<QuoteJson>();
    expect(after).toMatchObject({ status: 'sent', links_active: false });
    expect(after.history.at(-1)).toMatchObject({ action: 'links_revoked', details: { share: true, status: true } });
    expect(after.history.at(-1)!.actor).toMatch(/^key:/);
    await expectDead(share);
    await expectDead(status);
    // Nothing was decided through the dead link.
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('sent');
    // Revoking again changes nothing: the same quote, the same version.
    const again = await t.send('DELETE', `/${q.id}/share?tenant_id=${t.storeId}`);
    expect(again.status).toBe(200);
    expect((await again.json<QuoteJson>()).version).toBe(3);
  });

  it('needs quote:write; another store is 403, its quote under your own tenant 404; a stale If-Match 412', async () => {
    const { t, q, share } = await sentQuote();
    const reader = await quoteTenant(['quote:read']);
    const other = await quoteTenant();
    expect((await reader.send('DELETE', `/${q.id}/share?tenant_id=${reader.storeId}`)).status).toBe(403);
    expect((await other.send('DELETE', `/${q.id}/share?tenant_id=${other.storeId}`)).status).toBe(404);
    expect((await other.send('DELETE', `/${q.id}/share?tenant_id=${t.storeId}`)).status).toBe(403);
    expect((await other.send('POST', `/${q.id}/share`, { tenant_id: other.storeId })).status).toBe(404);
    expect((await t.send('DELETE', `/${q.id}/share?tenant_id=${t.storeId}`, undefined, { 'If-Match': '"v1"' })).status).toBe(412);
    expect((await call(share)).status).toBe(200);
  });
});

describe('POST /api/v1/quotes/{id}/share', () => {
  it('issues a new share link for a sent quote; the old one is dead, the new one accepts', async () => {
    const { t, q, share } = await sentQuote();
    const res = await t.send('POST', `/${q.id}/share`, {});
    expect(res.status).toBe(200);
    const body = await res.json<SentQuoteJson>();
    const fresh = pathOf(body.share_url);
    expect(fresh).toMatch(/^\/q\/q([1-9]\d*)?_[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(share);
    expect(body.history.at(-1)).toMatchObject({ action: 'share_link_issued', details: { replaced: true } });
    await expectDead(share);
    expect((await call(`${fresh}/accept`, form)).status).toBe(303);
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('accepted');
    // An accepted quote's document stays reachable: after a revocation, a new link can be issued for it.
    await t.send('DELETE', `/${q.id}/share?tenant_id=${t.storeId}`);
    const reissued = await (await t.send('POST', `/${q.id}/share`, {})).json<SentQuoteJson>();
    expect(reissued.history.at(-1)).toMatchObject({ details: { replaced: false } });
    expect((await call(pathOf(reissued.share_url))).status).toBe(200);
  });

  it('is 409 for a draft (it is shared by sending) and for a cancelled quote', async () => {
    const t = await quoteTenant();
    const q = await (await t.create()).json<QuoteJson>();
    const draft = await t.send('POST', `/${q.id}/share`, {});
    expect(draft.status).toBe(409);
    expect(await draft.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { status: 'draft' } });
    await t.send('POST', `/${q.id}/send`, {});
    await t.send('POST', `/${q.id}/cancel`, {});
    expect((await t.send('POST', `/${q.id}/share`, {})).status).toBe(409);
  });
});

describe('a decision through a link revoked after its page was read', () => {
  it('decides nothing: the change itself checks the link, so the race between page and revocation is closed', async () => {
    const { t, q, share } = await sentQuote();
    const { env } = await import('cloudflare:workers');
    // As the page would: the link's hash read before the revocation, the decision made after it.
    const hash = await sha256Hex(share.slice('/q/'.length));
    await t.send('DELETE', `/${q.id}/share?tenant_id=${t.storeId}`);
    await expect(decideQuote({ env, storeId: t.storeId, actor: 'buyer' }, q.id, 'accept', hash)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('sent');
  });
});

describe('the status link of a request (status_url)', () => {
  it('shows what was requested and where it stands, with no prices and no Accept; it follows the quote', async () => {
    const t = await quoteTenant();
    const res = await t.create({
      items: [{ product_id: 'shelf', configuration: { width: 1000, wood: 'oak' }, quantity: 2 }],
      language: 'de',
    });
    expect(res.status).toBe(201);
    const q = await res.json<CreatedJson>();
    expect(q.status_url).toMatch(/^http:\/\/localhost\/q\/q([1-9]\d*)?_[A-Za-z0-9_-]{43}$/);
    expect(q.links_active).toBe(true);
    const status = pathOf(q.status_url!);
    const page = await call(status);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain(`Angebotsanfrage ${q.number}`);
    expect(html).toContain('data-status="requested"');
    expect(html).toContain('Holz: Eiche');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('€');
    // A status link decides nothing, even once the offer is out.
    await t.send('PATCH', `/${q.id}`, { discount: { type: 'percent', value: 5, reason: 'Stammkunde' } });
    expect(await (await call(status)).text()).not.toContain('Stammkunde');
    await t.send('POST', `/${q.id}/send`, {});
    expect(await (await call(status)).text()).toContain('data-status="sent"');
    expect((await call(`${status}/accept`, form)).status).toBe(404);
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('sent');
    await t.send('POST', `/${q.id}/reject`, {});
    expect(await (await call(status)).text()).toContain('data-status="rejected"');
  });

  it('is shown once: a retry with the same Idempotency-Key answers status_url null; cancelling ends it', async () => {
    const t = await quoteTenant();
    const first = await (await t.create({}, { 'Idempotency-Key': 'links-1' })).json<CreatedJson>();
    const retry = await t.create({}, { 'Idempotency-Key': 'links-1' });
    expect(retry.status).toBe(200);
    expect((await retry.json<CreatedJson>()).status_url).toBeNull();
    const status = pathOf(first.status_url!);
    expect((await call(status)).status).toBe(200);
    const cancelled = await (await t.send('POST', `/${first.id}/cancel`, {})).json<QuoteJson>();
    expect(cancelled.links_active).toBe(false);
    await expectDead(status);
  });
});

describe('revoking from the backoffice', () => {
  it('offers Revoke links while a link is live; the admin API ends them, recorded as the admin', async () => {
    const { t, q, share } = await sentQuote();
    const { cookie } = await signIn();
    const pagePath = `/admin/stores/${t.storeId}/quotes/${q.id}`;
    const before = await (await call(pagePath, { headers: { Cookie: cookie } })).text();
    expect(before).toContain(`data-action="/api/admin/stores/${t.storeId}/quotes/${q.id}/share"`);
    expect(before).toContain('Revoke links');
    const res = await admin('DELETE', `/stores/${t.storeId}/quotes/${q.id}/share`);
    expect(res.status).toBe(200);
    expect((await res.json<QuoteJson>()).history.at(-1)).toMatchObject({ action: 'links_revoked', actor: 'admin' });
    await expectDead(share);
    expect(await (await call(pagePath, { headers: { Cookie: cookie } })).text()).not.toContain('Revoke links');
    expect((await admin('DELETE', `/stores/${t.storeId}/quotes/nope/share`)).status).toBe(404);
  });
});
