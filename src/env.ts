import type { Context } from 'hono';
import type { KeyRecord } from './api/permissions';
import type { ReadAhead } from './configurator/loaded-ahead';
import type { Verdict } from './keys/verify';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** What `authenticate` found the presented key to be; null when none was presented. */
    verdict: Verdict | null;
    /** The API key's record once `authenticate` verified it; null when no valid key was presented. */
    principal: KeyRecord | null;
    /** The product a keyed request names, loaded while its key check waited (src/configurator/read-ahead.ts). */
    readAhead?: Promise<ReadAhead | undefined>;
    /**
     * Who an admin request acts as, for the history it writes: `admin token`, or `session <id prefix>` for a
     * backoffice session (set by requireAdmin; absent in process, where the backoffice's page guard checked it).
     */
    adminActor?: string;
    /** On backoffice pages: the nonce their CSP allows <style> elements by (src/http/security-headers.ts). */
    styleNonce?: string;
  };
}

/** A request context whatever the route's path and validated input: for helpers shared by several handlers. */
// biome-ignore lint/suspicious/noExplicitAny: hono's Context is generic in path and input; a shared helper takes any of them.
export type RequestContext = Context<AppEnv, any, any>;
