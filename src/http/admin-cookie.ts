import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ApiError } from '../errors';
import {
  csrfTokenFor,
  issueSession,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  type SessionInfo,
  verifySession,
} from './admin-session';
import { endedSessions } from './ended-sessions';

/** The cookie's session when this secret issued it, it has not expired and it was not signed out of. */
async function liveSession<E extends { Bindings: Env }>(c: Context<E>): Promise<{ value: string; info: SessionInfo } | null> {
  const value = getCookie(c, SESSION_COOKIE, 'host');
  const info = await verifySession(c.env.ADMIN_TOKEN, value);
  if (!info || !value) return null;
  let ended: boolean;
  try {
    ended = await endedSessions(c.env).isEnded(info.id);
  } catch (err) {
    // Fails closed: a signed-out cookie must not come back during an outage; the admin token still works.
    console.error(JSON.stringify({ level: 'error', message: 'ended sessions unavailable', error: String(err) }));
    throw new ApiError('SERVICE_UNAVAILABLE', 'Backoffice sessions cannot be checked right now; retry, or use the admin token');
  }
  return ended ? null : { value, info };
}

/** The request's session value when it is valid, else null. */
export async function currentSession<E extends { Bindings: Env }>(c: Context<E>): Promise<string | null> {
  return (await liveSession(c))?.value ?? null;
}

/** Signs in: a fresh session cookie, valid for SESSION_TTL_SECONDS. */
export async function startSession<E extends { Bindings: Env }>(c: Context<E>): Promise<void> {
  const value = await issueSession(c.env.ADMIN_TOKEN);
  setCookie(c, SESSION_COOKIE, value, {
    prefix: 'host',
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  });
}

/**
 * Signs out of `session` (the value `currentSession` returned, if any): it is ended on the server, so the cookie is
 * refused even where a copy of it is replayed, then the cookie is cleared.
 */
export async function endSession<E extends { Bindings: Env }>(c: Context<E>, session: string | null): Promise<void> {
  const info = session ? await verifySession(c.env.ADMIN_TOKEN, session) : null;
  if (info) await endedSessions(c.env).end(info.id, info.expiry);
  deleteCookie(c, SESSION_COOKIE, { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
}

export function csrfToken<E extends { Bindings: Env }>(c: Context<E>, session: string): Promise<string> {
  return csrfTokenFor(c.env.ADMIN_TOKEN, session);
}
