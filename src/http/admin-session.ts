// Backoffice sessions without server state (Workers share no memory): the cookie carries its own expiry and an
// HMAC of it keyed by ADMIN_TOKEN, so rotating the token ends every session at once. The CSRF token is an HMAC
// of the session value, so it needs no storage either and dies with the session.

/** The cookie's name once the `__Host-` prefix (Secure, Path=/, no Domain) is added. */
export const SESSION_COOKIE = 'cpq_admin';
export const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** The header the backoffice's scripts send on unsafe admin API calls, and the field its HTML forms post. */
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_FIELD = '_csrf';

const SESSION_SHAPE = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const encoder = new TextEncoder();

// Distinct message prefixes keep a session MAC from ever being accepted as a CSRF token and vice versa.
const sessionMessage = (expiry: string) => `cpq-session-v1:${expiry}`;
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

/** A new session value, `<expiry unix seconds>.<base64url HMAC-SHA256(secret, expiry)>`. */
export async function issueSession(secret: string, nowMs: number = Date.now()): Promise<string> {
  const expiry = String(Math.floor(nowMs / 1000) + SESSION_TTL_SECONDS);
  return `${expiry}.${await sign(secret, sessionMessage(expiry))}`;
}

/** True for a value this secret issued that has not expired. An empty secret accepts nothing. */
export async function verifySession(secret: string | undefined, value: string | undefined, nowMs: number = Date.now()): Promise<boolean> {
  if (!secret || !value) return false;
  const match = SESSION_SHAPE.exec(value);
  if (!match) return false;
  const expiry = match[1]!;
  const now = Math.floor(nowMs / 1000);
  const seconds = Number(expiry);
  // A lifetime longer than we ever issue can only come from a forged or foreign value.
  if (seconds <= now || seconds > now + SESSION_TTL_SECONDS) return false;
  return verify(secret, sessionMessage(expiry), match[2]!);
}

/** The CSRF token bound to one session value. */
export function csrfTokenFor(secret: string, session: string): Promise<string> {
  return sign(secret, csrfMessage(session));
}

export async function verifyCsrf(secret: string, session: string, token: string | undefined): Promise<boolean> {
  if (!token || !TOKEN_SHAPE.test(token)) return false;
  return verify(secret, csrfMessage(session), token);
}
