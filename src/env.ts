import type { KeyRecord } from './keys/permissions';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    /** The API key's record once `authenticate` found it; null when no valid key was presented. */
    principal: KeyRecord | null;
  };
}
