import type { Context } from 'hono';
import type { KeyRecord } from './keys/permissions';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** The API key's record once `authenticate` found it; null when no valid key was presented. */
    principal: KeyRecord | null;
  };
}

/** A request context whatever the route's path and validated input: for helpers shared by several handlers. */
export type RequestContext = Context<AppEnv, any, any>;
