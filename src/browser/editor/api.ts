// Calls to the admin API from the editor page: the session cookie plus the CSRF token of the page's
// <meta name="csrf-token">, which signing in again (session.ts) replaces. Unlike the other pages' adminCall
// (shared/admin-api.ts), a 401 never navigates away: the caller asks the author to sign in again in place
// (session.ts) and retries, so no edit is lost.
import { send } from '../configurator/client';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  ok: boolean;
  body: T;
}

export function csrfToken(): string {
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}

export async function call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken();
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = { method, headers, credentials: 'same-origin', cache: 'no-cache' };
  if (body !== undefined) init.body = JSON.stringify(body);
  const answer = await send(path, init);
  const fallback =
    answer.status === 0
      ? { error: 'The service cannot be reached; check your connection. Your changes are kept in this browser.' }
      : {};
  return { status: answer.status, ok: answer.status >= 200 && answer.status < 300, body: (answer.body ?? fallback) as T };
}

/** The error text of a failed answer. */
export function errorOf(a: Answer<unknown>): string {
  const body = a.body as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : `error ${a.status}`;
}
