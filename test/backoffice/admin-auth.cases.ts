import { describe, expect, it } from 'vitest';
import { issueSession } from '../../src/http/admin-session';
import { signInThrottles } from '../../src/limits/sign-in-throttle';
import { ADMIN_TOKEN, call, jsonInit, uniqueId } from '../helpers';
import { freshMinute, uniqueAddress } from '../limits/helpers';
import { form, signIn } from './sign-in';

const storeBody = () => ({ id: uniqueId('cookie'), name: 'Cookie shop' });

describe('/api/admin with the backoffice session cookie', () => {
  it('reads with the cookie alone', async () => {
    const { cookie } = await signIn();
    const res = await call('/api/admin/stores', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
  });

  it('writes only with the CSRF header', async () => {
    const { cookie, csrf } = await signIn();
    const missing = await call('/api/admin/stores', jsonInit('POST', storeBody(), { Cookie: cookie }));
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ code: 'FORBIDDEN', error: expect.stringContaining('X-CSRF-Token') });

    const wrong = await call(
      '/api/admin/stores',
      jsonInit('POST', storeBody(), { Cookie: cookie, 'X-CSRF-Token': 'A'.repeat(43) }),
    );
    expect(wrong.status).toBe(403);

    const body = storeBody();
    const ok = await call('/api/admin/stores', jsonInit('POST', body, { Cookie: cookie, 'X-CSRF-Token': csrf }));
    expect(ok.status).toBe(201);
    const del = await call(`/api/admin/stores/${body.id}/api-keys/key_nope`, { method: 'DELETE', headers: { Cookie: cookie } });
    expect(del.status).toBe(403);
  });

  it("refuses another session's CSRF token", async () => {
    const first = await signIn();
    const cookie = `__Host-cpq_admin=${await issueSession(ADMIN_TOKEN, Date.now() - 5000)}`;
    const res = await call('/api/admin/stores', jsonInit('POST', storeBody(), { Cookie: cookie, 'X-CSRF-Token': first.csrf }));
    expect(res.status).toBe(403);
  });

  it.each([
    ['a session signed with a rotated token', async () => issueSession('the-old-admin-token')],
    ['an expired session', async () => issueSession(ADMIN_TOKEN, Date.now() - 13 * 3600 * 1000)],
    ['garbage', async () => 'garbage'],
  ])('answers 401 UNAUTHORIZED to %s', async (_, value) => {
    const res = await call('/api/admin/stores', { headers: { Cookie: `__Host-cpq_admin=${await value()}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', error: expect.any(String) });
  });

  it('judges a request that presents a token by the token alone', async () => {
    const { cookie } = await signIn();
    const res = await call('/api/admin/stores', { headers: { Cookie: cookie, Authorization: 'Bearer wrong' } });
    expect(res.status).toBe(401);
  });

  it('does not accept the cookie under another name', async () => {
    const { cookie } = await signIn();
    const res = await call('/api/admin/stores', { headers: { Cookie: cookie.replace('__Host-', '') } });
    expect(res.status).toBe(401);
  });
});

describe('signing out ends the session on the server', () => {
  it('refuses the old cookie afterwards, on the API and on the pages, while other sessions live on', async () => {
    const { cookie, csrf } = await signIn();
    const other = await signIn();
    expect((await call('/api/admin/stores', { headers: { Cookie: cookie } })).status).toBe(200);

    const out = await call('/admin/logout', form({ _csrf: csrf }, { Cookie: cookie }));
    expect(out.status).toBe(303);

    // A copy of the cookie kept from before signing out (the browser dropped it; an attacker might not).
    const api = await call('/api/admin/stores', { headers: { Cookie: cookie } });
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const page = await call('/admin/stores', { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/admin/login?next=%2Fadmin%2Fstores');
    expect(
      (await call('/api/admin/stores', jsonInit('POST', storeBody(), { Cookie: cookie, 'X-CSRF-Token': csrf }))).status,
    ).toBe(401);

    expect((await call('/api/admin/stores', { headers: { Cookie: other.cookie } })).status).toBe(200);
  });
});

describe('wrong admin tokens are limited per client address', () => {
  const withToken = (token: string, ip: string) =>
    call('/api/admin/stores', { headers: { Authorization: `Bearer ${token}`, 'CF-Connecting-IP': ip } });

  it('answers the 11th wrong token in a minute with 429 and Retry-After, refuses even the right one, and not elsewhere', async () => {
    signInThrottles.clock = freshMinute(signInThrottles.clock);
    const ip = uniqueAddress();
    for (let i = 0; i < 10; i++) expect((await withToken(`wrong-${i}`, ip)).status).toBe(401);
    const refused = await withToken('wrong-again', ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: expect.stringContaining('Too many wrong admin tokens'),
      details: { window: 'minute', limit: 10, retry_after: retryAfter },
    });
    // Blocked means the token is not even judged: a right guess now would teach nothing.
    expect((await withToken(ADMIN_TOKEN, ip)).status).toBe(429);
    expect((await withToken(ADMIN_TOKEN, uniqueAddress())).status).toBe(200);
  });

  it('does not count right tokens, and shares the budget with the sign-in form', async () => {
    signInThrottles.clock = freshMinute(signInThrottles.clock);
    const ip = uniqueAddress();
    for (let i = 0; i < 20; i++) expect((await withToken(ADMIN_TOKEN, ip)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await withToken('wrong', ip)).status).toBe(401);
    expect((await call('/admin/login', form({ token: 'wrong' }, { 'CF-Connecting-IP': ip }))).status).toBe(401);

    const page = await call('/admin/login', form({ token: ADMIN_TOKEN }, { 'CF-Connecting-IP': ip }));
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(await page.text()).toMatch(/Too many wrong tokens were tried from your network\. Wait \d+ seconds/);
    expect((await call('/admin/login', form({ token: ADMIN_TOKEN }, { 'CF-Connecting-IP': uniqueAddress() }))).status).toBe(303);
  });
});
