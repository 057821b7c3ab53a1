import type { Context } from 'hono';
import type { BackofficeEnv } from './env';

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

/**
 * A GET on the admin API, answered in-process by the same app, so that pages show exactly what the JSON API
 * says (same presentation, same errors) without a second copy of its queries. The page guard has already
 * checked the session; the call itself authenticates with the token like any other admin client.
 */
export async function adminGet<T>(c: Context<BackofficeEnv>, path: string): Promise<ApiAnswer<T>> {
  // Imported on first use: app.ts mounts the backoffice, so a static import would be circular.
  const { app } = await import('../app');
  const request = new Request(new URL(`/api/admin${path}`, c.req.url), {
    headers: { Authorization: `Bearer ${c.env.ADMIN_TOKEN}`, Accept: 'application/json' },
  });
  const res = await app.fetch(request, c.env, c.executionCtx);
  return { status: res.status, body: (await res.json()) as T };
}
