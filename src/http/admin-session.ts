// Backoffice sessions: the cookie carries its own expiry, a random id and an HMAC of both keyed by ADMIN_TOKEN, so
// rotating the token ends every session at once. Signing out records the id as ended in a Durable Object
// (ended-sessions.ts) until the expiry. The CSRF token is an HMAC of the session value, so it needs no storage and
// dies with the session.

/** The cookie's name once the `__Host-` prefix (Secure, Path=/, no Domain) is added. */
export const SESSION_COOKIE = 'cpq_admin';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** The header the backoffice's scripts send on unsafe admin API calls, and the field its HTML forms post. */
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FIELD = '_csrf';

const SESSION_SHAPE = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const encoder = new TextEncoder();

// Distinct message prefixes keep a session MAC from ever being accepted as a CSRF token and vice versa.
const sessionMessage = (expiry: string, id: string) => `cpq-session-v2:${expiry}.${id}`;
const csrfMessage = (session: string) => `cpq-csrf-v1:${session}`;

function base64url(bytes: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

async function sign(secret: string, message: string): Promise<string> {
  return base64url(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(message)));
}

/** subtle.verify compares in constant time, unlike comparing the encoded strings. */
async function verify(secret: string, message: string, mac: string): Promise<boolean> {
  return crypto.subtle.verify('HMAC', await hmacKey(secret), fromBase64url(mac), encoder.encode(message));
}

/**
 * A new session value, `<expiry unix seconds>.<id>.<base64url HMAC-SHA256(secret, expiry and id)>`; the id (16
 * random bytes) tells sessions apart, so that signing out ends only this one.
 */
export async function issueSession(secret: string, nowMs: number = Date.now()): Promise<string> {
  const expiry = String(Math.floor(nowMs / 1000) + SESSION_TTL_SECONDS);
  const id = base64url(crypto.getRandomValues(new Uint8Array(16)).buffer);
  return `${expiry}.${id}.${await sign(secret, sessionMessage(expiry, id))}`;
}

/** A session's id and expiry (Unix seconds), read from a value `verifySession` accepted. */
export interface SessionInfo {
  id: string;
  expiry: number;
}

/** The id and expiry of a value this secret issued that has not expired, else null. An empty secret accepts nothing. */
export async function verifySession(
  secret: string | undefined,
  value: string | undefined,
  nowMs: number = Date.now(),
): Promise<SessionInfo | null> {
  if (!secret || !value) return null;
  const match = SESSION_SHAPE.exec(value);
  if (!match) return null;
  const [, expiry, id, mac] = match as unknown as [string, string, string, string];
  const now = Math.floor(nowMs / 1000);
  const seconds = Number(expiry);
  // A lifetime longer than we ever issue can only come from a forged or foreign value.
  if (seconds <= now || seconds > now + SESSION_TTL_SECONDS) return null;
  return (await verify(secret, sessionMessage(expiry, id), mac)) ? { id, expiry: seconds } : null;
}

/** The CSRF token bound to one session value. */
export function csrfTokenFor(secret: string, session: string): Promise<string> {
  return sign(secret, csrfMessage(session));
}

export async function verifyCsrf(secret: string, session: string, token: string | undefined): Promise<boolean> {
  if (!token || !TOKEN_SHAPE.test(token)) return false;
  return verify(secret, csrfMessage(session), token);
}
