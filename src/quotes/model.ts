import type { OutputInfo } from '../api/output-info';
import type { Issue, PriceLine } from '../lang/runtime';

// What a quote is made of, as plain data: the stored shapes (src/db/schema.ts) and the limits every writer keeps.

/** Stored statuses. `expired` is never stored: a sent quote past its valid_until reads as expired (`effectiveStatus`). */
export const QUOTE_STATUSES = ['draft', 'pending_approval', 'sent', 'accepted', 'rejected', 'cancelled'] as const;
export type StoredStatus = (typeof QUOTE_STATUSES)[number];
export type QuoteStatus = StoredStatus | 'expired';
export const READ_STATUSES = [...QUOTE_STATUSES, 'expired'] as const;

/** A draft, or a draft whose discount awaits approval: the statuses in which a quote may be edited. */
export const EDITABLE: readonly StoredStatus[] = ['draft', 'pending_approval'];

export const LIMITS = {
  items: 100,
  name: 200,
  company: 200,
  email: 254,
  reference: 100,
  notes: 5000,
  reason: 500,
  /** valid_until at most this many days ahead; the default is 30. */
  validityDays: 365,
  defaultValidityDays: 30,
} as const;

export interface QuoteCustomer {
  name?: string | undefined;
  company?: string | undefined;
  email?: string | undefined;
  reference?: string | undefined;
}

/** A quote-level discount on top of the items' own prices; `value` is a percent or an amount in major units. */
export interface QuoteDiscount {
  type: 'percent' | 'amount';
  value: number;
  reason: string;
}

/** One line of an item's readable summary: a field's label and the chosen value (an option's label) in the quote's language. */
export interface SummaryLine {
  field: string;
  label: string;
  value: number | string | boolean | readonly string[];
  value_label: string;
}

/** What calculate answered for an item when it was priced, kept with the item so a new product version never changes it. */
export interface PricedItem {
  product_name: string;
  currency: string;
  minor_units: number;
  language: string;
  totals: { price: number; unit_price: number; charges: number; subtotal: number; discount: number };
  lines: PriceLine[];
  /** Every output group; internal ones are shown only to readers with production:read (and in the backoffice). */
  groups: Record<string, Record<string, number>>;
  texts: Record<string, Record<string, string>>;
  output_info: Record<string, OutputInfo>;
  warnings: Issue[];
  summary: SummaryLine[];
}

/** The status a reader sees at `now`. */
export function effectiveStatus(status: StoredStatus, validUntil: number, now: number): QuoteStatus {
  return status === 'sent' && now > validUntil ? 'expired' : status;
}
