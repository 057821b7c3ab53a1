import type { Context } from 'hono';
import { type ApiAnswer, adminGet } from './api';
import type { BackofficeEnv } from './env';

/** A page asked for something the admin API does not have; the backoffice answers with its 404 page. */
export class PageNotFound extends Error {}

/**
 * The admin API's answer to a GET. A 404, or a 400 for an id that cannot exist, is PageNotFound; any other
 * failure is a bug and throws.
 */
export async function load<T>(c: Context<BackofficeEnv>, path: string): Promise<T> {
  return loaded(path, await adminGet<T & { error?: string }>(c, path));
}

/** load's reading of an answer already in hand (a page that handles some failures itself first). */
export function loaded<T>(path: string, { status, body }: ApiAnswer<T & { error?: string }>): T {
  if (status === 404 || status === 400) throw new PageNotFound(body.error ?? 'Not found');
  if (status !== 200) throw new Error(`GET /api/admin${path} answered ${status}: ${body.error ?? ''}`);
  return body;
}

export const enc = encodeURIComponent;
