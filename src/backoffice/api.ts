import type { Context } from 'hono';
import type { BackofficeEnv } from './env';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/**
 * A GET on the admin API, answered in process by the same routes, so that pages show exactly what the JSON API
 * says (same presentation, same errors) without a second copy of its queries. It goes to the admin sub-app, which
 * app.ts hands the backoffice (index.tsx), not through app.ts (which mounts the backoffice), and so skips
 * `requireAdmin`: the page guard has already checked the session.
 */
export async function adminGet<T>(c: Context<BackofficeEnv>, path: string): Promise<ApiAnswer<T>> {
  const request = new Request(new URL(path, c.req.url), { headers: { Accept: 'application/json' } });
  const res = await c.var.adminApi.fetch(request, c.env, c.executionCtx);
  return { status: res.status, body: (await res.json()) as T };
}

/** A POST of {} a page makes as it is shown (a request marked opened), answered like adminGet; its status. */
export async function adminPost(c: Context<BackofficeEnv>, path: string): Promise<number> {
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
  const request = new Request(new URL(path, c.req.url), { method: 'POST', headers, body: '{}' });
  const res = await c.var.adminApi.fetch(request, c.env, c.executionCtx);
  await res.body?.cancel();
  return res.status;
}
