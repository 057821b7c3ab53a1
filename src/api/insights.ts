import { z } from '@hono/zod-openapi';

// A store's figures over a period (docs/api.md, "Insights"), the same on the admin API and on /v1/insights.

/** The longest period asked for, and the most buckets its trend may have: every answer costs bounded work. */
export const INSIGHTS_MAX_DAYS = 731;
export const INSIGHTS_MAX_BUCKETS = 400;
/** How many of the period's newest items the option shares read (their configurations' JSON). */
export const OPTION_SAMPLE_ITEMS = 500;
export const TOP_PRODUCTS = 10;
export const TOP_OPTIONS = 10;

export const GROUP_BY = ['day', 'week', 'month'] as const;

const day = (description: string) =>
  z
    .string()
    .max(32)
    .optional()
    .openapi({ description: `${description} (YYYY-MM-DD, UTC); not a day: 400 naming the field`, example: '2026-11-01' });

export const InsightsQuery = {
  from: day('The first day of the period; default 29 days before to'),
  to: day('The last day of the period, included; default today'),
  group_by: z
    .enum(GROUP_BY)
    .default('week')
    .openapi({ description: `The trend's buckets (weeks start on Monday); at most ${INSIGHTS_MAX_BUCKETS} of them` }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'An ISO 4217 code')
    .optional()
    .openapi({ description: "The quotes counted (one currency's); default the currency of the store's newest quote" }),
};

const Amount = z.number().openapi({ description: 'In major units of `currency` (minor units / 10^digits)' });
const CountValue = z.object({ count: z.number().int().nonnegative(), value: Amount });
const WithPrevious = CountValue.extend({ previous: CountValue });
const Average = z.object({
  quotes: z.number().int().nonnegative().openapi({ description: 'How many quotes the average is over' }),
  average_seconds: z.number().int().nonnegative().nullable().openapi({ description: 'The mean (not the median); null for none' }),
});

export const Insights = z
  .object({
    store_id: z.string(),
    currency: z.string().nullable().openapi({ description: 'null: the store has no quotes and none was asked for' }),
    period: z.object({ from: z.string(), to: z.string(), days: z.number().int(), group_by: z.enum(GROUP_BY) }),
    previous_period: z.object({ from: z.string(), to: z.string() }),
    pipeline: z.object({ requested: CountValue, draft: CountValue, pending_approval: CountValue, sent: CountValue }).openapi({
      description:
        'Open quotes now, whatever the period: requested is a buyer request (created by a quote:request key) still a draft; sent excludes the expired',
    }),
    won: WithPrevious.openapi({ description: 'Accepted in the period (by decision time), and in the previous one' }),
    lost: WithPrevious.openapi({ description: 'Rejected in the period, and in the previous one' }),
    win_rate_percent: z
      .number()
      .nullable()
      .openapi({ description: 'won / (won + lost) in the period, 1 decimal; null when nothing was decided' }),
    previous_win_rate_percent: z.number().nullable(),
    discounts: z
      .object({
        sent: z.number().int().openapi({ description: 'Quotes created in the period and sent since' }),
        discounted: z.number().int().openapi({ description: 'Of those, the ones giving any discount (line or quote)' }),
        amount: Amount.openapi({ description: 'All those discounts together' }),
        average_percent: z
          .number()
          .nullable()
          .openapi({ description: 'Mean share of the subtotal before discounts, over the discounted ones, 2 decimals' }),
        largest: z
          .object({ quote_id: z.string(), number: z.string(), revision: z.number().int(), percent: z.number(), amount: Amount })
          .nullable(),
      })
      .openapi({ description: "Discounts given: the line discounts and the quote's, as approval weighs them" }),
    times: z.object({
      request_to_send: Average.openapi({ description: 'Quotes created in the period and sent: sent_at − created_at' }),
      send_to_decision: Average.openapi({ description: 'Quotes decided in the period: decided_at − sent_at' }),
    }),
    expiring_this_week: CountValue.extend({ until: z.string() }).openapi({
      description: 'Sent quotes whose valid_until falls from today to the end of this week (Sunday, UTC), whatever the period',
    }),
    funnel: z
      .object({ created: z.number().int(), sent: z.number().int(), won: z.number().int() })
      .openapi({ description: 'Quotes created in the period: all, those sent since, those accepted since' }),
    top_products: z
      .array(
        z.object({
          product_id: z.string(),
          items: z.number().int().openapi({ description: 'Quoted items of the product (a quote may hold several)' }),
          quantity: z.number().int(),
          value: Amount,
        }),
      )
      .max(TOP_PRODUCTS)
      .openapi({ description: 'By the net value of their items in the quotes created in the period, highest first' }),
    options: z
      .object({
        sampled_items: z
          .number()
          .int()
          .openapi({ description: `The period's newest items read (at most ${OPTION_SAMPLE_ITEMS})` }),
        top: z
          .array(
            z.object({
              product_id: z.string(),
              field: z.string(),
              option: z.string(),
              count: z.number().int(),
              share_percent: z
                .number()
                .openapi({ description: 'Of the sampled items of the product with a value for the field, 1 decimal' }),
            }),
          )
          .max(TOP_OPTIONS),
      })
      .openapi({ description: "The options buyers were quoted most: text values of the items' configurations" }),
    trend: z
      .array(z.object({ start: z.string(), won: z.number().int(), value: Amount }))
      .max(INSIGHTS_MAX_BUCKETS)
      .openapi({ description: 'Won value per bucket of group_by, every bucket of the period, oldest first' }),
  })
  .openapi('Insights');
