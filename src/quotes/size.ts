import { ApiError } from '../errors';

// What a quote takes to keep. An item keeps its configuration and what calculate answered (lines, every output
// group, texts, output_info, its summary), so a text field without max_length echoed into many outputs makes an
// item many times what was sent: 963 KB sent once became 4.84 MB kept. Each item is capped
// (LIMITS.itemChars, in pricing) and so is the sum of a quote's items (LIMITS.quoteChars, and the smaller
// LIMITS.requestChars for a quote a `quote:request` key creates).

/** What an item takes to keep, in characters of JSON. */
export const keptChars = (item: { configuration: unknown; priced: unknown }) =>
  JSON.stringify(item.configuration).length + JSON.stringify(item.priced).length;

/** Refuses items whose sizes together pass `max`: 422 naming the first item past it, as a refused item is named. */
export function checkQuoteSize(
  items: readonly { productId: string; configuration: unknown; priced: unknown }[],
  max: number,
): void {
  let total = 0;
  for (const [index, item] of items.entries()) {
    total += keptChars(item);
    if (total <= max) continue;
    const message = `With item ${index} this quote's items take more than the ${max} characters of JSON a quote keeps`;
    throw new ApiError('VALIDATION_FAILED', message, {
      errors: [{ code: 'QUOTE_TOO_LARGE', message, because: {}, item: index, product_id: item.productId }],
    });
  }
}
