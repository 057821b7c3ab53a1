import { and, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { EventType } from '../api/webhooks';
import { type Database, shardDatabase, storeDatabase, storeShard } from '../db/client';
import { textParts } from '../db/parts';
import { stores, webhookDeliveries, webhookEndpoints, webhookEventParts, webhookEvents } from '../db/schema';

// The outbox (docs/webhooks.md, "Emission"): an event and its deliveries are rows written in the same D1 batch as
// the change they report, so a change is never written without its event, nor an event without its change. Handing
// a delivery to the queue is a second step that may fail (the isolate dies, the queue refuses): each delivery row
// keeps `queued_at` null until a send of its message succeeded, and the cron's sweep sends again every delivery
// still null after a short delay. The domain services (quotes, products) build their events here and never import
// the webhook module, which reads these rows to deliver them.

/** What a queue message of `cpq-webhooks` carries: the delivery's id only (a payload may exceed a message's 128 KB). */
export interface DeliveryMessage {
  delivery: string;
  /** The delivery's store, whose shard holds it; absent from messages sent before shards (their rows are in shard 0). */
  store?: string;
  /** Attempts already made on the other lane before the message moved (src/webhooks/delivery.ts). */
  tries?: number;
}

/** Variables a development Worker may set (never in wrangler.toml): see docs/webhooks.md, "Local development". */
interface OutboxDevVars {
  WEBHOOKS_SWEEP_AFTER_SECONDS?: string;
}

export interface OutboxEvent {
  id: string;
  storeId: string;
  type: EventType;
  /** The quote's or the product's id: what the event is about. */
  subject: string;
  /** Grows with each event of one subject (docs/webhooks.md, "Order"); `fill`'s token when the batch decides it. */
  sequence: number | string;
  at: number;
  data: Record<string, unknown>;
}

/**
 * A value of the event that only its batch decides (a new quote's number, a product's new version): the event is
 * built with `token`, a string no input can hold, where the value goes, and the batch writes `value` there.
 */
export interface Fill {
  token: string;
  value: SQL;
}

export const newEventId = () => `evt_${crypto.randomUUID().replaceAll('-', '')}`;

/** A token for `Fill`: random, so no text a client sent can contain it. */
export const fillToken = () => `fill_${crypto.randomUUID()}`;

/** The body every delivery of the event sends. */
const bodyOf = (e: OutboxEvent) =>
  JSON.stringify({
    id: e.id,
    type: e.type,
    sequence: e.sequence,
    created_at: new Date(e.at).toISOString(),
    store_id: e.storeId,
    data: e.data,
  });

/** The enabled endpoints of the event's store subscribed to its type. */
const subscribed = (e: OutboxEvent) =>
  and(
    eq(webhookEndpoints.storeId, e.storeId),
    eq(webhookEndpoints.enabled, true),
    sql`EXISTS (SELECT 1 FROM json_each(${webhookEndpoints.events}) WHERE value = ${e.type})`,
  );

/** A value selected as a column of the row an INSERT … SELECT writes. */
const as = (value: unknown, column: string) => sql`${value}`.as(column);

/**
 * The statements that write an event, its payload's parts and one delivery per enabled endpoint subscribed to it,
 * for the batch of the change it reports: nothing unless `when` holds as the batch runs (the change was written)
 * and some endpoint is subscribed. The event is stored once per id and, for quote.expired, once per quote (a
 * unique index). The last statement answers the deliveries' ids (`deliveryIds`).
 */
export function outboxWrites(db: Database, event: OutboxEvent, when: SQL, fill?: Fill): Batch {
  const [first, ...rest] = textParts(bodyOf(event));
  const token = fill && JSON.stringify(fill.token);
  // The filled value comes early in the body (its first part), so the token is never cut between two parts.
  if (token && !first!.includes(token)) throw new Error("An event's filled value must lie in its first part");
  const payload = token ? sql`replace(${first}, ${token}, json_quote(${fill!.value}))` : sql`${first}`;
  const anySubscribed = exists(db.select({ one: sql`1` }).from(webhookEndpoints).where(subscribed(event)));
  const stored = eq(webhookEvents.id, event.id);
  return [
    db
      .insert(webhookEvents)
      .select(
        db
          .select({
            id: as(event.id, 'id'),
            storeId: as(event.storeId, 'store_id'),
            type: as(event.type, 'type'),
            subject: as(event.subject, 'subject'),
            payload: payload.as('payload'),
            payloadParts: as(rest.length + 1, 'payload_parts'),
            createdAt: as(event.at, 'created_at'),
          })
          .from(stores)
          .where(and(eq(stores.id, event.storeId), when, anySubscribed)),
      )
      .onConflictDoNothing(),
    ...rest.map((data, i) =>
      db.insert(webhookEventParts).select(
        db
          .select({ eventId: webhookEvents.id, part: as(i + 1, 'part'), data: as(data, 'data') })
          .from(webhookEvents)
          .where(stored),
      ),
    ),
    db
      .insert(webhookDeliveries)
      .select(
        db
          .select({
            id: sql`'whd_' || lower(hex(randomblob(16)))`.as('id'),
            storeId: webhookEndpoints.storeId,
            eventId: as(event.id, 'event_id'),
            endpointId: webhookEndpoints.id,
            status: as('queued', 'status'),
            attempts: as(0, 'attempts'),
            nextRetryAt: as(null, 'next_retry_at'),
            createdAt: as(event.at, 'created_at'),
            updatedAt: as(event.at, 'updated_at'),
            queuedAt: as(null, 'queued_at'),
          })
          .from(webhookEndpoints)
          .where(and(subscribed(event), exists(db.select({ one: sql`1` }).from(webhookEvents).where(stored)))),
      )
      .returning({ id: webhookDeliveries.id }),
  ];
}

/** D1 statements for one batch, as drizzle's `batch` takes them. */
type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/** The deliveries' ids from the batch result of `outboxWrites`' last statement. */
export const deliveryIds = (result: unknown) => (result as { id: string }[]).map((r) => r.id);

/** Messages per `sendBatch`: Queues' own cap. */
const SEND_BATCH = 100;

/**
 * Hands deliveries to the queue and marks them queued, a hundred at a time. A failure is logged, not thrown: the
 * change they report is written, and the sweep sends what was not marked. Answers how many were marked.
 */
export async function handOver(env: Env, storeId: string, ids: readonly string[]): Promise<number> {
  let marked = 0;
  for (let i = 0; i < ids.length; i += SEND_BATCH) {
    const chunk = ids.slice(i, i + SEND_BATCH);
    try {
      await env.WEBHOOKS.sendBatch(chunk.map((delivery) => ({ body: { delivery, store: storeId } satisfies DeliveryMessage })));
      // One bound parameter for the list, whatever its length (D1 binds at most 100).
      await (await storeDatabase(env, storeId)).run(sql`UPDATE webhook_deliveries SET queued_at = ${Date.now()}
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(chunk)})) AND queued_at IS NULL`);
      marked += chunk.length;
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'handing webhook deliveries to the queue failed',
          deliveries: chunk.length,
          error: String(error),
        }),
      );
    }
  }
  return marked;
}

/** A delivery not marked queued this long after it was written (or replayed) is sent again by the sweep. */
const SWEEP_AFTER_SECONDS = 30;
/** Deliveries a sweep sends at most, oldest first; more wait for the next run (every minute). */
export const SWEEP_PER_RUN = 500;

/**
 * The cron's sweep: every delivery whose message was never marked queued (its send failed, or the request ended
 * before it) `WEBHOOKS_SWEEP_AFTER_SECONDS` (30) after it was last written, oldest first, at most SWEEP_PER_RUN.
 * At least once: a send that succeeded but was not marked is sent again, and the consumer drops a message of a
 * delivery already settled. One shard's deliveries a call; those of a store the directory places in another shard
 * (a moved store's copy left behind) are not its to send. Answers how many were found and how many handed over.
 */
export async function sweepOutbox(env: Env, shard: number, now = Date.now()): Promise<{ found: number; queued: number }> {
  const after = Number((env as Env & OutboxDevVars).WEBHOOKS_SWEEP_AFTER_SECONDS ?? SWEEP_AFTER_SECONDS);
  const due = await shardDatabase(env, shard).all<{ id: string; store_id: string }>(sql`SELECT id, store_id
    FROM webhook_deliveries WHERE queued_at IS NULL AND updated_at <= ${now - after * 1000}
    ORDER BY updated_at LIMIT ${SWEEP_PER_RUN}`);
  const byStore = new Map<string, string[]>();
  for (const d of due) byStore.set(d.store_id, [...(byStore.get(d.store_id) ?? []), d.id]);
  let queued = 0;
  for (const [storeId, deliveries] of byStore) {
    if ((await storeShard(env, storeId)) !== shard) continue;
    queued += await handOver(env, storeId, deliveries);
  }
  return { found: due.length, queued };
}
