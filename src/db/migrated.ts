import { allShards, shardBinding } from './shards';

/**
 * The last file of migrations/ this code was written against (test/scripts/migrate.test.ts keeps it so). A shard
 * has every migration once it has this one: `wrangler d1 migrations apply` applies them in order, each file whole or
 * not at all, and records each in `d1_migrations`.
 */
export const LATEST_MIGRATION = '0021_store_moves.sql';

/**
 * Shards this isolate found migrated: each is checked once per isolate, as a shard never goes back. Plain numbers,
 * added once a request's own read has arrived; a shard found behind is not held, so it is read again until migrated.
 */
const migrated = new Set<number>();

async function hasLatest(db: D1Database | D1DatabaseSession): Promise<boolean> {
  try {
    return (await db.prepare('SELECT 1 AS one FROM d1_migrations WHERE name = ?').bind(LATEST_MIGRATION).first()) !== null;
  } catch {
    // No d1_migrations table: a database never migrated.
    return false;
  }
}

/**
 * The shards behind this code's migrations (none once each was found migrated: no I/O then). Read from a replica
 * first, then the primary on a miss, like a version (docs/architecture.md, "The cold path"): a replica that has the
 * row is right, and one that lacks it yet is told apart by the primary.
 */
export async function unmigratedShards(env: Env): Promise<number[]> {
  const unknown = allShards(env).filter((shard) => !migrated.has(shard));
  if (unknown.length === 0) return [];
  const behind = await Promise.all(
    unknown.map(async (shard) => {
      const binding = shardBinding(env, shard);
      const ok = (await hasLatest(binding.withSession('first-unconstrained'))) || (await hasLatest(binding));
      if (ok) migrated.add(shard);
      return ok ? [] : [shard];
    }),
  );
  return behind.flat();
}

/** Forgets which shards were found migrated, so the next request checks them all again (tests). */
export function forgetMigrated(): void {
  migrated.clear();
}
