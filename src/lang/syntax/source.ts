import type { Span } from './ast';

/** Converts offsets of one source text to 1-based lines and columns. */
export class SourceMap {
  private readonly lineStarts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  private lineIndex(offset: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  span(start: number, end: number): Span {
    const l1 = this.lineIndex(start);
    // Spans of one line are the common case; skip the second search for them.
    const next = this.lineStarts[l1 + 1];
    const l2 = next === undefined || end < next ? l1 : this.lineIndex(end);
    return {
      line: l1 + 1,
      column: start - (this.lineStarts[l1] ?? 0) + 1,
      endLine: l2 + 1,
      endColumn: end - (this.lineStarts[l2] ?? 0) + 1,
      start,
      end,
    };
  }
}
