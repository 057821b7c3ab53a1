import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { type Permission, PLANS } from '../api/permissions';
import { QUOTE_STATUSES } from '../api/quote-limits';
import type { DiagnosticJson } from '../api/validate';
import { DELIVERY_STATUSES, EVENT_TYPES, type EventType } from '../api/webhooks';
import type { LineDiscount, PricedItem, QuoteCustomer, QuoteDiscount } from '../quotes/shapes';
import type { DocumentSnapshot } from '../store-profiles/shapes';

// Timestamps are Unix milliseconds; migrations/ holds the same tables as SQL for `wrangler d1 migrations apply`.

export const stores = sqliteTable('stores', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan', { enum: PLANS }).notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  /** The shard holding the store's rows: read in shard 0, the directory (src/db/client.ts, `storeDatabase`). */
  shard: integer('shard').notNull().default(0),
});

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    permissions: text('permissions', { mode: 'json' }).$type<Permission[]>().notNull(),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
    /** The customer group the key prices for; null: retail (migrations/0018_markets.sql). */
    customerGroup: text('customer_group'),
    /** The markets the key may use; null: all. */
    markets: text('markets', { mode: 'json' }).$type<string[]>(),
  },
  (t) => [index('api_keys_store').on(t.storeId)],
);

export const products = sqliteTable(
  'products',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    currentVersion: integer('current_version').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.externalId] })],
);

export const productVersions = sqliteTable(
  'product_versions',
  {
    storeId: text('store_id').notNull(),
    externalId: text('external_id').notNull(),
    version: integer('version').notNull(),
    contentHash: text('content_hash').notNull(),
    /** The schema's source; its first part when it is larger than one D1 value (src/db/parts.ts). */
    source: text('source').notNull(),
    /** How many parts the source has; the others are in product_version_source_parts. */
    sourceParts: integer('source_parts').notNull().default(1),
    /**
     * The compiled ProductIR as JSON (src/lang/ir-json.ts): requests instantiate it, never re-parse the source. Its
     * first part when it is larger than one D1 value; the others are in product_version_parts.
     */
    compiled: text('compiled').notNull(),
    /** How many parts the compiled form has (1: all of it is in `compiled`). */
    compiledParts: integer('compiled_parts').notNull().default(1),
    /** The version's warnings as the admin API serves them. */
    warnings: text('warnings', { mode: 'json' }).$type<DiagnosticJson[]>().notNull().default(sql`'[]'`),
    createdAt: integer('created_at').notNull(),
    /** The author's note on what changed, given when the version was published or saved. */
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.externalId, t.version] })],
);

/** A table of parts 1, 2, … of a version's text larger than one D1 value (part 0 is in product_versions). */
const versionParts = <Name extends string>(name: Name) =>
  sqliteTable(
    name,
    {
      storeId: text('store_id').notNull(),
      externalId: text('external_id').notNull(),
      version: integer('version').notNull(),
      part: integer('part').notNull(),
      data: text('data').notNull(),
    },
    (t) => [primaryKey({ columns: [t.storeId, t.externalId, t.version, t.part] })],
  );

/** Parts of a compiled form (part 0 is product_versions.compiled). */
export const productVersionParts = versionParts('product_version_parts');

/** Parts of a version's source (part 0 is product_versions.source). */
export const productVersionSourceParts = versionParts('product_version_source_parts');

/** One work-in-progress source per product; it may precede the product's first version. */
export const productDrafts = sqliteTable(
  'product_drafts',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    externalId: text('external_id').notNull(),
    /** The draft's source; its first part when it is larger than one D1 value (src/db/parts.ts). */
    source: text('source').notNull(),
    /** How many parts the source has; the others are in product_draft_parts. */
    sourceParts: integer('source_parts').notNull().default(1),
    /** The version the draft started from; null for a product not yet published. */
    baseVersion: integer('base_version'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.externalId] })],
);

/** Parts 1, 2, … of a draft's source larger than one D1 value (part 0 is product_drafts.source). */
export const productDraftParts = sqliteTable(
  'product_draft_parts',
  {
    storeId: text('store_id').notNull(),
    externalId: text('external_id').notNull(),
    part: integer('part').notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.externalId, t.part] })],
);

/** The last quote number given out per store and year (migrations/0004_quotes.sql). */
export const quoteCounters = sqliteTable(
  'quote_counters',
  {
    storeId: text('store_id').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.year] })],
);

export const quoteSettings = sqliteTable('quote_settings', {
  storeId: text('store_id').primaryKey(),
  approvalThresholdBp: integer('approval_threshold_bp'),
});

export const quotes = sqliteTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    /** 1, or the revised quote's + 1 under the same number (migrations/0010_revisions_line_discounts.sql). */
    revision: integer('revision').notNull(),
    revises: text('revises'),
    supersededBy: text('superseded_by'),
    status: text('status', { enum: QUOTE_STATUSES }).notNull(),
    version: integer('version').notNull(),
    currency: text('currency').notNull(),
    minorUnits: integer('minor_units').notNull(),
    language: text('language').notNull(),
    customer: text('customer', { mode: 'json' }).$type<QuoteCustomer>().notNull(),
    notes: text('notes'),
    validUntil: integer('valid_until').notNull(),
    discount: text('discount', { mode: 'json' }).$type<QuoteDiscount>(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    lineDiscountMinor: integer('line_discount_minor').notNull(),
    approvedDiscountMinor: integer('approved_discount_minor'),
    approvedSubtotalMinor: integer('approved_subtotal_minor'),
    shareTokenHash: text('share_token_hash'),
    statusTokenHash: text('status_token_hash'),
    idempotencyKey: text('idempotency_key'),
    idempotencyHash: text('idempotency_hash'),
    createdBy: text('created_by').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    sentAt: integer('sent_at'),
    decidedAt: integer('decided_at'),
    /** The store's profile and tax as they were when the quote was sent (migrations/0008_store_profiles.sql). */
    document: text('document', { mode: 'json' }).$type<DocumentSnapshot>(),
    /** Created by a storefront's quote:request key: a buyer's request; and when the desk first opened it (0017). */
    requested: integer('requested', { mode: 'boolean' }).notNull().default(false),
    openedAt: integer('opened_at'),
    /** What priced it: the market (null: none), customer group, price list and its version (null: the model's; 0019). */
    market: text('market'),
    customerGroup: text('customer_group').notNull().default('retail'),
    priceList: text('price_list'),
    priceListVersion: integer('price_list_version'),
  },
  // The store overview's covering indexes (migrations/0015_insights_indexes.sql, src/quotes/service/insights.ts).
  (t) => [
    index('quotes_store_created_figures').on(
      t.storeId,
      t.createdAt,
      t.currency,
      t.status,
      t.sentAt,
      t.subtotalMinor,
      t.lineDiscountMinor,
      t.discountMinor,
      t.totalMinor,
      t.id,
    ),
    index('quotes_store_decided').on(t.storeId, t.decidedAt, t.currency, t.status, t.totalMinor, t.sentAt),
    index('quotes_store_open').on(t.storeId, t.status, t.validUntil, t.currency, t.totalMinor, t.requested),
  ],
);

/** A quote as a `quote:request` key's create made it, which a retry of that create answers (migrations/0007). */
export const quoteReplays = sqliteTable('quote_replays', {
  quoteId: text('quote_id').primaryKey(),
  quote: text('quote').notNull(),
});

// Migration 0015 adds created_at and currency (the quote's) to items, with the index quote_items_store_created, for
// the store overview's figures (src/quotes/service/insights.ts, which reads them in SQL). Triggers keep them equal to
// the quote's on every insert, so no write here names them and no read here needs them.
export const quoteItems = sqliteTable('quote_items', {
  id: text('id').primaryKey(),
  quoteId: text('quote_id').notNull(),
  /** The quote's store, so that a store's items are read without its quotes (migrations/0013_quote_items_store.sql). */
  storeId: text('store_id').notNull(),
  position: integer('position').notNull(),
  productId: text('product_id').notNull(),
  productVersion: integer('product_version').notNull(),
  contentHash: text('content_hash').notNull(),
  quantity: integer('quantity').notNull(),
  configuration: text('configuration', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  priced: text('priced', { mode: 'json' }).$type<PricedItem>().notNull(),
  totalMinor: integer('total_minor').notNull(),
  discount: text('discount', { mode: 'json' }).$type<LineDiscount>(),
  discountMinor: integer('discount_minor').notNull(),
});

export const quoteHistory = sqliteTable(
  'quote_history',
  {
    quoteId: text('quote_id').notNull(),
    version: integer('version').notNull(),
    at: integer('at').notNull(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.version] })],
);

export const storeProfiles = sqliteTable('store_profiles', {
  storeId: text('store_id').primaryKey(),
  legalName: text('legal_name'),
  address: text('address'),
  logoUrl: text('logo_url'),
  taxId: text('tax_id'),
  terms: text('terms'),
  paymentTerms: text('payment_terms'),
  taxRateBp: integer('tax_rate_bp'),
  prices: text('prices', { enum: ['net', 'gross'] }).notNull(),
  /** A BCP 47 tag (migrations/0012_store_locale.sql); null: the desk's en-GB (docs/backoffice.md, "One locale"). */
  locale: text('locale'),
  updatedAt: integer('updated_at').notNull(),
});

/** A store's webhook endpoints (migrations/0009_webhooks.sql, docs/webhooks.md). */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    url: text('url').notNull(),
    description: text('description'),
    secret: text('secret').notNull(),
    events: text('events', { mode: 'json' }).$type<EventType[]>().notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** Health (migrations/0016_webhook_health.sql): when the current run of failed attempts began; null after a 2xx. */
    failingSince: integer('failing_since'),
    /** The last attempt timed out on the fast lane or took longer than it allows: delivered on the slow lane. */
    slow: integer('slow', { mode: 'boolean' }).notNull().default(false),
    /** Why the endpoint disabled itself (failing for too long); null when enabled or disabled by hand. */
    disabledReason: text('disabled_reason'),
    disabledAt: integer('disabled_at'),
    /** A rotated-out secret, still signing beside the new one until previousSecretExpiresAt. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: integer('previous_secret_expires_at'),
  },
  (t) => [index('webhook_endpoints_store').on(t.storeId)],
);

export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    subject: text('subject').notNull(),
    /** The JSON body every delivery sends; its first part when it is larger than one D1 value (src/db/parts.ts). */
    payload: text('payload').notNull(),
    payloadParts: integer('payload_parts').notNull().default(1),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('webhook_events_expired').on(t.subject).where(sql`type = 'quote.expired'`),
    index('webhook_events_created').on(t.createdAt),
  ],
);

export const webhookEventParts = sqliteTable(
  'webhook_event_parts',
  {
    eventId: text('event_id').notNull(),
    part: integer('part').notNull(),
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.part] })],
);

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id').notNull(),
    eventId: text('event_id').notNull(),
    endpointId: text('endpoint_id').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull(),
    attempts: integer('attempts').notNull(),
    nextRetryAt: integer('next_retry_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** When a send of its queue message succeeded; null until then, and the sweep sends it (src/outbox/service.ts). */
    queuedAt: integer('queued_at'),
  },
  (t) => [
    index('webhook_deliveries_store').on(t.storeId, t.createdAt),
    index('webhook_deliveries_endpoint').on(t.endpointId),
    index('webhook_deliveries_unqueued').on(t.updatedAt).where(sql`queued_at IS NULL`),
    index('webhook_deliveries_event').on(t.eventId),
  ],
);

export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id').notNull(),
    attempt: integer('attempt').notNull(),
    at: integer('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attempt] })],
);

// Markets and price lists (migrations/0018_markets.sql, src/markets/).

export const customerGroups = sqliteTable(
  'customer_groups',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    id: text('id').notNull(),
    name: text('name').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);

export const priceLists = sqliteTable(
  'price_lists',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    id: text('id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    /** ISO dates (YYYY-MM-DD, UTC): in force on days validFrom <= d < validTo; null: open on that side. */
    validFrom: text('valid_from'),
    validTo: text('valid_to'),
    /** The list this one derives from; null: the model's numbers. */
    base: text('base'),
    factor: text('factor').notNull().default('1'),
    rounding: text('rounding').notNull().default('minor'),
    version: integer('version').notNull().default(1),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.id] })],
);

export const priceListEntries = sqliteTable(
  'price_list_entries',
  {
    storeId: text('store_id').notNull(),
    listId: text('list_id').notNull(),
    productId: text('product_id').notNull(),
    priceKey: text('price_key').notNull(),
    /** Integer minor units of the list's currency. */
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.listId, t.productId, t.priceKey] }),
    // A price book's read stays inside one index range (migrations/0022_market_moves.sql).
    index('price_list_entries_book').on(t.storeId, t.listId, t.productId, t.priceKey, t.amount),
  ],
);

/** A product's entries in a list as one JSON object, valid for the list's `version` (migrations/0023_price_list_packs.sql). */
export const priceListPacks = sqliteTable(
  'price_list_packs',
  {
    storeId: text('store_id').notNull(),
    listId: text('list_id').notNull(),
    productId: text('product_id').notNull(),
    version: integer('version').notNull(),
    /** {price_key: amount in minor units}. */
    data: text('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.listId, t.productId] })],
);

export interface PriceListChangeSummary {
  kind: 'created' | 'settings' | 'entries' | 'import';
  /** The settings that changed (kind settings). */
  fields?: string[];
  added: number;
  changed: number;
  removed: number;
  /** The first rows of an entries change: product, price key, old and new amounts as decimal strings. */
  rows: { product: string; price: string; old: string | null; new: string | null }[];
}

export const priceListChanges = sqliteTable(
  'price_list_changes',
  {
    storeId: text('store_id').notNull(),
    listId: text('list_id').notNull(),
    version: integer('version').notNull(),
    at: integer('at').notNull(),
    actor: text('actor').notNull(),
    summary: text('summary', { mode: 'json' }).$type<PriceListChangeSummary>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.listId, t.version] })],
);

export const markets = sqliteTable(
  'markets',
  {
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    id: text('id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    countries: text('countries', { mode: 'json' }).$type<string[]>().notNull(),
    language: text('language'),
    /** Basis points of a percent (810 = 8.1 %); null: no tax. */
    taxRateBp: integer('tax_rate_bp'),
    taxPrices: text('tax_prices', { enum: ['net', 'gross'] }).notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.id] }),
    uniqueIndex('markets_one_default').on(t.storeId).where(sql`is_default = 1`),
  ],
);

export const marketPriceLists = sqliteTable(
  'market_price_lists',
  {
    storeId: text('store_id').notNull(),
    marketId: text('market_id').notNull(),
    groupId: text('group_id').notNull(),
    listId: text('list_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.marketId, t.groupId, t.listId] }),
    index('market_price_lists_list').on(t.storeId, t.listId),
    index('market_price_lists_group').on(t.storeId, t.groupId),
  ],
);
