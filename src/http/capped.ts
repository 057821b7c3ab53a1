import { capList } from './cap';

/**
 * The named lists of a response body, each capped (cap.ts), plus `truncated` naming only the lists that were cut
 * and how many entries each lost; spread the result into the body.
 */
export function cappedLists<L extends Record<string, unknown[]>>(lists: L): L & { truncated?: Record<string, number> } {
  const out: Record<string, unknown> = {};
  const truncated: Record<string, number> = {};
  for (const [name, items] of Object.entries(lists)) {
    const capped = capList(items);
    out[name] = capped.items;
    if (capped.omitted > 0) truncated[name] = capped.omitted;
  }
  if (Object.keys(truncated).length > 0) out.truncated = truncated;
  return out as L & { truncated?: Record<string, number> };
}
