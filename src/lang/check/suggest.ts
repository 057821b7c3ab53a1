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

/** The candidate closest to a misspelt name, if one is close enough to be what was meant. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  const limit = tolerance(name.length);
  let best: string | undefined;
  let bestDistance = limit + 1;
  const lower = name.toLowerCase();
  for (const c of candidates) {
    const d = distance(lower, c.toLowerCase(), limit);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** `; did you mean "x"?` or nothing. */
export function didYouMean(name: string, candidates: Iterable<string>, prefix = ''): string {
  const c = closest(name, candidates);
  return c === undefined || c === name ? '' : `; did you mean "${prefix}${c}"?`;
}

/** `"a", "b" or "c"` */
export function listOf(items: readonly string[], quote = true): string {
  const q = items.map((i) => (quote ? `"${i}"` : i));
  return q.length <= 1 ? (q[0] ?? '') : `${q.slice(0, -1).join(', ')} or ${q[q.length - 1]}`;
}
