import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { csrfTokenFor, issueSession, SESSION_COOKIE, SESSION_TTL_SECONDS, verifySession } from './admin-session';

/** The request's session value when it is valid, else null. */
export async function currentSession<E extends { Bindings: Env }>(c: Context<E>): Promise<string | null> {
  const value = getCookie(c, SESSION_COOKIE, 'host');
  return (await verifySession(c.env.ADMIN_TOKEN, value)) ? value! : null;
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

export function endSession<E extends { Bindings: Env }>(c: Context<E>): void {
  deleteCookie(c, SESSION_COOKIE, { prefix: 'host', httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
}

export function csrfToken<E extends { Bindings: Env }>(c: Context<E>, session: string): Promise<string> {
  return csrfTokenFor(c.env.ADMIN_TOKEN, session);
}
