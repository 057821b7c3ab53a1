import type { QuoteStatus } from '../../api/quote-limits';
import type { quoteHistory, quoteItems, quotes } from '../../db/schema';

// A quote's rows as stored (migrations/0004_quotes.sql), in a leaf module: the quote's event (../events.ts) reads
// them, and the store that writes them (store.ts) builds that event, so neither imports the other's types.

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
