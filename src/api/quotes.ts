import { z } from '@hono/zod-openapi';
import { CalculationResult, Issue } from './calculate';
import { isPercentPrecise } from './decimals';
import { LanguageTag } from './locale';
import { FieldValues, Quantity, Truncated } from './openapi';
import { OutputInfo } from './output-info';
import { ListVersion, PricingFields, QuotePricing } from './pricing';
import { jsonLongerThan, LIMITS, READ_STATUSES } from './quote-limits';

// The quote resource as the API takes and serves it (docs/quotes.md), shared by /v1/quotes and the admin API.

const text = (max: number) => z.string().trim().max(max);

export const QuoteCustomer = z
  .object({
    name: text(LIMITS.name).optional(),
    company: text(LIMITS.company).optional(),
    email: z.email().max(LIMITS.email).optional(),
    reference: text(LIMITS.reference).optional(),
  })
  .strict()
  .openapi('QuoteCustomer');

/** A customer as a PATCH sets it (the whole of it): a field null, empty or left out is not kept. */
export const CustomerPatch = z
  .object({
    name: text(LIMITS.name).nullable().optional(),
    company: text(LIMITS.company).nullable().optional(),
    email: z.email().max(LIMITS.email).or(z.literal('')).nullable().optional(),
    reference: text(LIMITS.reference).nullable().optional(),
  })
  .strict()
  .openapi('QuoteCustomerPatch');

const discountKind = {
  type: z.enum(['percent', 'amount']),
  value: z
    .number()
    .positive()
    .openapi({ description: 'percent: 0 < value ≤ 100, at most 2 decimals; amount: in major units of the currency' }),
};

const percentRule: [(d: { type: 'percent' | 'amount'; value: number }) => boolean, { message: string; path: string[] }] = [
  (d) => d.type !== 'percent' || (d.value <= 100 && isPercentPrecise(d.value)),
  { message: 'A percent is at most 100, with at most 2 decimals', path: ['value'] },
];

export const QuoteDiscount = z
  .object({ ...discountKind, reason: text(LIMITS.reason).min(1) })
  .strict()
  .refine(...percentRule)
  .openapi('QuoteDiscount');

export const LineDiscount = z
  .object(discountKind)
  .strict()
  .refine(...percentRule)
  .openapi('LineDiscount', {
    description: "Taken off the item's price before the quote's discount; an amount is at most the item's price (else 422)",
  });

export const PatchItemBody = z
  .object({
    tenant_id: z.string().min(1),
    line_discount: LineDiscount.nullable().openapi({ description: 'null removes it' }),
  })
  .strict()
  .openapi('PatchQuoteItem');

export const QuoteItemInput = z
  .object({
    product_id: z.string().min(1).max(128),
    configuration: FieldValues.refine((c) => !jsonLongerThan(c, LIMITS.configurationChars), {
      message: `At most ${LIMITS.configurationChars} characters of JSON`,
    }).openapi({
      description: `Field id → value, as for calculate; at most ${LIMITS.configurationChars} characters of JSON`,
    }),
    quantity: Quantity.optional(),
  })
  .strict()
  .openapi('QuoteItemInput');

const ValidUntil = z.iso
  .date()
  .openapi({ description: 'The last day the quote holds (UTC); default 30 days ahead', example: '2026-12-31' });

export const CreateQuote = z
  .object({
    tenant_id: z.string().min(1),
    items: z.array(QuoteItemInput).min(1).max(LIMITS.items),
    customer: QuoteCustomer.optional(),
    notes: text(LIMITS.notes).optional(),
    valid_until: ValidUntil.optional(),
    language: LanguageTag.optional().openapi({
      description: 'The language of the quote document and of its labels (BCP 47, e.g. de-CH; anything else is 400); default en',
    }),
    ...PricingFields,
  })
  .strict()
  .openapi('CreateQuote');

/** The Idempotency-Key header of a quote create (docs/quotes.md, "Integrity under concurrency"). */
export const idempotencyKeyHeader = (description: string) =>
  z.object({
    'Idempotency-Key': z
      .string()
      .min(1)
      .max(255)
      .optional()
      .openapi({ param: { name: 'Idempotency-Key', in: 'header' }, description }),
  });

export const PatchQuote = z
  .object({
    tenant_id: z.string().min(1),
    customer: CustomerPatch.optional().openapi({
      description: 'Replaces the whole customer: a field null, empty or left out is cleared',
    }),
    notes: text(LIMITS.notes).nullable().optional().openapi({ description: 'null or empty clears them' }),
    discount: QuoteDiscount.nullable().optional().openapi({ description: 'null removes it' }),
    valid_until: ValidUntil.optional(),
  })
  .strict()
  .openapi('PatchQuote');

export const TenantBody = z
  .object({ tenant_id: z.string().min(1) })
  .strict()
  .openapi('TenantBody');

export const CancelBody = z
  .object({ tenant_id: z.string().min(1), reason: text(LIMITS.reason).optional() })
  .strict()
  .openapi('CancelQuote');

export const ItemBody = QuoteItemInput.extend({ tenant_id: z.string().min(1) })
  .strict()
  .openapi('QuoteItemBody');

const Result = CalculationResult.shape.result.shape;

export const QuoteItem = z
  .object({
    id: z.string(),
    product_id: z.string(),
    product_name: z.string(),
    product_version: z.number().int().openapi({ description: 'The version it was priced with; pinned until a re-price' }),
    content_hash: z.string().openapi({ description: "SHA-256 of that version's source" }),
    quantity: z.number().int(),
    configuration: z.record(z.string(), z.unknown()),
    summary: z
      .array(
        z
          .object({
            field: z.string(),
            label: z.string(),
            value: z.union([z.number(), z.string(), z.boolean(), z.array(z.string()).readonly()]),
            value_label: z.string(),
          })
          .strict(),
      )
      .openapi({ description: "Each visible field's label and chosen value (an option's label) in the quote's language" }),
    totals: Result.totals.omit({ currency: true }),
    lines: Result.lines,
    groups: Result.groups,
    texts: Result.texts,
    output_info: z.record(z.string(), OutputInfo),
    warnings: z.array(Issue),
    line_discount: z
      .object({
        type: z.enum(['percent', 'amount']),
        value: z.number(),
        amount: z.number().openapi({ description: 'What it takes off totals.price, rounded once to the minor unit' }),
      })
      .strict()
      .nullable(),
    net_price: z.number().openapi({ description: 'totals.price less the line discount' }),
  })
  .strict()
  .openapi('QuoteItem');

const Totals = z
  .object({
    subtotal: z.number().openapi({ description: "Sum of the items' prices after their line discounts (net_price)" }),
    line_discounts: z.number().openapi({ description: "The items' line discounts, summed" }),
    discount: z.number().openapi({ description: 'The quote-level discount, rounded once to the minor unit' }),
    total: z.number(),
    currency: z.string(),
    tax: z
      .object({
        rate_percent: z.number(),
        prices: z.enum(['net', 'gross']).openapi({ description: 'net: tax comes on top of total; gross: total includes it' }),
        net: z.number(),
        amount: z.number().openapi({ description: 'Computed once on total and rounded once to the minor unit' }),
        gross: z.number(),
      })
      .strict()
      .nullable()
      .openapi({
        description:
          'The store\'s tax as it was when the quote was sent (docs/quotes.md, "Tax"); null before sending, or when the store shows no tax',
      }),
  })
  .strict();

const quoteFields = {
  id: z.string(),
  tenant_id: z.string(),
  number: z.string().openapi({ example: 'Q-2026-000123', description: "Shared by a quote's revisions" }),
  revision: z.number().int().openapi({ description: '1, or the next of the quote it revises (POST …/revise)' }),
  revises: z.string().nullable().openapi({ description: 'The id of the quote this revision replaces' }),
  superseded_by: z.string().nullable().openapi({ description: 'The id of the revision that replaced this quote' }),
  status: z.enum(READ_STATUSES).openapi({
    description: 'expired: sent, and valid_until has passed; superseded: a revision replaced it',
  }),
  version: z.number().int().openapi({ description: 'Bumped by every change; the ETag is "v<version>"' }),
  currency: z.string(),
  language: z.string(),
  customer: QuoteCustomer,
  notes: z.string().nullable(),
  valid_until: z.string().openapi({ description: 'The last day the quote holds (UTC)' }),
  discount: z
    .object({ type: z.enum(['percent', 'amount']), value: z.number(), reason: z.string() })
    .strict()
    .nullable(),
  totals: Totals,
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  decided_at: z.string().nullable(),
  links_active: z.boolean().openapi({
    description: 'Whether a link given out for this quote (share_url, status_url) still opens its page; DELETE …/share ends them',
  }),
  request: z
    .object({
      opened_at: z.string().nullable().openapi({ description: 'When the backoffice first opened it; null: a new request' }),
    })
    .strict()
    .nullable()
    .openapi({ description: "A buyer's request (created by a storefront's quote:request key); null: a quote the store made" }),
  pricing: QuotePricing,
};

export const HistoryEntry = z
  .object({
    version: z.number().int(),
    at: z.string(),
    actor: z.string().openapi({ description: 'key:<key id>, admin, or buyer (the share link)' }),
    action: z.string().openapi({ description: 'created, updated, item_added, …, sent, accepted, rejected, cancelled' }),
    details: z.record(z.string(), z.unknown()).openapi({
      description:
        'What the change was; an acceptance on the quote page: {signer, consent: true, address}, a rejection there: {reason?, address} (address: the client IP)',
    }),
  })
  .strict()
  .openapi('QuoteHistoryEntry');

export const Quote = z
  .object({ ...quoteFields, items: z.array(QuoteItem).max(LIMITS.items), history: z.array(HistoryEntry) })
  .strict()
  .openapi('Quote');

export const SentQuote = Quote.extend({
  share_url: z.url().openapi({ description: "The buyer's quote page; its token is shown only in this answer" }),
})
  .strict()
  .openapi('SentQuote');

export const CreatedQuote = Quote.extend({
  status_url: z.url().nullable().openapi({
    description:
      "A read-only page of where this request stands, for whoever created it (a buyer at a storefront); no prices, no Accept. Shown only in the answer that created the quote: null in a retry's",
  }),
})
  .strict()
  .openapi('CreatedQuote');

export const QuoteSummary = z
  .object({ ...quoteFields, item_count: z.number().int() })
  .strict()
  .openapi('QuoteSummary');

export const QuoteList = z
  .object({
    quotes: z.array(QuoteSummary),
    next_cursor: z.string().nullable().openapi({ description: 'Pass as cursor for the next page; null on the last' }),
  })
  .strict()
  .openapi('QuoteList');

export const RepriceResult = z
  .object({
    quote: Quote,
    items: z.array(
      z
        .object({
          item_id: z.string(),
          product_id: z.string(),
          old_version: z.number().int(),
          new_version: z.number().int().nullable(),
          old_price: z.number(),
          new_price: z.number().nullable().openapi({ description: 'null when the item no longer prices (errors says why)' }),
          old_list: ListVersion.openapi({ description: 'The price list version the item was priced with' }),
          new_list: ListVersion.openapi({ description: 'The price list in force it was re-priced with' }),
          errors: z.array(z.object({ code: z.string(), message: z.string() }).passthrough()),
        })
        .strict(),
    ),
  })
  .strict()
  .openapi('RepriceResult');

export const ItemsRejected = z
  .object({
    error: z.string(),
    code: z.literal('VALIDATION_FAILED'),
    errors: z
      .array(
        Issue.extend({
          item: z.number().int().openapi({ description: 'The position of the item that does not price' }),
          product_id: z.string(),
        }),
      )
      .min(1)
      .max(100),
    truncated: Truncated.optional(),
  })
  .strict()
  .openapi('QuoteItemsRejected');
