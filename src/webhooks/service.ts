import { and, asc, desc, eq, gt, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type DeliveryStatus, type EventType, WEBHOOK_LIMITS } from '../api/webhooks';
import { inChunks } from '../db/chunks';
import { shardDatabase, storeDatabase, storeShard } from '../db/client';
import { joinParts } from '../db/parts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEventParts, webhookEvents } from '../db/schema';
import { ApiError } from '../errors';
import { handOver } from '../outbox/service';
import { getStore } from '../stores/service';
import { newSecret } from './signature';

// Webhooks' D1 rows (migrations/0009_webhooks.sql) and the queue they feed (docs/webhooks.md): the endpoints, the
// delivery log, replays and what the consumer reads and records. Events and their deliveries are written by the
// changes they report, through the outbox (src/outbox/service.ts); each endpoint subscribed to an event's type has
// a delivery row and a queue message carrying only the delivery's id (a message holds at most 128 KB, a payload
// more), so a retry and a replay send what was stored. One message per endpoint rather than one per event: each
// endpoint is retried on its own schedule, and a failing endpoint never makes a healthy one receive an event twice.

export type Endpoint = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

const newId = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '')}`;

export async function createEndpoint(
  env: Env,
  storeId: string,
  input: { url: string; events: EventType[]; description?: string | undefined; enabled?: boolean | undefined },
): Promise<Endpoint> {
  await getStore(env, storeId);
  const now = Date.now();
  const row: Endpoint = {
    id: newId('we'),
    storeId,
    url: input.url,
    description: input.description ?? null,
    secret: newSecret(),
    events: [...new Set(input.events)],
    enabled: input.enabled ?? true,
    createdAt: now,
    updatedAt: now,
    failingSince: null,
    slow: false,
    disabledReason: null,
    disabledAt: null,
    previousSecret: null,
    previousSecretExpiresAt: null,
  };
  // Counted in the statement that inserts, so concurrent creates cannot pass the cap together.
  const inserted = await (await storeDatabase(env, storeId)).run(sql`
    INSERT INTO webhook_endpoints (id, store_id, url, description, secret, events, enabled, created_at, updated_at)
    SELECT ${row.id}, ${storeId}, ${row.url}, ${row.description}, ${row.secret}, ${JSON.stringify(row.events)},
      ${row.enabled ? 1 : 0}, ${now}, ${now}
    WHERE (SELECT COUNT(*) FROM webhook_endpoints WHERE store_id = ${storeId}) < ${WEBHOOK_LIMITS.endpoints}`);
  if (inserted.meta.changes !== 1) {
    throw new ApiError('CONFLICT', `Store '${storeId}' has ${WEBHOOK_LIMITS.endpoints} webhook endpoints, the most it may have`, {
      details: { max: WEBHOOK_LIMITS.endpoints },
    });
  }
  return row;
}

export async function listEndpoints(env: Env, storeId: string): Promise<Endpoint[]> {
  await getStore(env, storeId);
  return (await storeDatabase(env, storeId))
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.storeId, storeId))
    .orderBy(asc(webhookEndpoints.createdAt))
    .all();
}

const endpointKey = (storeId: string, id: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.storeId, storeId));
const noEndpoint = (id: string) => new ApiError('NOT_FOUND', `Webhook endpoint '${id}' not found`);

export async function updateEndpoint(
  env: Env,
  storeId: string,
  id: string,
  patch: Partial<Pick<Endpoint, 'url' | 'events' | 'description' | 'enabled'>>,
): Promise<Endpoint> {
  // Enabling an endpoint starts its health afresh: the reason it was disabled no longer holds.
  const fresh = patch.enabled === true ? { failingSince: null, slow: false, disabledReason: null, disabledAt: null } : {};
  const set = { ...patch, ...fresh, ...(patch.events ? { events: [...new Set(patch.events)] } : {}), updatedAt: Date.now() };
  const row = await (await storeDatabase(env, storeId))
    .update(webhookEndpoints)
    .set(set)
    .where(endpointKey(storeId, id))
    .returning()
    .get();
  if (!row) throw noEndpoint(id);
  return row;
}

/**
 * A new signing secret; the old one keeps signing beside it (a second v1 in Cpq-Signature) for `overlapMs`, so a
 * receiver can switch without refusing a delivery. The log is kept.
 */
export async function rotateSecret(env: Env, storeId: string, id: string, overlapMs: number): Promise<Endpoint> {
  const now = Date.now();
  const row = await (await storeDatabase(env, storeId))
    .update(webhookEndpoints)
    .set({
      secret: newSecret(),
      previousSecret: overlapMs > 0 ? sql`${webhookEndpoints.secret}` : null,
      previousSecretExpiresAt: overlapMs > 0 ? now + overlapMs : null,
      updatedAt: now,
    })
    .where(endpointKey(storeId, id))
    .returning()
    .get();
  if (!row) throw noEndpoint(id);
  return row;
}

export async function getEndpoint(env: Env, storeId: string, id: string): Promise<Endpoint> {
  const row = await (await storeDatabase(env, storeId)).select().from(webhookEndpoints).where(endpointKey(storeId, id)).get();
  if (!row) throw noEndpoint(id);
  return row;
}

/** Removes an endpoint and its delivery log; its queued messages find no delivery and are dropped. */
export async function deleteEndpoint(env: Env, storeId: string, id: string): Promise<void> {
  const db = await storeDatabase(env, storeId);
  const ofEndpoint = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.storeId, storeId)));
  const [, , removed] = await db.batch([
    db.delete(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ofEndpoint)),
    db.delete(webhookDeliveries).where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.storeId, storeId))),
    db.delete(webhookEndpoints).where(endpointKey(storeId, id)).returning({ id: webhookEndpoints.id }),
  ]);
  if (removed.length === 0) throw noEndpoint(id);
}

export interface DeliveryView extends DeliveryRow {
  eventType: EventType;
  url: string;
  log: AttemptRow[];
}

const cursorOf = (d: DeliveryRow) => `${d.createdAt}.${d.id}`;

/** A store's deliveries, newest first, a page at a time, each with its latest attempts. */
export async function listDeliveries(
  env: Env,
  storeId: string,
  query: { webhookId?: string | undefined; status?: DeliveryStatus | undefined; limit: number; cursor?: string | undefined },
): Promise<{ deliveries: DeliveryView[]; nextCursor: string | null }> {
  await getStore(env, storeId);
  const conditions: (SQL | undefined)[] = [eq(webhookDeliveries.storeId, storeId)];
  if (query.webhookId) conditions.push(eq(webhookDeliveries.endpointId, query.webhookId));
  if (query.status) conditions.push(eq(webhookDeliveries.status, query.status));
  if (query.cursor) {
    const [at, id] = [Number(query.cursor.split('.')[0]), query.cursor.split('.')[1] ?? ''];
    if (!Number.isSafeInteger(at)) throw new ApiError('BAD_REQUEST', "Invalid query field 'cursor': not a cursor this list gave");
    conditions.push(
      or(lt(webhookDeliveries.createdAt, at), and(eq(webhookDeliveries.createdAt, at), lt(webhookDeliveries.id, id))),
    );
  }
  const rows = await deliveryRows(env, storeId, and(...conditions), query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { deliveries: page, nextCursor: rows.length > query.limit ? cursorOf(page.at(-1)!) : null };
}

async function deliveryRows(env: Env, storeId: string, where: SQL | undefined, limit: number): Promise<DeliveryView[]> {
  const db = await storeDatabase(env, storeId);
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type, url: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
    .all();
  if (rows.length === 0) return [];
  // Attempts are numbered 1, 2, … per delivery: the latest few are those above its count less the cap. The ids
  // go in slices: a page of 100 with the cap is 101 parameters, past D1's bound.
  const attempts = await inChunks(
    rows.map((r) => r.delivery.id),
    1,
    (ids) =>
      db
        .select({ attempt: webhookAttempts })
        .from(webhookAttempts)
        .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
        .where(
          and(
            inArray(webhookAttempts.deliveryId, ids),
            gt(webhookAttempts.attempt, sql`${webhookDeliveries.attempts} - ${WEBHOOK_LIMITS.attemptsShown}`),
          ),
        )
        .orderBy(asc(webhookAttempts.attempt))
        .all(),
  );
  const log = new Map<string, AttemptRow[]>();
  for (const { attempt } of attempts) {
    const list = log.get(attempt.deliveryId);
    if (list) list.push(attempt);
    else log.set(attempt.deliveryId, [attempt]);
  }
  return rows.map((r) => ({ ...r.delivery, eventType: r.eventType, url: r.url, log: log.get(r.delivery.id) ?? [] }));
}

export async function getDelivery(env: Env, storeId: string, id: string): Promise<DeliveryView> {
  const [found] = await deliveryRows(env, storeId, and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.storeId, storeId)), 1);
  if (!found) throw new ApiError('NOT_FOUND', `Webhook delivery '${id}' not found`);
  return found;
}

/**
 * Sends a delivery again, whatever became of it: its event's stored payload, signed anew, with a fresh retry budget.
 * Marked not queued until its message is handed over, so the sweep sends it if that fails.
 */
export async function replayDelivery(env: Env, storeId: string, id: string): Promise<DeliveryView> {
  const found = await getDelivery(env, storeId, id);
  const endpoint = await (await storeDatabase(env, storeId))
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, found.endpointId))
    .get();
  if (!endpoint?.enabled) {
    throw new ApiError('CONFLICT', `Webhook endpoint '${found.endpointId}' is disabled: enable it to replay its deliveries`);
  }
  await (await storeDatabase(env, storeId))
    .update(webhookDeliveries)
    .set({ status: 'queued', nextRetryAt: null, queuedAt: null, updatedAt: Date.now() })
    .where(eq(webhookDeliveries.id, id));
  await handOver(env, storeId, [id]);
  return getDelivery(env, storeId, id);
}

/**
 * Where a queue message's delivery is: its store's shard, or shard 0 for a message sent before shards, which names
 * no store (DeliveryMessage.store) and whose delivery, like every row then, is in shard 0.
 */
const deliveryDatabase = (env: Env, store: string | undefined) =>
  store === undefined ? Promise.resolve(shardDatabase(env, 0)) : storeDatabase(env, store);

/** What the consumer needs to make an attempt: undefined when the delivery is gone (its endpoint was deleted). */
export async function deliveryTarget(env: Env, store: string | undefined, id: string) {
  const db = await deliveryDatabase(env, store);
  const row = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, id))
    .get();
  if (!row) return undefined;
  const { event } = row;
  const parts =
    event.payloadParts > 1
      ? await db
          .select({ data: webhookEventParts.data })
          .from(webhookEventParts)
          .where(eq(webhookEventParts.eventId, event.id))
          .orderBy(asc(webhookEventParts.part))
          .all()
      : [];
  return { delivery: row.delivery, endpoint: row.endpoint, event, body: joinParts(event.payload, parts) };
}

export interface AttemptOutcome {
  at: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** An endpoint's health after an attempt (src/webhooks/delivery.ts decides it). */
export interface Health {
  endpointId: string;
  failingSince: number | null;
  slow: boolean;
  /** Set when this failure disables the endpoint. */
  disabledReason: string | null;
}

/**
 * Logs one attempt, the delivery's new state and its endpoint's health (disabling it when `health` says so),
 * numbering the attempt in the statement that counts it.
 */
export async function recordAttempt(
  env: Env,
  store: string | undefined,
  id: string,
  outcome: AttemptOutcome,
  state: { status: DeliveryStatus; nextRetryAt: number | null },
  health: Health,
): Promise<void> {
  const db = await deliveryDatabase(env, store);
  const error = outcome.error?.slice(0, WEBHOOK_LIMITS.errorChars) ?? null;
  await db.batch([
    db
      .update(webhookDeliveries)
      .set({ ...state, attempts: sql`${webhookDeliveries.attempts} + 1`, updatedAt: outcome.at })
      .where(eq(webhookDeliveries.id, id)),
    db.insert(webhookAttempts).select(
      db
        .select({
          deliveryId: webhookDeliveries.id,
          attempt: webhookDeliveries.attempts,
          at: sql<number>`${outcome.at}`.as('at'),
          statusCode: sql<number | null>`${outcome.statusCode}`.as('status_code'),
          durationMs: sql<number>`${outcome.durationMs}`.as('duration_ms'),
          error: sql<string | null>`${error}`.as('error'),
        })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, id)),
    ),
    db
      .update(webhookEndpoints)
      .set({
        // The earliest failure of the run wins over attempts of the same endpoint that ran beside this one.
        failingSince:
          health.failingSince === null ? null : sql`COALESCE(${webhookEndpoints.failingSince}, ${health.failingSince})`,
        slow: health.slow,
        ...(health.disabledReason ? { enabled: false, disabledReason: health.disabledReason, disabledAt: outcome.at } : {}),
      })
      .where(eq(webhookEndpoints.id, health.endpointId)),
  ]);
}

/**
 * A delivery's state without an attempt: skipped (endpoint disabled) or failed (the dead-letter queue's verdict). A
 * delivery already delivered stays so: the dead letter was a duplicate message's (docs/webhooks.md, "Delivery").
 */
export async function settleDelivery(
  env: Env,
  store: string | undefined,
  id: string,
  status: 'skipped' | 'failed',
): Promise<void> {
  await (await deliveryDatabase(env, store))
    .update(webhookDeliveries)
    .set({ status, nextRetryAt: null, updatedAt: Date.now() })
    .where(and(eq(webhookDeliveries.id, id), ne(webhookDeliveries.status, 'delivered')));
}

/** Rounds of looking for the stores whose oldest events a shard holds for a move (below): one a store met. */
const FOREIGN_ROUNDS = 4;

/**
 * Deletes the shard's oldest `limit` events created before `before`, with their deliveries, attempts and parts;
 * answers how many. Only the events of stores the directory places in this shard: a store moving away from it (or
 * moved) is fenced here, its rows the move's to copy or delete (the fence refuses their deletion, which would undo
 * the whole batch); a store moving into it is not yet fenced anywhere here, and its copy must read back as the move
 * wrote it (src/shards/service/move.ts, verifying), as must what a failed move left, which the next one clears.
 */
export async function deleteEventsBefore(env: Env, shard: number, before: number, limit: number): Promise<number> {
  const db = shardDatabase(env, shard);
  const oldestOf = (stores: SQL) => sql`SELECT id FROM webhook_events WHERE created_at < ${before}
    AND store_id NOT IN (SELECT store_id FROM store_fences) AND ${stores} ORDER BY created_at LIMIT ${limit}`;
  // Stores moving in are few (the moves under way and failed), so a few rounds find those the oldest events belong to.
  const foreign: string[] = [];
  let homed: string[] = [];
  for (let round = 0; round < FOREIGN_ROUNDS; round++) {
    const notForeign = sql`store_id NOT IN (SELECT value FROM json_each(${JSON.stringify(foreign)}))`;
    const stores = await db.all<{ store_id: string }>(
      sql`SELECT DISTINCT store_id FROM webhook_events WHERE id IN (${oldestOf(notForeign)})`,
    );
    const shards = await Promise.all(stores.map((s) => storeShard(env, s.store_id)));
    homed = stores.filter((_, i) => shards[i] === shard).map((s) => s.store_id);
    const elsewhere = stores.filter((_, i) => shards[i] !== shard).map((s) => s.store_id);
    if (elsewhere.length === 0) break;
    foreign.push(...elsewhere);
  }
  if (homed.length === 0) return 0;
  // Named stores only: a store whose move into this shard starts meanwhile is not among them.
  const oldest = oldestOf(sql`store_id IN (SELECT value FROM json_each(${JSON.stringify(homed)}))`);
  // One batch, one transaction: every statement sees the same oldest events, the events themselves go last.
  const [, , , events] = await db.batch([
    db
      .delete(webhookAttempts)
      .where(sql`${webhookAttempts.deliveryId} IN (SELECT id FROM webhook_deliveries WHERE event_id IN (${oldest}))`),
    db.delete(webhookDeliveries).where(sql`${webhookDeliveries.eventId} IN (${oldest})`),
    db.delete(webhookEventParts).where(sql`${webhookEventParts.eventId} IN (${oldest})`),
    db.delete(webhookEvents).where(sql`${webhookEvents.id} IN (${oldest})`).returning({ id: webhookEvents.id }),
  ]);
  return events.length;
}
