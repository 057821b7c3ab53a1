import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/** The primary: every write, and every read that must see the latest writes. */
export function database(env: Env) {
  return drizzle(env.DB, { schema });
}

export type Database = ReturnType<typeof database>;

/**
 * A D1 session that any read replica may answer first ('first-unconstrained', D1's Sessions API), for rows that never
 * change once written (a product version): a replica that has such a row has it right, and one that lacks it yet is
 * told apart by the miss, which the caller then reads from the primary. drizzle's D1 driver calls only `prepare` and
 * `batch`, which a session has like the database itself.
 */
export function replicaDatabase(env: Env): Database {
  return drizzle(env.DB.withSession('first-unconstrained') as unknown as D1Database, { schema });
}
