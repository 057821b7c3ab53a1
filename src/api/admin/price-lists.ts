// The wire shapes of a store's price lists and their entries (admin API, docs/api.md "Markets and price lists").
import { z } from '@hono/zod-openapi';
import { CurrencyCode, Slug } from './markets';
import { ExternalId, StoreParams } from './params';

export const PRICE_LIST_LIMITS = {
  lists: 100,
  /** Entries one list may hold. */
  entries: 100_000,
  /** Rows one PATCH or CSV import may carry. */
  rows: 10_000,
  /** Products one PATCH or CSV import may name (each is checked against its current version's price points). */
  productsPerWrite: 1_000,
  /** Rows of an entries change kept in its history summary. */
  historyRows: 20,
  historyPage: 100,
  /** Rows of a product's grid one answer holds (a matrix of list prices may have 50,000). */
  gridPage: 1_000,
  /** As a CSV cell may hold (src/pricing/csv.ts): a price key holds a map key, which may be long. */
  priceKey: 1_000,
};

const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'An ISO date, YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    message: 'Not a calendar date',
  })
  .openapi({ example: '2027-01-01' });

/** Checked against the list's currency by the service (src/pricing/derive.ts, rounding.ts): 400 naming the field. */
const Factor = z.string().max(20).openapi({ example: '0.7' });
const Rounding = z.string().max(20).openapi({ example: '0.05' });

const listFields = {
  name: z.string().trim().min(1).max(200),
  currency: CurrencyCode,
  valid_from: IsoDate.nullable().default(null).openapi({ description: 'First day in force (UTC); null: always before valid_to' }),
  valid_to: IsoDate.nullable().default(null).openapi({ description: 'First day no longer in force (UTC); null: open-ended' }),
  base: Slug.nullable().default(null).openapi({
    description: "The list this one derives from when it has no entry for a price; null: the model's numbers",
  }),
  factor: Factor.default('1').openapi({
    description: 'What the base amount is multiplied by: a decimal string greater than 0, at most 6 digits each side',
  }),
  rounding: Rounding.default('minor').openapi({
    description:
      "How a derived amount is rounded: minor (the currency's minor unit), a step such as 0.05, 1 or 10 (nearest multiple, half away from zero; a multiple of the minor unit), or an ending .90/.99 (nearest, ties upward)",
  }),
};

export const NewPriceList = z
  .object({ id: Slug, ...listFields })
  .strict()
  .openapi('PriceListInput');

export const PriceListUpdate = z
  .object({
    ...listFields,
    version: z.number().int().positive().optional().openapi({ description: 'The version this edit was made on; 409 when stale' }),
  })
  .strict()
  .openapi('PriceListUpdate');

export const PriceList = z
  .object({
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    base: z.string().nullable(),
    factor: z.string(),
    rounding: z.string(),
    version: z.number().int().openapi({ description: 'Counts every change of settings or entries' }),
    entries: z.number().int().openapi({ description: 'How many explicit entries the list holds' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('PriceList');

export const PriceListList = z.object({ price_lists: z.array(PriceList) });

export const ListParams = StoreParams.extend({
  list_id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'list_id', in: 'path' } }),
});

export const PriceKey = z.string().min(1).max(PRICE_LIST_LIMITS.priceKey);

export const EntryChange = z
  .object({
    product: ExternalId,
    price: PriceKey.openapi({ description: 'A price point key, e.g. colour.cream.price or base_price[900,1000]' }),
    value: z
      .string()
      .max(40)
      .nullable()
      .openapi({ description: "The amount in the list's currency as a decimal string; null removes the entry" }),
  })
  .strict();

export const EntriesPatch = z
  .object({
    version: z.number().int().positive().openapi({ description: 'The version the edit was made on; 409 when stale' }),
    entries: z.array(EntryChange).min(1).max(PRICE_LIST_LIMITS.rows),
  })
  .strict()
  .openapi('PriceListEntriesPatch');

const ListRef = z.object({ id: z.string(), version: z.number().int(), currency: z.string() });

export const EntryRow = z
  .object({
    price: z.string(),
    label: z.string(),
    model: z.string().openapi({ description: "The model's number, in the model's currency" }),
    value: z.string().nullable().openapi({ description: 'The explicit entry; null when none' }),
    effective: z.string().openapi({ description: 'What the list prices it at (the entry, or derived from the base)' }),
    source: z.enum(['entry', 'derived', 'model']),
  })
  .openapi('PriceListEntryRow');

export const ProductEntries = z
  .object({
    list: ListRef,
    product: z.string(),
    product_version: z.number().int(),
    product_currency: z
      .string()
      .openapi({ description: "ISO 4217: the currency of the product's model, which `model` of each row is in", example: 'EUR' }),
    total: z.number().int().openapi({ description: 'How many price points the product has' }),
    rows: z
      .array(EntryRow)
      .openapi({ description: `The price points from offset, at most limit (${PRICE_LIST_LIMITS.gridPage})` }),
    next_offset: z.number().int().nullable().openapi({ description: 'Where the next page starts; null on the last' }),
  })
  .openapi('PriceListEntries');

export const EntriesQuery = z.object({
  product: ExternalId,
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(PRICE_LIST_LIMITS.gridPage).default(PRICE_LIST_LIMITS.gridPage),
});

export const EntriesWritten = z
  .object({ list: ListRef, added: z.number().int(), changed: z.number().int(), removed: z.number().int() })
  .openapi('PriceListEntriesWritten');

export const CsvQuery = z.object({
  product: ExternalId.optional(),
  version: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .openapi({ description: 'As If-Match: the version the file was made on' }),
});

const DiffRow = z.object({
  product: z.string(),
  price: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});

export const DiffQuery = z.object({
  against: z
    .string()
    .max(64)
    .openapi({ description: 'A list id, or in-force: the list in force now where this one is assigned' }),
  product: ExternalId.optional(),
});

export const PriceListDiff = z
  .object({
    list: ListRef,
    against: ListRef,
    counts: z.object({ added: z.number().int(), removed: z.number().int(), changed: z.number().int() }),
    added: z.array(DiffRow),
    removed: z.array(DiffRow),
    changed: z.array(DiffRow),
    truncated: z.record(z.string(), z.number().int()).optional(),
  })
  .openapi('PriceListDiff');

export const Change = z
  .object({
    version: z.number().int(),
    at: z.string(),
    actor: z.string().openapi({ description: 'Who made the change: the admin token, or a backoffice session' }),
    kind: z.enum(['created', 'settings', 'entries', 'import']),
    fields: z.array(z.string()).optional(),
    added: z.number().int(),
    changed: z.number().int(),
    removed: z.number().int(),
    rows: z.array(DiffRow).openapi({ description: `The first ${PRICE_LIST_LIMITS.historyRows} rows changed` }),
  })
  .openapi('PriceListChange');

export const HistoryQuery = z.object({
  before: z.coerce.number().int().positive().optional().openapi({ description: 'Changes older than this version' }),
  limit: z.coerce.number().int().min(1).max(PRICE_LIST_LIMITS.historyPage).default(50),
});

export const History = z
  .object({ changes: z.array(Change), next_before: z.number().int().nullable() })
  .openapi('PriceListHistory');
