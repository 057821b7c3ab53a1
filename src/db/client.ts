import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

export function database(env: Env) {
  return drizzle(env.DB, { schema });
}

export type Database = ReturnType<typeof database>;

/** Timestamps are stored as Unix milliseconds and served as ISO 8601. */
export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
