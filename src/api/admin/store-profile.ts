// The wire shape of a store's profile for its quote documents (admin API, docs/quotes.md "The document"). Flat,
// so the backoffice's form posts it as it is; a PUT replaces the whole profile, a field left out is cleared.
import { z } from '@hono/zod-openapi';
import { isPercentPrecise } from '../decimals';
import { canonicalLocale, MAX_TAG } from '../locale';

export const PROFILE_LIMITS = {
  legalName: 200,
  address: 500,
  logoUrl: 2000,
  taxId: 64,
  terms: 4000,
  paymentTerms: 1000,
  locale: MAX_TAG,
};

/** An optional text, trimmed and capped; empty, null or left out: none. */
const text = (max: number) => z.string().trim().max(max).nullable().optional();

export const StoreProfileBody = z
  .object({
    legal_name: text(PROFILE_LIMITS.legalName).openapi({ description: 'The seller, as the document names it' }),
    address: text(PROFILE_LIMITS.address).openapi({ description: 'Lines separated by newlines' }),
    logo_url: z
      .url({ protocol: /^https$/, hostname: z.regexes.domain, error: 'Must be an https:// URL' })
      .max(PROFILE_LIMITS.logoUrl)
      .nullable()
      .optional()
      .openapi({ description: 'An https:// image shown at the top of the document' }),
    tax_id: text(PROFILE_LIMITS.taxId).openapi({ description: 'VAT number or tax id' }),
    terms: text(PROFILE_LIMITS.terms).openapi({ description: 'Terms the buyer agrees to by accepting' }),
    payment_terms: text(PROFILE_LIMITS.paymentTerms),
    tax_rate_percent: z
      .number()
      .min(0)
      .max(100)
      .refine(isPercentPrecise, { message: 'At most 2 decimals' })
      .nullable()
      .optional()
      .openapi({ description: 'The tax rate, 0–100 with at most 2 decimals; null or left out: no tax on the document' }),
    prices: z
      .enum(['net', 'gross'])
      .optional()
      .openapi({ description: "net: tax is added to the items' prices; gross: their prices include it; default net" }),
    locale: z
      .string()
      .trim()
      .max(PROFILE_LIMITS.locale)
      .transform((tag, ctx) => {
        if (!tag) return null;
        const canonical = canonicalLocale(tag);
        if (!canonical) ctx.addIssue({ code: 'custom', message: 'Must be a BCP 47 language tag, e.g. de-DE' });
        return canonical ?? z.NEVER;
      })
      .nullable()
      .optional()
      .openapi({
        type: 'string',
        description:
          "The locale the backoffice's quote desk shows all money and dates in (BCP 47, e.g. de-DE); empty, null or left out: en-GB (the documents keep each quote's language)",
      }),
  })
  .strict()
  .openapi('StoreProfileInput');

export const StoreProfile = z
  .object({
    legal_name: z.string().nullable(),
    address: z.string().nullable(),
    logo_url: z.string().nullable(),
    tax_id: z.string().nullable(),
    terms: z.string().nullable(),
    payment_terms: z.string().nullable(),
    tax_rate_percent: z.number().nullable(),
    prices: z.enum(['net', 'gross']),
    locale: z.string().nullable(),
  })
  .strict()
  .openapi('StoreProfile');
