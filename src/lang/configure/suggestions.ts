// What to change to get an option (issue 25: "to get sunroof, change trim from basic"): the minimal sets of the
// buyer's choices to change so that the option completes with the others kept, smallest first, each with the
// values a completion gives the changed fields. A set to change must meet every conflict (conflict.ts) of the
// option, so the sets are looked for among the smallest sets meeting the conflicts found so far (their minimal
// hitting sets): one that completes is a minimal change (any smaller set misses a conflict), one that does not
// gives a new conflict, disjoint from it, and the search goes on (the duality of minimal correction sets and
// minimal conflicts, as in Liffiton and Sakallah's enumeration). Bounded: MAX_CHANGE_TESTS tests, the sets looked
// at, and the request's budget.
import type { Val } from '../runtime/fault';
import { minimalConflict } from './conflict';
import { UNKNOWN } from './verdict';
import type { Target, WhatIf } from './what-if';

/** Changes listed for a wanted option, at most. */
export const MAX_SUGGESTIONS = 3;

/** Tests of the engine the changes may take, at most (each kept set tried, each new conflict's tests included). */
export const MAX_CHANGE_TESTS = 200;

/** Candidate sets looked at, at most (most are skipped without a test: they miss a conflict found). */
const MAX_CANDIDATES = 20_000;

/** A change: by field index, the new value of each field changed (a completion's). */
export type Change = Map<number, Val>;

export interface Changes {
  list: Change[];
  /** false when the bounds stopped the search before it found MAX_SUGGESTIONS or proved there are no more. */
  complete: boolean;
}

/**
 * The minimal changes to `choices` (field indexes sent) that let the option complete, given one of its conflicts
 * (non-empty: the option completes with no choice kept, but not with all of them).
 */
export function changesFor(w: WhatIf, target: Target, choices: readonly number[], conflict: readonly number[]): Changes {
  const start = w.budget.left;
  const found = minimalChanges(w, target, choices, conflict, () => w.budget.left < start / 2);
  if (found.complete || found.list.length >= MAX_SUGGESTIONS) return found;
  // Past half the work: the changes that completions keeping the most choices show, each shrunk to a minimal one;
  // then not known to be the smallest.
  const list = [...found.list];
  const keys = new Set(list.map(keyOf));
  const seeds: number[][] = [[]];
  for (let k = 0; k < seeds.length && list.length < MAX_SUGGESTIONS; k++) {
    const change = grown(w, target, choices, seeds[k]!);
    if (change === UNKNOWN) break;
    if (change === null || keys.has(keyOf(change))) continue;
    keys.add(keyOf(change));
    list.push(change);
    // Another minimal change keeps one of this one's fields.
    if (k === 0) for (const i of change.keys()) seeds.push([i]);
  }
  list.sort((x, y) => x.size - y.size);
  return { list, complete: false };
}

const keyOf = (change: Change) => [...change.keys()].sort((x, y) => x - y).join(',');

/**
 * A minimal change keeping `seed`: a completion keeping the seed (the engines try the values sent first) keeps the
 * choices it agrees with; each other choice is kept too if the option still completes. Null when the seed alone
 * excludes the option. Minimal: each field changed was refused with fewer choices kept.
 */
function grown(w: WhatIf, target: Target, choices: readonly number[], seed: readonly number[]): Change | null | typeof UNKNOWN {
  let found = w.completion(target, seed);
  if (found === UNKNOWN || found === null) return found;
  const kept = [...seed];
  const differing: number[] = [];
  for (const i of choices) {
    if (seed.includes(i)) continue;
    if (w.keeps(found, i)) kept.push(i);
    else differing.push(i);
  }
  const changed: number[] = [];
  for (const i of differing) {
    const more = w.completion(target, [...kept, i]);
    if (more === UNKNOWN) return UNKNOWN;
    if (more === null) changed.push(i);
    else {
      kept.push(i);
      found = more;
    }
  }
  const last = found;
  return new Map(changed.map((i) => [i, last[i]!]));
}

/** The minimal changes, fewest fields first, until `stop()` (then incomplete). */
function minimalChanges(
  w: WhatIf,
  target: Target,
  choices: readonly number[],
  conflict: readonly number[],
  stop: () => boolean,
): Changes {
  const conflicts: number[][] = [[...conflict]];
  const list: Change[] = [];
  const tried = new Set<string>();
  let tests = 0;
  let looked = 0;
  for (let size = 1; size <= choices.length; size++) {
    let again = true;
    while (again) {
      again = false;
      const among = [...new Set(conflicts.flat())].sort((x, y) => x - y);
      for (const set of combinations(among, size)) {
        if (++looked > MAX_CANDIDATES || !w.budget.spend(1) || stop()) return { list, complete: false };
        const key = set.join(',');
        if (tried.has(key) || !minimalHitting(set, conflicts)) continue;
        if (tests >= MAX_CHANGE_TESTS) return { list, complete: false };
        tried.add(key);
        tests++;
        const changed = new Set(set);
        const kept = choices.filter((i) => !changed.has(i));
        const found = w.completion(target, kept);
        if (found === UNKNOWN) return { list, complete: false };
        if (found !== null) {
          list.push(new Map(set.map((i) => [i, found[i]!])));
          if (list.length === MAX_SUGGESTIONS) return { list, complete: true };
          continue;
        }
        // Kept as they are, these choices still exclude the option: a conflict the changes must meet too.
        const more = minimalConflict(w, target, kept);
        if (more === UNKNOWN) return { list, complete: false };
        tests += more === null ? 1 : more.length + 2;
        // Never [] nor null here: the option completes with nothing kept, and not with these.
        if (more === null || more.length === 0) return { list, complete: false };
        conflicts.push(more);
        again = true;
        break;
      }
    }
  }
  return { list, complete: true };
}

/** Whether `set` meets every conflict and each of its fields is needed to (so no smaller set does). */
function minimalHitting(set: readonly number[], conflicts: readonly (readonly number[])[]): boolean {
  const meets = (c: readonly number[], without = -1) => c.some((i) => i !== without && set.includes(i));
  if (!conflicts.every((c) => meets(c))) return false;
  return set.every((i) => conflicts.some((c) => !meets(c, i)));
}

/** The subsets of `items` of `size` elements, in lexicographic order of positions. */
function* combinations(items: readonly number[], size: number): Generator<number[]> {
  if (size > items.length) return;
  const at = Array.from({ length: size }, (_, j) => j);
  for (;;) {
    yield at.map((j) => items[j]!);
    let j = size - 1;
    while (j >= 0 && at[j] === items.length - size + j) j--;
    if (j < 0) return;
    at[j]!++;
    for (let r = j + 1; r < size; r++) at[r] = at[r - 1]! + 1;
  }
}
