// The admin API from a backoffice page: the session cookie, the page's CSRF token (meta csrf-token) on every
// change, and back to the sign-in page when the session has ended.
import { type ClientAnswer, send } from '../configurator/client';

const csrf = () => document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';

/** A call with a JSON body, or with a text body sent as it is when `type` names its content type (a CSV). */
export async function adminCall(method: string, path: string, body?: unknown, type?: string): Promise<ClientAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['X-CSRF-Token'] = csrf();
  if (body !== undefined) headers['Content-Type'] = type ?? 'application/json';
  // no-cache: the form endpoint allows caching for storefronts, but the author wants the version just saved.
  const answer = await send(path, {
    method,
    headers,
    credentials: 'same-origin',
    cache: 'no-cache',
    body: body === undefined ? null : type ? String(body) : JSON.stringify(body),
  });
  if (answer.status === 401) {
    location.assign(`/admin/login?expired=1&next=${encodeURIComponent(location.pathname + location.search)}`);
  }
  return answer;
}
