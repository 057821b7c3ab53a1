import type { Span } from './ast';

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** A character outside the BMP (an emoji): two UTF-16 units. */
const PAIR = '[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]';

/**
 * Converts offsets of one source text to 1-based lines and columns. Columns count code points, so an emoji is one
 * column; a span never starts or ends inside one. Built in one pass; each conversion is a few binary searches.
 */
export class SourceMap {
  private readonly lineStarts: number[] = [0];
  /** Offsets of the pairs of UTF-16 units that make one character, ascending. */
  private readonly pairs: number[] = [];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
    const pair = new RegExp(PAIR, 'g');
    for (let m = pair.exec(text); m; m = pair.exec(text)) this.pairs.push(m.index);
  }

  /** Index of the last entry of `sorted` ≤ offset (-1 when none). */
  private static floor(sorted: number[], offset: number): number {
    let lo = -1;
    let hi = sorted.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((sorted[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private lineIndex(offset: number): number {
    return Math.max(0, SourceMap.floor(this.lineStarts, offset));
  }

  /** The column of `offset` on the line starting at `lineStart`: pairs before it on the line count once. */
  private column(lineStart: number, offset: number): number {
    if (this.pairs.length === 0) return offset - lineStart + 1;
    const pairsBefore = (o: number) => SourceMap.floor(this.pairs, o - 1) + 1;
    // A pair starting at offset - 1 straddles it; span() has moved offsets off such places.
    return offset - lineStart - (pairsBefore(offset) - pairsBefore(lineStart)) + 1;
  }

  span(start: number, end: number): Span {
    const text = this.text;
    // Never inside a pair: a start moves back to the pair's first unit, an end forward past its second.
    if (isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) start--;
    if (isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1))) end++;
    const l1 = this.lineIndex(start);
    // Spans of one line are the common case; skip the second search for them.
    const next = this.lineStarts[l1 + 1];
    const l2 = next === undefined || end < next ? l1 : this.lineIndex(end);
    return {
      line: l1 + 1,
      column: this.column(this.lineStarts[l1] ?? 0, start),
      endLine: l2 + 1,
      endColumn: this.column(this.lineStarts[l2] ?? 0, end),
      start,
      end,
    };
  }
}
