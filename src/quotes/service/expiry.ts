import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Database, shardDatabase, storeShard } from '../../db/client';
import { quotes } from '../../db/schema';
import { deliveryIds, handOver, outboxWrites } from '../../outbox/service';
import { quoteEvent } from '../events';
import { findQuote } from './store';

// A sent quote expires by the clock, not by a write (it reads as expired past valid_until): the Worker's cron
// trigger writes each such quote's quote.expired event to the outbox once (a unique index keeps a second out),
// guarded by the quote being still as it was read, and hands it to the queue.

/** How far back a run looks: a quote that expired longer ago (the cron stopped, or the endpoint came later) is not announced. */
const WINDOW_MS = 2 * 86_400_000;
/** Quotes announced per run; more wait for the next run. */
const PER_RUN = 50;

/**
 * Sent quotes whose valid_until passed within WINDOW_MS before `now`, not yet announced as expired, of stores with
 * an enabled endpoint subscribed to quote.expired: at most PER_RUN, the longest expired first.
 */
function unannounced(db: Database, now: number) {
  return db
    .select({ storeId: quotes.storeId, id: quotes.id })
    .from(quotes)
    .where(
      and(
        eq(quotes.status, 'sent'),
        lt(quotes.validUntil, now),
        gt(quotes.validUntil, now - WINDOW_MS),
        sql`EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.store_id = ${quotes.storeId} AND e.enabled = 1
          AND e.events LIKE '%"quote.expired"%')`,
        sql`NOT EXISTS (SELECT 1 FROM webhook_events v WHERE v.subject = ${quotes.id} AND v.type = 'quote.expired')`,
        // A store moving away from this shard (or moved) writes nothing here: its quotes wait for the move's end.
        sql`NOT EXISTS (SELECT 1 FROM store_fences f WHERE f.store_id = ${quotes.storeId})`,
      ),
    )
    .orderBy(asc(quotes.validUntil))
    .limit(PER_RUN)
    .all();
}

/**
 * Writes quote.expired for the shard's quotes that expired since the last run; answers how many it wrote. A quote of
 * a store the directory places in another shard (a moved store's copy left behind) is not this shard's to announce.
 */
export async function announceExpiries(env: Env, shard: number, now = Date.now()): Promise<number> {
  const db = shardDatabase(env, shard);
  let written = 0;
  for (const { storeId, id } of await unannounced(db, now)) {
    if ((await storeShard(env, storeId)) !== shard) continue;
    const loaded = await findQuote(env, storeId, id);
    if (loaded?.status !== 'expired') continue;
    const { version } = loaded.quote;
    // Nothing if the quote changed since it was read (cancelled, revised): the next run reads it again.
    const still = sql`EXISTS (SELECT 1 FROM quotes WHERE id = ${id} AND version = ${version} AND status = 'sent')`;
    const results = await db.batch(outboxWrites(db, quoteEvent('quote.expired', loaded, now), still));
    const ids = deliveryIds(results.at(-1));
    if (ids.length > 0) written++;
    await handOver(env, storeId, ids);
  }
  return written;
}
