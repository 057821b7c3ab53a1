import { z } from '@hono/zod-openapi';
import { READ_STATUSES } from './quote-limits';

// The query of a quote list, the same on /v1/quotes and the admin API (and so for the backoffice's CSV export).

/** The longest search, in characters (code points). */
const SEARCH_MAX = 100;

/** The most a page holds: each page's work (rows read, items counted) is bounded by it. */
export const LIST_MAX_LIMIT = 100;

const day = (description: string) =>
  z
    .string()
    .max(32)
    .optional()
    .openapi({ description: `${description} (YYYY-MM-DD, UTC); a day that is not one answers 422`, example: '2026-11-27' });

export const QuoteListQuery = {
  status: z.enum(READ_STATUSES).optional(),
  // 100 characters as the document's maxLength counts them, code points: 100 emoji are 200 UTF-16 units.
  q: z
    .string()
    .min(1)
    .max(2 * SEARCH_MAX)
    .refine((q) => [...q].length <= SEARCH_MAX, { message: `At most ${SEARCH_MAX} characters` })
    .optional()
    .openapi({
      maxLength: SEARCH_MAX,
      description:
        "Part of the number, of the customer's fields, or of an item's product id; A–Z match in either case, other letters as written",
    }),
  product: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .openapi({ description: 'The product id one of its items was configured from (exactly)' }),
  from: day('Created on this day or later'),
  to: day('Created on this day or earlier'),
  decided_from: day('Accepted or rejected on this day or later'),
  decided_to: day('Accepted or rejected on this day or earlier'),
  cursor: z.string().max(32).optional().openapi({ description: "The previous page's next_cursor" }),
};

export const listLimit = (byDefault: number) => z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(byDefault);
