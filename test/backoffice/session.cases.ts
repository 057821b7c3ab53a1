import { describe, expect, it } from 'vitest';
import { csrfTokenFor, issueSession, SESSION_TTL_SECONDS, verifyCsrf, verifySession } from '../../src/http/admin-session';

const SECRET = 'a-long-admin-token';
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe('session values', () => {
  it('are <expiry>.<id>.<mac> and verify under the same secret until they expire', async () => {
    const value = await issueSession(SECRET, NOW);
    expect(value).toMatch(/^\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    const [expiry, id] = value.split('.') as [string, string];
    expect(Number(expiry)).toBe(NOW / 1000 + SESSION_TTL_SECONDS);
    expect(await verifySession(SECRET, value, NOW)).toEqual({ id, expiry: NOW / 1000 + SESSION_TTL_SECONDS });
    expect(await verifySession(SECRET, value, NOW + (SESSION_TTL_SECONDS - 1) * 1000)).not.toBeNull();
    expect(await verifySession(SECRET, value, NOW + SESSION_TTL_SECONDS * 1000)).toBeNull();
  });

  it('issued in the same second are still distinct sessions', async () => {
    const [a, b] = await Promise.all([issueSession(SECRET, NOW), issueSession(SECRET, NOW)]);
    expect(a).not.toBe(b);
    expect((await verifySession(SECRET, a, NOW))?.id).not.toBe((await verifySession(SECRET, b, NOW))?.id);
  });

  it('stop verifying when the admin token rotates', async () => {
    const value = await issueSession(SECRET, NOW);
    expect(await verifySession('the-next-admin-token', value, NOW)).toBeNull();
  });

  it('refuse a changed expiry, id or mac', async () => {
    const value = await issueSession(SECRET, NOW);
    const [expiry, id, mac] = value.split('.') as [string, string, string];
    const flip = (text: string) => (text[0] === 'A' ? `B${text.slice(1)}` : `A${text.slice(1)}`);
    expect(await verifySession(SECRET, `${Number(expiry) - 60}.${id}.${mac}`, NOW)).toBeNull();
    expect(await verifySession(SECRET, `${expiry}.${flip(id)}.${mac}`, NOW)).toBeNull();
    expect(await verifySession(SECRET, `${expiry}.${id}.${flip(mac)}`, NOW)).toBeNull();
  });

  it('refuse a lifetime longer than one session, even when signed', async () => {
    const fromTheFuture = await issueSession(SECRET, NOW + 24 * 3600 * 1000);
    expect(await verifySession(SECRET, fromTheFuture, NOW)).toBeNull();
  });

  it.each([
    [undefined],
    [''],
    ['abc'],
    ['123.'],
    ['.abc'],
    ['1.2.3'],
    [`1700000000.${'A'.repeat(43)}`],
    [`${'9'.repeat(13)}.${'A'.repeat(22)}.${'A'.repeat(43)}`],
    [`1700000000.${'A'.repeat(22)}.${'A'.repeat(42)}!`],
  ])('refuse the malformed value %j', async (value) => {
    expect(await verifySession(SECRET, value, NOW)).toBeNull();
  });

  it('accept nothing when no secret is configured', async () => {
    const value = await issueSession(SECRET, NOW);
    expect(await verifySession(undefined, value, NOW)).toBeNull();
    expect(await verifySession('', value, NOW)).toBeNull();
  });
});

describe('CSRF tokens', () => {
  it('are bound to one session', async () => {
    const session = await issueSession(SECRET, NOW);
    const other = await issueSession(SECRET, NOW + 1000);
    const token = await csrfTokenFor(SECRET, session);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyCsrf(SECRET, session, token)).toBe(true);
    expect(await verifyCsrf(SECRET, other, token)).toBe(false);
    expect(await verifyCsrf('another-secret', session, token)).toBe(false);
  });

  it('are not interchangeable with the session mac', async () => {
    const session = await issueSession(SECRET, NOW);
    expect(await verifyCsrf(SECRET, session, session.split('.')[2])).toBe(false);
  });

  it.each([[undefined], [''], ['short'], ['x'.repeat(43)]])('refuse %j', async (token) => {
    const session = await issueSession(SECRET, NOW);
    expect(await verifyCsrf(SECRET, session, token)).toBe(false);
  });
});
