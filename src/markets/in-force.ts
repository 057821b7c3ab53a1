import type { ListSettings, PricingSnapshot } from './service/snapshot';

// Which of a market's lists is in force on a day (docs/api.md, "Markets and price lists"): lists are valid by whole
// UTC days, valid_from ≤ d < valid_to, and of several valid at once the latest start wins, so a list scheduled for
// next year takes over on its first day without anyone switching it.

/** The ISO date (UTC) of a moment: lists are in force by whole days. */
export const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);

/** Valid on `day`: valid_from ≤ day < valid_to, either side open when null. */
export const inForceOn = (l: ListSettings, day: string) =>
  (l.validFrom === null || l.validFrom <= day) && (l.validTo === null || day < l.validTo);

/** Of `ids`, the list in force on `day`: the one valid then with the latest valid_from (an open start counts earliest). */
export function listInForce(snapshot: PricingSnapshot, ids: readonly string[], day: string): ListSettings | null {
  let best: ListSettings | null = null;
  for (const id of ids) {
    const l = Object.hasOwn(snapshot.lists, id) ? snapshot.lists[id]! : null;
    if (!l || !inForceOn(l, day)) continue;
    if (
      !best ||
      (l.validFrom ?? '') > (best.validFrom ?? '') ||
      ((l.validFrom ?? '') === (best.validFrom ?? '') && l.id < best.id)
    ) {
      best = l;
    }
  }
  return best;
}
