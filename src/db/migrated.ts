import { allShards, shardBinding } from './shards';

/**
 * Every file of migrations/ this code was written against, in order (test/scripts/migrate.test.ts keeps the list
 * equal to the folder: a new migration is a new line here). A shard serves once `d1_migrations` names each of them:
 * a name rather than the latest alone, as a migration numbered below one already applied (merged later) is applied
 * after it.
 */
export const MIGRATIONS = [
  '0001_init.sql',
  '0002_drafts_and_notes.sql',
  '0003_compiled_parts.sql',
  '0004_quotes.sql',
  '0005_quote_status_links.sql',
  '0006_source_parts.sql',
  '0007_quote_idempotency_scope.sql',
  '0008_store_profiles.sql',
  '0009_webhooks.sql',
  '0010_revisions_line_discounts.sql',
  '0011_quote_list_filters.sql',
  '0012_store_locale.sql',
  '0013_quote_items_store.sql',
  '0014_webhook_outbox.sql',
  '0015_insights_indexes.sql',
  '0016_webhook_health.sql',
  '0017_quote_requests.sql',
  '0018_markets.sql',
  '0019_quote_markets.sql',
  '0020_store_shards.sql',
  '0021_store_moves.sql',
  '0022_market_moves.sql',
  '0023_price_list_packs.sql',
] as const;

/**
 * Shards this isolate found migrated: each is checked once per isolate, as a shard never goes back. Plain numbers,
 * added once a request's own read has arrived; a shard found behind is not held, so it is read again until migrated.
 */
const migrated = new Set<number>();

/** The migrations the database lacks (every one when it has no `d1_migrations`: never migrated). */
async function missing(db: D1Database | D1DatabaseSession): Promise<string[]> {
  try {
    const applied = new Set(
      (await db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>()).results.map((r) => r.name),
    );
    return MIGRATIONS.filter((name) => !applied.has(name));
  } catch {
    return [...MIGRATIONS];
  }
}

/**
 * The shards behind this code's migrations, with the migrations each lacks (none once each was found migrated: no
 * I/O then). Read from a replica first, then the primary when the replica lacks any, like a version (docs/architecture.md,
 * "The cold path"): a replica that has them all is right, and one behind is told apart by the primary.
 */
export async function unmigratedShards(env: Env): Promise<{ shard: number; missing: string[] }[]> {
  const unknown = allShards(env).filter((shard) => !migrated.has(shard));
  if (unknown.length === 0) return [];
  const behind = await Promise.all(
    unknown.map(async (shard) => {
      const binding = shardBinding(env, shard);
      const fromReplica = await missing(binding.withSession('first-unconstrained'));
      const lacking = fromReplica.length === 0 ? fromReplica : await missing(binding);
      if (lacking.length === 0) migrated.add(shard);
      return lacking.length === 0 ? [] : [{ shard, missing: lacking }];
    }),
  );
  return behind.flat();
}

/** Forgets which shards were found migrated, so the next request checks them all again (tests). */
export function forgetMigrated(): void {
  migrated.clear();
}
