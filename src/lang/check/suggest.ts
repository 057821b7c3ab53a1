/**
 * Edit distance counting a swap of two neighbours as one edit ("widht" is one edit from "width"), bounded:
 * returns `limit + 1` as soon as the distance exceeds `limit`.
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (before[j - 2] ?? 0) + 1);
      cur.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length] ?? limit + 1;
}

/** Edits tolerated before a name stops looking like a typo of another: none for names of one or two letters. */
function tolerance(length: number): number {
  return length < 3 ? 0 : length < 6 ? 1 : length < 12 ? 2 : 3;
}

/** Names searched for a suggestion per analysis: as many as a response shows diagnostics (src/api/list-caps.ts). */
export const MAX_SUGGESTION_SEARCHES = 100;
/** Candidate names compared per analysis, all searches together. */
export const MAX_SUGGESTION_COMPARISONS = 20_000;
/** Names longer than this are no typo worth a suggestion (and would make each comparison dear). */
const MAX_NAME_LENGTH = 64;

// The budget of the analysis under way. Every search of every checker pass draws on it, so that a schema of n
// unknown names among n declared ones costs O(n), not O(n²); a new checking context (check/context.ts) renews it.
// Analyses are synchronous, so only one draws on it at a time.
let searchesLeft = MAX_SUGGESTION_SEARCHES;
let comparisonsLeft = MAX_SUGGESTION_COMPARISONS;

export function renewSuggestionBudget(): void {
  searchesLeft = MAX_SUGGESTION_SEARCHES;
  comparisonsLeft = MAX_SUGGESTION_COMPARISONS;
}

/** Candidates, or a function that lists them: called only when a search is made, so a spent budget costs nothing. */
export type Candidates = Iterable<string> | (() => Iterable<string>);

/** The candidate closest to a misspelt name, if one is close enough to be what was meant and the budget allows. */
export function closest(name: string, candidates: Candidates): string | undefined {
  if (searchesLeft <= 0 || comparisonsLeft <= 0 || name.length > MAX_NAME_LENGTH) return undefined;
  searchesLeft--;
  const limit = tolerance(name.length);
  let best: string | undefined;
  let bestDistance = limit + 1;
  const lower = name.toLowerCase();
  for (const c of typeof candidates === 'function' ? candidates() : candidates) {
    if (--comparisonsLeft < 0) break;
    if (Math.abs(c.length - name.length) > limit) continue;
    const d = distance(lower, c.toLowerCase(), limit);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** `; did you mean "x"?` or nothing. */
export function didYouMean(name: string, candidates: Candidates, prefix = ''): string {
  const c = closest(name, candidates);
  return c === undefined || c === name ? '' : `; did you mean "${prefix}${c}"?`;
}

/** Items a message lists before saying how many more there are. */
const MAX_LISTED = 20;

/** `"a", "b" or "c"`; a long list ends `… or 480 more`, and only the items shown are read. */
export function listOf(items: readonly string[] | ReadonlySet<string>, quote = true): string {
  const count = 'size' in items ? items.size : items.length;
  const q: string[] = [];
  for (const i of items) {
    if (q.length === (count > MAX_LISTED ? MAX_LISTED - 1 : count)) break;
    q.push(quote ? `"${i}"` : i);
  }
  if (q.length < count) q.push(`${count - q.length} more`);
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}
