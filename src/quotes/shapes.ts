import type { OutputInfo } from '../api/output-info';
import type { StoredStatus } from '../api/quote-limits';
import type { Issue, PriceLine } from '../lang/instantiate';

// What a quote is made of, as plain data: the stored shapes (src/db/schema.ts) and the limits every writer keeps.

/** A draft, or a draft whose discount awaits approval: the statuses in which a quote may be edited. */
export const EDITABLE: readonly StoredStatus[] = ['draft', 'pending_approval'];

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

/** An item's own discount, taken off its price before the quote's discount; `value` as in QuoteDiscount. */
export interface LineDiscount {
  type: 'percent' | 'amount';
  value: number;
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
