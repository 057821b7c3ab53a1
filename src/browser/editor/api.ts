// Calls to the admin API from the editor page: the session cookie plus the CSRF token of the page's
// <meta name="csrf-token">, which signing in again (session.ts) replaces. A 401 never navigates away: it asks
// the author to sign in again in place (session.ts) and the caller retries, so no edit is lost.
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
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    const error = 'The service cannot be reached; check your connection. Your changes are kept in this browser.';
    return { status: 0, ok: false, body: { error } as T };
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : {};
  } catch {
    data = { error: `Unexpected answer (${res.status})` };
  }
  return { status: res.status, ok: res.ok, body: data as T };
}

/** The error text of a failed answer. */
export function errorOf(a: Answer<unknown>): string {
  const body = a.body as { error?: unknown } | null;
  return typeof body?.error === 'string' ? body.error : `error ${a.status}`;
}
