import { describe, expect, it } from 'vitest';
import { call } from '../helpers';
import { burst, rateHeaders, uniqueAddress, useFreshMinute } from '../limits/helpers';
import { type QuoteJson, quoteTenant, type SentQuoteJson } from './quotes-helpers';

async function sentQuote(body: Record<string, unknown> = {}) {
  const t = await quoteTenant();
  const q = await (await t.create(body)).json<QuoteJson>();
  const sent = await (await t.send('POST', `/${q.id}/send`, {})).json<SentQuoteJson>();
  return { t, q, path: new URL(sent.share_url).pathname };
}

const form: RequestInit = {
  method: 'POST',
  redirect: 'manual',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  // What Accept needs (test/api/quote-document.cases.ts tests it); Reject ignores it.
  body: 'signer=Ada+Lovelace&consent=yes',
};

describe('GET /q/{token}', () => {
  it("renders the quote document in the quote's language, printable, with working forms and no script", async () => {
    const { q, path } = await sentQuote({
      items: [{ product_id: 'shelf', configuration: { width: 1000, wood: 'oak', lacquer: true }, quantity: 2 }],
      customer: { name: 'Grace Hopper', company: 'Navy' },
      notes: 'Lieferung im März',
      language: 'de',
    });
    const res = await call(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(`Angebot ${q.number}`);
    expect(html).toContain('Breite: 1000 mm');
    expect(html).toContain('Holz: Eiche');
    // The public output group `weight { kg = width_m * 6 }` has no labels: its ids made readable; the internal
    // bill of materials is the store's, not shown.
    expect(html).toContain('<div class="outputs"><span>Weight</span><ul class="summary"><li>Kg: 6</li></ul></div>');
    expect(html).not.toContain('Bill of materials');
    expect(html).not.toContain('screws');
    expect(html).toContain('Grace Hopper');
    // 2 × 92.50 = 185.00, in German notation
    expect(html).toContain('185,00');
    expect(html).toContain(`action="${path}/accept"`);
    expect(html).toContain('Angebot annehmen');
    expect(html).not.toContain('<script');
    expect(html).toContain('href="/q/quote.css"');
    const css = await call('/q/quote.css');
    expect(await css.text()).toContain('size: A4');
  });

  it('accepts through the form (303 back to the page), recorded as the buyer; the buttons are gone after', async () => {
    const { t, q, path } = await sentQuote();
    const res = await call(`${path}/accept`, form);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(path);
    const after = await (await t.get(q.id)).json<QuoteJson>();
    expect(after.status).toBe('accepted');
    expect(after.history.at(-1)).toMatchObject({ action: 'accepted', actor: 'buyer' });
    const html = await (await call(path)).text();
    expect(html).not.toContain('<form');
    // A second click changes nothing.
    expect((await call(`${path}/reject`, form)).status).toBe(303);
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('accepted');
  });

  it('rejects through the form', async () => {
    const { t, q, path } = await sentQuote();
    await call(`${path}/reject`, form);
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('rejected');
  });

  it('grants nothing once the quote is cancelled, and nothing for a guessed or altered token', async () => {
    const { t, q, path } = await sentQuote();
    expect((await call(`${path.slice(0, -1)}${path.endsWith('A') ? 'B' : 'A'}`)).status).toBe(404);
    expect((await call('/q/q_guess')).status).toBe(404);
    await t.send('POST', `/${q.id}/cancel`, {});
    expect((await call(path)).status).toBe(404);
    expect((await call(`${path}/accept`, form)).status).toBe(404);
  });
});

describe('/q is bounded like every keyless surface: per client address', () => {
  const from = (address: string, init: RequestInit = {}) => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'CF-Connecting-IP': address },
  });

  it("counts pages and answers against the address's budget, 429 with Retry-After past it; the stylesheet is free", async () => {
    useFreshMinute();
    const { t, q, path } = await sentQuote();
    const prober = uniqueAddress();
    const first = await call('/q/q_guess', from(prober));
    expect(first.status).toBe(404);
    expect(rateHeaders(first)).toMatchObject({ limit: '120', remaining: '119' });
    // Probing tokens: 130 guesses from one address, 119 more answered, the rest refused before any lookup.
    const guess = () => new Request(`http://localhost/q/q_${'x'.repeat(43)}`, from(prober));
    const counts = await burst(130, guess);
    expect([counts.get(404), counts.get(429)]).toEqual([119, 11]);
    const refused = await call(`${path}/accept`, from(prober, form));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED', details: { window: 'minute', limit: 120 } });
    expect(Number(rateHeaders(refused).retryAfter)).toBeGreaterThanOrEqual(1);
    expect(rateHeaders(refused).remaining).toBe('0');
    expect((await (await t.get(q.id)).json<QuoteJson>()).status).toBe('sent');
    const css = await call('/q/quote.css', from(prober));
    expect(css.status).toBe(200);
    expect(css.headers.get('X-RateLimit-Limit')).toBeNull();
    // The buyer, elsewhere, is not affected.
    expect((await call(path, from(uniqueAddress()))).status).toBe(200);
  });
});
