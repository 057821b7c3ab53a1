import { describe, expect, it } from 'vitest';
import { issueSession } from '../../src/http/admin-session';
import { ADMIN_TOKEN, call, jsonInit, uniqueId } from '../helpers';
import { signIn } from './sign-in';

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

    const wrong = await call('/api/admin/stores', jsonInit('POST', storeBody(), { Cookie: cookie, 'X-CSRF-Token': 'A'.repeat(43) }));
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
