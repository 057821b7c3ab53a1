// How long a list in a response may be, and how the body says what was cut (`truncated`): a rule of the contract.

/** The most entries any list in a response may hold; the rest are counted in the body's `truncated`. */
export const MAX_LIST = 100;

export function capList<T>(items: T[], max = MAX_LIST): { items: T[]; omitted: number } {
  return items.length > max ? { items: items.slice(0, max), omitted: items.length - max } : { items, omitted: 0 };
}

/**
 * The named lists of a response body, each capped (capList), plus `truncated` naming only the lists that were cut
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
