/** The most entries any list in a response may hold; the rest are counted in the body's `truncated`. */
export const MAX_LIST = 100;

export function capList<T>(items: T[], max = MAX_LIST): { items: T[]; omitted: number } {
  return items.length > max ? { items: items.slice(0, max), omitted: items.length - max } : { items, omitted: 0 };
}
