// A quote's statuses and the limits every writer keeps, as the contract states them (docs/quotes.md).

/** Stored statuses. `expired` is never stored: a sent quote past its valid_until reads as expired (`effectiveStatus`). */
export const QUOTE_STATUSES = ['draft', 'pending_approval', 'sent', 'accepted', 'rejected', 'cancelled', 'superseded'] as const;
export type StoredStatus = (typeof QUOTE_STATUSES)[number];
export type QuoteStatus = StoredStatus | 'expired';
export const READ_STATUSES = [...QUOTE_STATUSES, 'expired'] as const;

export const LIMITS = {
  items: 100,
  name: 200,
  company: 200,
  email: 254,
  reference: 100,
  notes: 5000,
  reason: 500,
  /**
   * An item's configuration as sent, in characters of JSON: refused before it is priced. Real configurations are
   * far smaller (a few hundred characters); this leaves room for long text fields, and any nesting or pile of
   * keys beyond it is refused without walking all of it.
   */
  configurationChars: 16_384,
  /**
   * An item as stored (its configuration and what calculate answered), in characters of JSON: a product whose
   * answer is larger (a text field without max_length echoed into outputs, thousands of output items) cannot be
   * quoted, so no row nears D1's 2 MB and a quote of 100 items stays a bounded read.
   */
  itemChars: 131_072,
  /**
   * A quote's items together, as kept: a quote stays a bounded read (and its pages bounded renders) whatever its
   * products echo. A quote a `quote:request` key creates (a public storefront key) holds at most `requestChars`,
   * kept twice (the quote, and the answer its retry gives: src/quotes/service/replays.ts).
   */
  quoteChars: 1_048_576,
  requestChars: 262_144,
  /** valid_until at most this many days ahead; the default is 30. */
  validityDays: 365,
  defaultValidityDays: 30,
} as const;

/**
 * Whether a JSON value takes more than `max` characters to write, counted without recursion and given up as soon
 * as it does, so any input (deep nesting, 100,000 keys) costs at most about `max` steps.
 */
export function jsonLongerThan(value: unknown, max: number): boolean {
  const stack: unknown[] = [value];
  let size = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') size += v.length + 2;
    else if (Array.isArray(v)) {
      size += 1 + v.length;
      if (size > max) return true;
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      size += 1;
      for (const key in v) {
        if (!Object.hasOwn(v, key)) continue;
        size += key.length + 4;
        stack.push((v as Record<string, unknown>)[key]);
        if (size > max) return true;
      }
    } else size += String(v).length;
    if (size > max) return true;
  }
  return false;
}
