import type { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * The backoffice's requests carry, once the page guard has passed, the session's CSRF token for its forms, and
 * always the response's style nonce (src/http/security-headers.ts).
 */
export interface BackofficeEnv {
  Bindings: Env;
  Variables: AppEnv['Variables'] & { csrf: string; styleNonce: string; adminApi: AdminApi };
}

/** The admin API's sub-app (src/routes/admin/), as the backoffice's pages call it in process. */
export type AdminApi = Pick<Hono<AppEnv>, 'fetch'>;
