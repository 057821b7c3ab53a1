// A line diff of two schema sources, with bounded work: the common head and tail are trimmed, lines are interned
// to integers, and Myers' O((N+M)·D) algorithm runs on what is left for at most MAX_EDITS edits. Past that the
// differing middle is reported as removed and then added whole (`approximate: true`) instead of spending more.

import { MAX_EDITS } from '../api/admin/versions';

/** Unchanged lines shown around each change, as `diff -u` does. */
const CONTEXT = 3;

const SAME = 0;
const REMOVED = 1;
const ADDED = 2;
type Op = { kind: typeof SAME | typeof REMOVED | typeof ADDED; text: string };

export interface DiffHunk {
  /** First line of the hunk in the old and the new text (1-based), and how many lines of each it spans. */
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Each line prefixed as in a unified diff: ' ' unchanged, '-' removed, '+' added. */
  lines: string[];
}

export interface LineDiff {
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** The edit budget ran out: the changed middle is shown as one replacement rather than line by line. */
  approximate: boolean;
}

const splitLines = (text: string) => (text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n'));

/** The shortest edit script from a to b (as interned line numbers), or null when it has more than maxEdits edits. */
function myers(a: Int32Array, b: Int32Array, maxEdits: number): Array<typeof SAME | typeof REMOVED | typeof ADDED> | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  // trace[d]: the furthest x on diagonals -(d+1)..d+1 before step d, for walking back.
  const trace: Int32Array[] = [];
  const limit = Math.min(max, maxEdits);
  for (let d = 0; d <= limit; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], n: number, m: number) {
  const ops: Array<typeof SAME | typeof REMOVED | typeof ADDED> = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const at = (k: number) => trace[d]![k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push(SAME);
      x--;
      y--;
    }
    if (d > 0) ops.push(x === prevX ? ADDED : REMOVED);
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

/** The line diff from `before` to `after`, as unified-diff hunks. */
export function lineDiff(before: string, after: string, maxEdits = MAX_EDITS): LineDiff {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  const ids = new Map<string, number>();
  const intern = (lines: string[]) =>
    Int32Array.from(lines, (line) => {
      let id = ids.get(line);
      if (id === undefined) {
        id = ids.size;
        ids.set(line, id);
      }
      return id;
    });
  const script = myers(intern(midA), intern(midB), maxEdits);
  const ops: Op[] = a.slice(0, head).map((text) => ({ kind: SAME, text }));
  if (script) {
    let i = 0;
    let j = 0;
    for (const kind of script) {
      if (kind === ADDED) ops.push({ kind, text: midB[j++]! });
      else {
        ops.push({ kind, text: midA[i++]! });
        if (kind === SAME) j++;
      }
    }
  } else {
    for (const text of midA) ops.push({ kind: REMOVED, text });
    for (const text of midB) ops.push({ kind: ADDED, text });
  }
  for (const text of a.slice(a.length - tail)) ops.push({ kind: SAME, text });
  return {
    hunks: hunksOf(ops),
    added: ops.filter((o) => o.kind === ADDED).length,
    removed: ops.filter((o) => o.kind === REMOVED).length,
    approximate: script === null,
  };
}

/** Groups the changes, each with CONTEXT unchanged lines around it; changes closer than twice that share a hunk. */
function hunksOf(ops: Op[]): DiffHunk[] {
  const hunks: DiffHunk[] = [];
  // Line numbers (0-based) in the old and new text before each op.
  const oldAt = new Int32Array(ops.length + 1);
  const newAt = new Int32Array(ops.length + 1);
  for (let i = 0; i < ops.length; i++) {
    oldAt[i + 1] = oldAt[i]! + (ops[i]!.kind === ADDED ? 0 : 1);
    newAt[i + 1] = newAt[i]! + (ops[i]!.kind === REMOVED ? 0 : 1);
  }
  let i = 0;
  while (i < ops.length) {
    if (ops[i]!.kind === SAME) {
      i++;
      continue;
    }
    const start = Math.max(0, i - CONTEXT);
    let end = i;
    // Extend over changes and short runs of unchanged lines between them.
    for (;;) {
      while (end < ops.length && ops[end]!.kind !== SAME) end++;
      let run = 0;
      while (end + run < ops.length && ops[end + run]!.kind === SAME) run++;
      if (end + run < ops.length && run <= 2 * CONTEXT) end += run;
      else {
        end = Math.min(ops.length, end + CONTEXT);
        break;
      }
    }
    const slice = ops.slice(start, end);
    hunks.push({
      oldStart: oldAt[start]! + 1,
      oldLines: oldAt[end]! - oldAt[start]!,
      newStart: newAt[start]! + 1,
      newLines: newAt[end]! - newAt[start]!,
      lines: slice.map((o) => (o.kind === SAME ? ' ' : o.kind === REMOVED ? '-' : '+') + o.text),
    });
    i = end;
  }
  return hunks;
}
