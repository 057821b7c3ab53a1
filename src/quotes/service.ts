import { and, asc, desc, eq, exists, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { LIMITS, type QuoteStatus, type StoredStatus } from '../api/quote-limits';
import { versionETag } from '../api/version-etag';
import { database } from '../db/client';
import { quoteCounters, quoteHistory, quoteItems, quoteSettings, quotes } from '../db/schema';
import { ApiError } from '../errors';
import { base64url, sha256Hex } from '../keys/secret';
import { getStore } from '../stores/service';
import { announceTransition } from '../webhooks/announce';
import { type ItemInput, type ItemProblem, type PricedRow, priceItem } from './pricing';
import { EDITABLE, effectiveStatus, type QuoteCustomer, type QuoteDiscount } from './shapes';
import { needsApproval, quoteTotals } from './totals';

// Quotes: their D1 rows (migrations/0004_quotes.sql) and their lifecycle. Every change is one D1 batch that
// writes the items, the totals, the history entry and the new version together, each statement guarded by the
// version the change was computed from, so a change computed from a stale quote writes nothing (optimistic
// concurrency: 412 with If-Match, else computed again). Numbers come from a counter row incremented in the
// batch that inserts the quote, which D1 serialises: no read-then-write across awaits.

export type QuoteRow = typeof quotes.$inferSelect;
export type ItemRow = typeof quoteItems.$inferSelect;
export type HistoryRow = typeof quoteHistory.$inferSelect;

export interface LoadedQuote {
  quote: QuoteRow;
  /** The status a reader sees now: a sent quote past valid_until is expired. */
  status: QuoteStatus;
  items: ItemRow[];
  history: HistoryRow[];
}

/** Who made a change, as the history records it: an API key, the admin, or the buyer through the share link. */
export type Actor = `key:${string}` | 'admin' | 'buyer';

const DAY = 86_400_000;
/**
 * How often a change without If-Match is computed again when another change got in first, each time after a
 * random pause that grows with the attempt, so that a burst of writers to one quote spreads out instead of
 * colliding again (50 concurrent item adds all land within these; test/api/quotes-concurrency.test.ts).
 */
const ATTEMPTS = 40;
const BACKOFF_MS = 8;

const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_MS * Math.min(attempt, 10)));

/**
 * A link token: 32 random bytes (`q_` + 43 base64url characters) and the SHA-256 that is all the database keeps,
 * so a token is shown once, in the answer that made it, like an API key.
 */
async function linkToken(): Promise<{ token: string; hash: string }> {
  const token = `q_${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
  return { token, hash: await sha256Hex(token) };
}

const TOKEN_SHAPE = /^q_[A-Za-z0-9_-]{43}$/;

/** valid_until is a date: the quote holds through the end of that day (UTC). */
export function endOfDay(date: string): number {
  return Date.parse(`${date}T23:59:59.999Z`);
}

function defaultValidUntil(now: number): number {
  return endOfDay(new Date(now + LIMITS.defaultValidityDays * DAY).toISOString().slice(0, 10));
}

function checkValidUntil(validUntil: number, now: number): void {
  if (validUntil < now || validUntil > now + (LIMITS.validityDays + 1) * DAY) {
    throw new ApiError('BAD_REQUEST', `valid_until must be a date from today to ${LIMITS.validityDays} days ahead`, {
      errors: [
        {
          field: 'valid_until',
          code: 'INVALID_VALUE',
          message: `Must be a date from today to ${LIMITS.validityDays} days ahead`,
          location: 'body',
        },
      ],
    });
  }
}

/** Prices every item; any that does not price makes the whole request a 422 naming each such item and its errors. */
async function priceAll(
  env: Env,
  storeId: string,
  inputs: readonly ItemInput[],
  language: string,
  currency: string | null,
  positions: readonly number[] = inputs.map((_, i) => i),
): Promise<PricedRow[]> {
  const results = await Promise.all(inputs.map((input) => priceItem(env, storeId, input, language)));
  const failed = results.flatMap((r, i) => ('errors' in r ? [{ index: positions[i]!, input: inputs[i]!, r }] : []));
  if (failed.length > 0) throw itemsRejected(failed);
  const priced = results as PricedRow[];
  const expected = currency ?? priced[0]?.priced.currency;
  const foreign = priced.findIndex((p) => p.priced.currency !== expected);
  if (foreign >= 0) {
    throw itemsRejected([
      {
        index: positions[foreign]!,
        input: inputs[foreign]!,
        r: {
          errors: [
            {
              code: 'CURRENCY_MISMATCH',
              message: `Priced in ${priced[foreign]!.priced.currency}; this quote is in ${expected}`,
              because: {},
            },
          ],
        },
      },
    ]);
  }
  return priced;
}

function itemsRejected(failed: { index: number; input: ItemInput; r: ItemProblem }[]): ApiError {
  const errors = failed.flatMap(({ index, input, r }) =>
    r.errors.map((issue) => ({ ...issue, item: index, product_id: input.product_id })),
  );
  const first = failed[0]!;
  return new ApiError(
    'VALIDATION_FAILED',
    `Item ${first.index} (${first.input.product_id}) cannot be priced: ${first.r.errors[0]?.message ?? 'invalid'}` +
      (failed.length > 1 ? ` (+${failed.length - 1} more items)` : ''),
    errors.length > 100 ? { errors: errors.slice(0, 100), truncated: { errors: errors.length - 100 } } : { errors },
  );
}

async function approvalThreshold(env: Env, storeId: string): Promise<number | null> {
  const row = await database(env).select().from(quoteSettings).where(eq(quoteSettings.storeId, storeId)).get();
  return row?.approvalThresholdBp ?? null;
}

export async function getQuoteSettings(env: Env, storeId: string): Promise<{ approvalThresholdBp: number | null }> {
  await getStore(env, storeId);
  return { approvalThresholdBp: await approvalThreshold(env, storeId) };
}

export async function setQuoteSettings(env: Env, storeId: string, approvalThresholdBp: number | null) {
  await getStore(env, storeId);
  await database(env)
    .insert(quoteSettings)
    .values({ storeId, approvalThresholdBp })
    .onConflictDoUpdate({ target: quoteSettings.storeId, set: { approvalThresholdBp } });
  return { approvalThresholdBp };
}

/** The columns of an item row that pricing decides. */
const pricedFields = (r: PricedRow) => ({
  productId: r.productId,
  productVersion: r.productVersion,
  contentHash: r.contentHash,
  quantity: r.quantity,
  configuration: r.configuration,
  priced: r.priced,
  totalMinor: r.totalMinor,
});

const itemValues = (quoteId: string, rows: readonly (PricedRow & { id: string })[]) =>
  rows.map((r, position) => ({ id: r.id, quoteId, position, ...pricedFields(r) }));

export interface NewQuote {
  items: ItemInput[];
  customer: QuoteCustomer;
  notes?: string | undefined;
  validUntil?: string | undefined;
  language?: string | undefined;
  idempotency?: { key: string; body: string } | undefined;
}

/**
 * A new draft, numbered Q-<year>-<6 digits> per store: one batch increments the store's counter for the year,
 * inserts the quote numbered from it, its items and its first history entry. When any statement fails (a
 * concurrent create with the same Idempotency-Key), the whole batch rolls back, the number included.
 * Returns the quote, whether this call created it (false: a retry with the same key), and, when it did, the
 * token of the quote's status link (a read-only page of where the request stands, for whoever created it).
 */
export async function createQuote(env: Env, storeId: string, input: NewQuote, actor: Actor) {
  await getStore(env, storeId);
  const idempotencyHash = input.idempotency ? await sha256Hex(input.idempotency.body) : null;
  if (input.idempotency) {
    const earlier = await replayed(env, storeId, input.idempotency.key, idempotencyHash!);
    if (earlier) return { loaded: earlier, created: false, statusToken: null };
  }
  const now = Date.now();
  const validUntil = input.validUntil ? endOfDay(input.validUntil) : defaultValidUntil(now);
  checkValidUntil(validUntil, now);
  const language = input.language ?? 'en';
  const priced = await priceAll(env, storeId, input.items, language, null);
  const first = priced[0]!;
  const minorUnits = first.priced.minor_units;
  const totals = quoteTotals(
    priced.map((p) => p.totalMinor),
    null,
    minorUnits,
  );
  const id = crypto.randomUUID();
  const status = await linkToken();
  const year = new Date(now).getUTCFullYear();
  const db = database(env);
  const counter = sql`(SELECT last FROM quote_counters WHERE store_id = ${storeId} AND year = ${year})`;
  try {
    await db.batch([
      db
        .insert(quoteCounters)
        .values({ storeId, year, last: 1 })
        .onConflictDoUpdate({
          target: [quoteCounters.storeId, quoteCounters.year],
          set: { last: sql`${quoteCounters.last} + 1` },
        }),
      db.insert(quotes).values({
        id,
        storeId,
        year,
        seq: counter,
        number: sql`printf('Q-%d-%06d', ${year}, ${counter})`,
        status: 'draft',
        version: 1,
        currency: first.priced.currency,
        minorUnits,
        language,
        customer: input.customer,
        notes: input.notes ?? null,
        validUntil,
        discount: null,
        ...totals,
        statusTokenHash: status.hash,
        idempotencyKey: input.idempotency?.key ?? null,
        idempotencyHash,
        createdBy: actor,
        createdAt: now,
        updatedAt: now,
      }),
      ...itemValues(
        id,
        priced.map((p) => ({ ...p, id: crypto.randomUUID() })),
      ).map((row) => db.insert(quoteItems).values(row)),
      db
        .insert(quoteHistory)
        .values({ quoteId: id, version: 1, at: now, actor, action: 'created', details: { items: priced.length } }),
    ]);
  } catch (error) {
    // Only a concurrent create with the same key fails here; its quote is the answer, as for any retry.
    const earlier = input.idempotency ? await replayed(env, storeId, input.idempotency.key, idempotencyHash!) : undefined;
    if (earlier) return { loaded: earlier, created: false, statusToken: null };
    throw error;
  }
  return { loaded: (await findQuote(env, storeId, id))!, created: true, statusToken: status.token };
}

async function replayed(env: Env, storeId: string, key: string, hash: string): Promise<LoadedQuote | undefined> {
  const row = await database(env)
    .select({ id: quotes.id, hash: quotes.idempotencyHash })
    .from(quotes)
    .where(and(eq(quotes.storeId, storeId), eq(quotes.idempotencyKey, key)))
    .get();
  if (!row) return undefined;
  if (row.hash !== hash) {
    throw new ApiError('CONFLICT', 'This Idempotency-Key was used for a different request; use a new key for a new quote');
  }
  return findQuote(env, storeId, row.id);
}

async function findQuote(env: Env, storeId: string, id: string): Promise<LoadedQuote | undefined> {
  const db = database(env);
  const [found, items, history] = await db.batch([
    db
      .select()
      .from(quotes)
      .where(and(eq(quotes.id, id), eq(quotes.storeId, storeId))),
    db.select().from(quoteItems).where(eq(quoteItems.quoteId, id)).orderBy(asc(quoteItems.position)),
    db.select().from(quoteHistory).where(eq(quoteHistory.quoteId, id)).orderBy(asc(quoteHistory.version)),
  ]);
  const quote = found[0];
  if (!quote) return undefined;
  return { quote, status: effectiveStatus(quote.status, quote.validUntil, Date.now()), items, history };
}

/** One quote of the store with its items and history; NOT_FOUND for another store's quote, as for an unknown one. */
export async function getQuote(env: Env, storeId: string, id: string): Promise<LoadedQuote> {
  const loaded = await findQuote(env, storeId, id);
  if (!loaded) throw new ApiError('NOT_FOUND', `Quote '${id}' not found`);
  return loaded;
}

export interface ListQuery {
  status?: QuoteStatus | undefined;
  /** The number of the last quote of the previous page. */
  cursor?: string | undefined;
  limit: number;
  /** Part of a number, or of the customer's name, company, email or reference. */
  search?: string | undefined;
}

/** A store's quotes, newest first (by number), a page at a time; `next_cursor` is null on the last page. */
export async function listQuotes(env: Env, storeId: string, query: ListQuery) {
  await getStore(env, storeId);
  const now = Date.now();
  const conditions: (SQL | undefined)[] = [eq(quotes.storeId, storeId)];
  if (query.status === 'expired') conditions.push(and(eq(quotes.status, 'sent'), lt(quotes.validUntil, now)));
  else if (query.status === 'sent') conditions.push(and(eq(quotes.status, 'sent'), sql`${quotes.validUntil} >= ${now}`));
  else if (query.status) conditions.push(eq(quotes.status, query.status));
  if (query.cursor) {
    const m = /^Q-(\d{4})-(\d{6,})$/.exec(query.cursor);
    if (!m) {
      throw new ApiError('BAD_REQUEST', 'Invalid cursor', {
        errors: [{ field: 'cursor', code: 'INVALID_VALUE', message: 'Not a cursor this API gave out', location: 'query' }],
      });
    }
    const [year, seq] = [Number(m[1]), Number(m[2])];
    conditions.push(or(lt(quotes.year, year), and(eq(quotes.year, year), lt(quotes.seq, seq))));
  }
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const matches = (column: SQL | typeof quotes.number) => sql`${column} LIKE ${pattern} ESCAPE '\\'`;
    conditions.push(or(matches(quotes.number), matches(sql`${quotes.customer}`)));
  }
  const rows = await database(env)
    .select()
    .from(quotes)
    .where(and(...conditions))
    .orderBy(desc(quotes.year), desc(quotes.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const counts = page.length
    ? await database(env)
        .select({ quoteId: quoteItems.quoteId, n: sql<number>`count(*)` })
        .from(quoteItems)
        .where(
          inArray(
            quoteItems.quoteId,
            page.map((q) => q.id),
          ),
        )
        .groupBy(quoteItems.quoteId)
    : [];
  const itemCount = new Map(counts.map((c) => [c.quoteId, c.n]));
  return {
    quotes: page.map((quote) => ({
      quote,
      status: effectiveStatus(quote.status, quote.validUntil, now),
      itemCount: itemCount.get(quote.id) ?? 0,
    })),
    nextCursor: rows.length > query.limit ? page.at(-1)!.number : null,
  };
}

/** What one change does to a quote: its history entry, the columns it sets, and, when items change, all of them. */
interface Change {
  action: string;
  details: Record<string, unknown>;
  set: Partial<Pick<QuoteRow, 'status' | 'customer' | 'notes' | 'validUntil' | 'discount' | 'sentAt' | 'decidedAt'>> &
    Partial<Pick<QuoteRow, 'shareTokenHash' | 'statusTokenHash' | 'approvedDiscountMinor' | 'approvedSubtotalMinor'>>;
  /** Items written (an id the quote has is replaced in place, a new one added last) and removed. */
  items?: { put: (PricedRow & { id: string })[]; remove: string[] };
}

/** An edit of a draft: totals and the need for approval follow from its items and discount. */
function editable(loaded: LoadedQuote, what: string): void {
  if (!EDITABLE.includes(loaded.quote.status)) {
    throw new ApiError('ILLEGAL_TRANSITION', `Quote ${loaded.quote.number} is ${loaded.status}: only a draft can ${what}`, {
      details: { status: loaded.status },
    });
  }
}

/**
 * Computes a change from the quote as it is and writes it in one batch guarded by that version. With `ifMatch`,
 * a quote whose version differs (before or during) is PRECONDITION_FAILED; without, the change is computed again
 * from the newer quote.
 */
async function change(
  env: Env,
  storeId: string,
  id: string,
  actor: Actor,
  ifMatch: number | undefined,
  /** Gets the store's approval threshold too, read once per request; null: nothing to change, the quote stays as it is. */
  plan: (loaded: LoadedQuote, threshold: number | null) => Promise<Change | null> | Change | null,
  /** The quote as the caller just read it, for the first attempt. */
  read?: LoadedQuote,
): Promise<LoadedQuote> {
  const threshold = await approvalThreshold(env, storeId);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (attempt > 0) await pause(attempt);
    const loaded = attempt === 0 && read ? read : await getQuote(env, storeId, id);
    if (ifMatch !== undefined && loaded.quote.version !== ifMatch) throw stale(loaded.quote.number, loaded.quote.version);
    const planned = await plan(loaded, threshold);
    if (planned === null) return loaded;
    const outcome = await write(env, loaded, planned, actor, threshold);
    if (outcome.written) return announceTransition(env, loaded, await getQuote(env, storeId, id));
    if (ifMatch !== undefined) throw stale(loaded.quote.number, outcome.version);
  }
  throw new ApiError('CONFLICT', `Quote '${id}' is being changed by others; try again`);
}

function stale(number: string, version: number): ApiError {
  return new ApiError(
    'PRECONDITION_FAILED',
    `Quote ${number} has changed (it is at version ${version}); read it again and retry`,
    { details: { version } },
    { ETag: versionETag(version) },
  );
}

/** The batch of one change: not written when another change got in first; `version` is the quote's after it. */
async function write(
  env: Env,
  loaded: LoadedQuote,
  planned: Change,
  actor: Actor,
  threshold: number | null,
): Promise<{ written: boolean; version: number }> {
  const { quote } = loaded;
  const db = database(env);
  const now = Date.now();
  const set: Change['set'] & Partial<QuoteRow> = { ...planned.set };
  const put = new Map(planned.items?.put.map((i) => [i.id, i]));
  const removed = new Set(planned.items?.remove);
  const existing = new Set(loaded.items.map((i) => i.id));
  const after = [
    ...loaded.items.filter((i) => !removed.has(i.id)).map((i) => put.get(i.id) ?? i),
    ...[...put.values()].filter((i) => !existing.has(i.id)),
  ];
  const itemTotals = after.map((i) => i.totalMinor);
  if (EDITABLE.includes(quote.status) && (planned.set.status === undefined || EDITABLE.includes(planned.set.status))) {
    const discount = planned.set.discount !== undefined ? planned.set.discount : quote.discount;
    const totals = quoteTotals(itemTotals, discount, quote.minorUnits);
    const approved = {
      discountMinor: planned.set.approvedDiscountMinor ?? quote.approvedDiscountMinor,
      subtotalMinor: planned.set.approvedSubtotalMinor ?? quote.approvedSubtotalMinor,
    };
    Object.assign(set, totals, { status: needsApproval(totals, threshold, approved) ? 'pending_approval' : 'draft' });
  }
  // Each statement inserts from, or deletes where, the quote still is at the version the change was computed from.
  const unchanged = and(eq(quotes.id, quote.id), eq(quotes.version, quote.version));
  const constant = <T>(value: T, name: string) => sql<T>`${value}`.as(name);
  const history = db.insert(quoteHistory).select(
    db
      .select({
        quoteId: quotes.id,
        version: constant(quote.version + 1, 'version'),
        at: constant(now, 'at'),
        actor: constant(actor, 'actor'),
        action: constant(planned.action, 'action'),
        details: constant(JSON.stringify(planned.details), 'details'),
      })
      .from(quotes)
      .where(unchanged),
  );
  const guarded = exists(db.select({ one: sql`1` }).from(quotes).where(unchanged));
  let next = Math.max(-1, ...loaded.items.map((i) => i.position)) + 1;
  const items = [
    ...[...removed].map((itemId) =>
      db.delete(quoteItems).where(and(eq(quoteItems.id, itemId), eq(quoteItems.quoteId, quote.id), guarded)),
    ),
    ...[...put.values()].map((r) => {
      if (existing.has(r.id)) {
        return db
          .update(quoteItems)
          .set(pricedFields(r))
          .where(and(eq(quoteItems.id, r.id), eq(quoteItems.quoteId, quote.id), guarded));
      }
      return db.insert(quoteItems).select(
        db
          .select({
            id: constant(r.id, 'id'),
            quoteId: quotes.id,
            position: constant(next++, 'position'),
            productId: constant(r.productId, 'product_id'),
            productVersion: constant(r.productVersion, 'product_version'),
            contentHash: constant(r.contentHash, 'content_hash'),
            quantity: constant(r.quantity, 'quantity'),
            configuration: constant(JSON.stringify(r.configuration), 'configuration'),
            priced: constant(JSON.stringify(r.priced), 'priced'),
            totalMinor: constant(r.totalMinor, 'total_minor'),
          })
          .from(quotes)
          .where(unchanged),
      );
    }),
  ];
  // Last: every statement above reads the version this one moves on.
  const update = db
    .update(quotes)
    .set({ ...set, version: sql`${quotes.version} + 1`, updatedAt: now })
    .where(unchanged)
    .returning({ version: quotes.version });
  const current = db.select({ version: quotes.version }).from(quotes).where(eq(quotes.id, quote.id));
  const results = await db.batch([history, ...items, update, current]);
  const written = (results.at(-2) as unknown[]).length === 1;
  return { written, version: (results.at(-1) as { version: number }[])[0]?.version ?? quote.version };
}

export interface QuotePatch {
  customer?: QuoteCustomer | undefined;
  notes?: string | null | undefined;
  discount?: QuoteDiscount | null | undefined;
  validUntil?: string | undefined;
}

/** Edits a draft's customer, notes, discount or validity. */
export function updateQuote(env: Env, storeId: string, id: string, actor: Actor, ifMatch: number | undefined, patch: QuotePatch) {
  return change(env, storeId, id, actor, ifMatch, (loaded) => {
    editable(loaded, 'be edited');
    const set: Change['set'] = {};
    if (patch.customer !== undefined) set.customer = patch.customer;
    if (patch.notes !== undefined) set.notes = patch.notes;
    if (patch.discount !== undefined) set.discount = patch.discount;
    if (patch.validUntil !== undefined) {
      set.validUntil = endOfDay(patch.validUntil);
      checkValidUntil(set.validUntil, Date.now());
    }
    return {
      action: 'updated',
      details: { fields: Object.keys(patch).filter((k) => patch[k as keyof QuotePatch] !== undefined) },
      set,
    };
  });
}

function itemOf(loaded: LoadedQuote, itemId: string): number {
  const index = loaded.items.findIndex((i) => i.id === itemId);
  if (index < 0) throw new ApiError('NOT_FOUND', `Quote ${loaded.quote.number} has no item '${itemId}'`);
  return index;
}

/**
 * An item priced for a quote, before the change that adds or replaces it: pricing depends only on the quote's
 * language and currency, which never change, so a change computed again after a conflict does not price again.
 */
async function pricedFor(
  env: Env,
  storeId: string,
  id: string,
  ifMatch: number | undefined,
  input: ItemInput,
  position?: (q: LoadedQuote) => number,
) {
  const read = await getQuote(env, storeId, id);
  if (ifMatch !== undefined && read.quote.version !== ifMatch) throw stale(read.quote.number, read.quote.version);
  editable(read, 'be edited');
  const at = position ? position(read) : read.items.length;
  const [priced] = await priceAll(env, storeId, [input], read.quote.language, read.quote.currency, [at]);
  return { priced: priced!, read };
}

/** Adds a priced item to a draft (at most LIMITS.items); answers the quote and the new item's id. */
export async function addItem(
  env: Env,
  storeId: string,
  id: string,
  actor: Actor,
  ifMatch: number | undefined,
  input: ItemInput,
) {
  const itemId = crypto.randomUUID();
  const { priced, read } = await pricedFor(env, storeId, id, ifMatch, input);
  const loaded = await change(
    env,
    storeId,
    id,
    actor,
    ifMatch,
    (q) => {
      editable(q, 'be edited');
      if (q.items.length >= LIMITS.items) {
        throw new ApiError('CONFLICT', `A quote holds at most ${LIMITS.items} items`, { details: { max_items: LIMITS.items } });
      }
      return {
        action: 'item_added',
        details: { item_id: itemId, product_id: input.product_id },
        set: {},
        items: { put: [{ ...priced, id: itemId }], remove: [] },
      };
    },
    read,
  );
  return { loaded, itemId };
}

/** Replaces one item of a draft with a newly priced one, keeping its id and position. */
export async function replaceItem(
  env: Env,
  storeId: string,
  id: string,
  itemId: string,
  actor: Actor,
  ifMatch: number | undefined,
  input: ItemInput,
) {
  const { priced, read } = await pricedFor(env, storeId, id, ifMatch, input, (q) => itemOf(q, itemId));
  return change(
    env,
    storeId,
    id,
    actor,
    ifMatch,
    (q) => {
      editable(q, 'be edited');
      itemOf(q, itemId);
      const items = { put: [{ ...priced, id: itemId }], remove: [] };
      return { action: 'item_replaced', details: { item_id: itemId, product_id: input.product_id }, set: {}, items };
    },
    read,
  );
}

export function removeItem(env: Env, storeId: string, id: string, itemId: string, actor: Actor, ifMatch: number | undefined) {
  return change(env, storeId, id, actor, ifMatch, (q) => {
    editable(q, 'be edited');
    const index = itemOf(q, itemId);
    return {
      action: 'item_removed',
      details: { item_id: itemId, product_id: q.items[index]!.productId },
      set: {},
      items: { put: [], remove: [itemId] },
    };
  });
}

export interface RepricedItem {
  item_id: string;
  product_id: string;
  old_version: number;
  new_version: number | null;
  old_price: number;
  new_price: number | null;
  errors: ItemProblem['errors'];
}

/**
 * Moves a draft's items to their products' current versions. Items that no longer price keep their old version
 * and price and are reported with their errors, never dropped; the quote changes only when some item moved.
 */
export async function repriceQuote(env: Env, storeId: string, id: string, actor: Actor, ifMatch: number | undefined) {
  let report: RepricedItem[] = [];
  const loaded = await change(env, storeId, id, actor, ifMatch, async (q) => {
    editable(q, 'be re-priced');
    const fresh = await Promise.all(
      q.items.map((i) =>
        priceItem(
          env,
          storeId,
          { product_id: i.productId, configuration: i.configuration, quantity: i.quantity },
          q.quote.language,
        ),
      ),
    );
    const put: (PricedRow & { id: string })[] = [];
    report = q.items.map((old, index) => {
      const r = fresh[index]!;
      const base = {
        item_id: old.id,
        product_id: old.productId,
        old_version: old.productVersion,
        old_price: old.priced.totals.price,
      };
      if ('errors' in r) return { ...base, new_version: null, new_price: null, errors: r.errors };
      if (r.priced.currency !== q.quote.currency) {
        const message = `Now priced in ${r.priced.currency}; this quote is in ${q.quote.currency}`;
        return {
          ...base,
          new_version: r.productVersion,
          new_price: null,
          errors: [{ code: 'CURRENCY_MISMATCH', message, because: {} }],
        };
      }
      put.push({ ...r, id: old.id });
      return { ...base, new_version: r.productVersion, new_price: r.priced.totals.price, errors: [] };
    });
    const changed = report.filter(
      (r) => r.new_version !== null && r.errors.length === 0 && (r.new_version !== r.old_version || r.new_price !== r.old_price),
    );
    return {
      action: 'repriced',
      details: { changed: changed.length, failed: report.filter((r) => r.errors.length > 0).length },
      set: {},
      items: { put, remove: [] },
    };
  });
  return { loaded, report };
}

function illegal(loaded: LoadedQuote, action: string, why = ''): ApiError {
  return new ApiError('ILLEGAL_TRANSITION', `Quote ${loaded.quote.number} is ${loaded.status} and cannot be ${action}${why}`, {
    details: { status: loaded.status },
  });
}

/**
 * Sends a draft: it is frozen from then on, and a new share token lets the buyer open it, accept and reject it.
 * Answers the quote and the token, which is shown this once.
 */
export async function sendQuote(env: Env, storeId: string, id: string, actor: Actor, ifMatch: number | undefined) {
  const { token, hash: shareTokenHash } = await linkToken();
  const loaded = await change(env, storeId, id, actor, ifMatch, (q, threshold) => {
    // The threshold may have been lowered since the draft was last edited: it binds at sending too.
    const { subtotalMinor, discountMinor, totalMinor, approvedDiscountMinor, approvedSubtotalMinor } = q.quote;
    const approved = { discountMinor: approvedDiscountMinor, subtotalMinor: approvedSubtotalMinor };
    const held = needsApproval({ subtotalMinor, discountMinor, totalMinor }, threshold, approved);
    if (q.quote.status === 'pending_approval' || held) throw illegal(q, 'sent', ' until an admin approves its discount');
    if (q.quote.status !== 'draft') throw illegal(q, 'sent');
    if (q.items.length === 0) throw illegal(q, 'sent', ' without items');
    if (q.quote.validUntil < Date.now()) throw illegal(q, 'sent', ': its valid_until has passed');
    return { action: 'sent', details: {}, set: { status: 'sent', sentAt: Date.now(), shareTokenHash } };
  });
  return { loaded, token };
}

const DECISIONS = { accept: 'accepted', reject: 'rejected' } as const;

/**
 * The buyer's answer to a sent quote; an expired quote can be neither accepted nor rejected. Through the share
 * page, `shareTokenHash` is the link's: a link revoked or replaced after the page read the quote decides nothing
 * (NOT_FOUND, as for any dead link).
 */
export function decideQuote(
  env: Env,
  storeId: string,
  id: string,
  actor: Actor,
  ifMatch: number | undefined,
  decision: keyof typeof DECISIONS,
  shareTokenHash?: string,
) {
  const status: StoredStatus = DECISIONS[decision];
  return change(env, storeId, id, actor, ifMatch, (q) => {
    if (shareTokenHash !== undefined && q.quote.shareTokenHash !== shareTokenHash) throw deadLink();
    if (q.status === 'expired') throw illegal(q, status, ': its valid_until has passed');
    if (q.status !== 'sent') throw illegal(q, status);
    return { action: status, details: {}, set: { status, decidedAt: Date.now() } };
  });
}

/** Cancels a quote that is not yet decided; its links stop working. */
export function cancelQuote(env: Env, storeId: string, id: string, actor: Actor, ifMatch: number | undefined, reason?: string) {
  return change(env, storeId, id, actor, ifMatch, (q) => {
    if (!['draft', 'pending_approval', 'sent'].includes(q.quote.status)) throw illegal(q, 'cancelled');
    return {
      action: 'cancelled',
      details: reason ? { reason } : {},
      set: { status: 'cancelled', shareTokenHash: null, statusTokenHash: null },
    };
  });
}

/** Whether any link given out for the quote (share or status) still opens its page. */
export const hasLiveLink = (q: QuoteRow) => q.shareTokenHash !== null || q.statusTokenHash !== null;

/**
 * Ends every link given out for a quote, the share link and the status link: their pages and the share page's
 * Accept and Reject answer 404 from then on. A quote without a live link is answered as it is, unchanged.
 */
export function revokeLinks(env: Env, storeId: string, id: string, actor: Actor, ifMatch: number | undefined) {
  return change(env, storeId, id, actor, ifMatch, (q) => {
    if (!hasLiveLink(q.quote)) return null;
    return {
      action: 'links_revoked',
      details: { share: q.quote.shareTokenHash !== null, status: q.quote.statusTokenHash !== null },
      set: { shareTokenHash: null, statusTokenHash: null },
    };
  });
}

/**
 * A new share link for a quote that was sent (and may since have been accepted, rejected or have expired), say
 * after the first went to the wrong address and was revoked: the previous share link stops working. A draft gets
 * its first by being sent; a cancelled quote none. Answers the quote and the token, shown this once.
 */
export async function reissueShareLink(env: Env, storeId: string, id: string, actor: Actor, ifMatch: number | undefined) {
  const { token, hash } = await linkToken();
  const loaded = await change(env, storeId, id, actor, ifMatch, (q) => {
    if (!['sent', 'accepted', 'rejected'].includes(q.quote.status))
      throw illegal(q, 'shared', ': only a sent quote has a share link');
    return { action: 'share_link_issued', details: { replaced: q.quote.shareTokenHash !== null }, set: { shareTokenHash: hash } };
  });
  return { loaded, token };
}

/** An admin approves the discount of a quote awaiting approval: it becomes a draft that can be sent. */
export function approveDiscount(env: Env, storeId: string, id: string, note?: string) {
  return change(env, storeId, id, 'admin', undefined, (q) => {
    if (q.quote.status !== 'pending_approval') throw illegal(q, 'approved');
    return {
      action: 'discount_approved',
      details: note ? { note } : {},
      set: { approvedDiscountMinor: q.quote.discountMinor, approvedSubtotalMinor: q.quote.subtotalMinor },
    };
  });
}

/** An admin declines the discount, with a note: it is removed and the quote is a draft again. */
export function declineDiscount(env: Env, storeId: string, id: string, note: string) {
  return change(env, storeId, id, 'admin', undefined, (q) => {
    if (q.quote.status !== 'pending_approval') throw illegal(q, 'declined');
    return { action: 'discount_declined', details: { note, discount: q.quote.discount }, set: { discount: null } };
  });
}

const deadLink = () => new ApiError('NOT_FOUND', 'Not found');

/** What a link opens: a share link the offer with Accept and Reject, a status link a read-only page of the request. */
export interface SharedQuote {
  loaded: LoadedQuote;
  kind: 'share' | 'status';
  /** The token's hash, which a decision through the page must still find on the quote. */
  hash: string;
}

/** The quote a link's token opens, or undefined: an unknown token, a revoked or replaced one, or a cancelled quote's. */
export async function findSharedQuote(env: Env, token: string): Promise<SharedQuote | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const hash = await sha256Hex(token);
  const row = await database(env)
    .select({ id: quotes.id, storeId: quotes.storeId, share: quotes.shareTokenHash })
    .from(quotes)
    .where(or(eq(quotes.shareTokenHash, hash), eq(quotes.statusTokenHash, hash)))
    .get();
  const loaded = row ? await findQuote(env, row.storeId, row.id) : undefined;
  return loaded && { loaded, kind: row!.share === hash ? 'share' : 'status', hash };
}
