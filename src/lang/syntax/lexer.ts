// A lexer just precise enough to split a schema into top-level declarations before it is parsed
// (split.ts): it knows comments, strings, words, brackets and operators. The grammar stays the judge of
// the syntax; this only has to agree with it on where tokens begin and end.

import { symbolOperatorAt } from '../operators';

export enum Tok {
  Word,
  Number,
  String,
  Open,
  Close,
  /** `=` and the binary operators' symbols (`+ - * / == != < <= > >=`, src/lang/operators.ts) */
  Op,
  Other,
}

export interface Tokens {
  count: number;
  kind: Tok[];
  start: number[];
  end: number[];
  /** 0-based line of the token's first character. */
  line: number[];
  /** Where a block comment opens that is never closed (it runs to the end of the source). */
  unclosedComment?: number;
}

const isWordStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isWordPart = (c: number) => isWordStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Where the grammar's `name` starting at `i` (a word start) ends, before `end`: its characters, then its
 * `{index}` holes (`panel_{door}`), each followed by name characters. `if` is no name and takes no hole.
 */
export function wordEnd(src: string, i: number, end: number): number {
  let j = i + 1;
  while (j < end && isWordPart(src.charCodeAt(j))) j++;
  if (j - i === 2 && src.charCodeAt(i) === 105 && src.charCodeAt(i + 1) === 102) return j;
  while (j + 2 < end && src.charCodeAt(j) === 123 && isWordStart(src.charCodeAt(j + 1))) {
    let k = j + 2;
    while (k < end && isWordPart(src.charCodeAt(k))) k++;
    if (k >= end || src.charCodeAt(k) !== 125) return j;
    k++;
    while (k < end && isWordPart(src.charCodeAt(k))) k++;
    j = k;
  }
  return j;
}

/** Stops once it has read more than `limit` tokens (count = limit + 1), so a refused source costs no more. */
export function tokenize(src: string, limit = Number.POSITIVE_INFINITY): Tokens {
  const t: Tokens = { count: 0, kind: [], start: [], end: [], line: [] };
  const n = src.length;
  let line = 0;
  let i = 0;
  const push = (kind: Tok, start: number, end: number) => {
    t.kind.push(kind);
    t.start.push(start);
    t.end.push(end);
    t.line.push(line);
    t.count++;
  };
  while (i < n && t.count <= limit) {
    const c = src.charCodeAt(i);
    const d = i + 1 < n ? src.charCodeAt(i + 1) : 0;
    if (c === 10) {
      line++;
      i++;
    } else if (c === 32 || c === 9 || c === 13) {
      i++;
    } else if (c === 47 && d === 47) {
      const nl = src.indexOf('\n', i);
      i = nl === -1 ? n : nl;
    } else if (c === 47 && d === 42) {
      const close = src.indexOf('*/', i + 2);
      if (close === -1) t.unclosedComment = i;
      const stop = close === -1 ? n : close + 2;
      for (let k = src.indexOf('\n', i); k !== -1 && k < stop; k = src.indexOf('\n', k + 1)) line++;
      i = stop;
    } else if (c === 34) {
      // A string stops at its closing quote, or unterminated at the end of the line.
      let j = i + 1;
      while (j < n) {
        const e = src.charCodeAt(j);
        if (e === 34) {
          j++;
          break;
        }
        if (e === 10) break;
        j += e === 92 && j + 1 < n && src.charCodeAt(j + 1) !== 10 ? 2 : 1;
      }
      push(Tok.String, i, j);
      i = j;
    } else if (isWordStart(c)) {
      const j = wordEnd(src, i, n);
      push(Tok.Word, i, j);
      i = j;
    } else if (isDigit(c)) {
      let j = i + 1;
      while (j < n) {
        const e = src.charCodeAt(j);
        const prev = src.charCodeAt(j - 1);
        if (isWordPart(e) || e === 46 || e === 37 || ((e === 43 || e === 45) && (prev === 101 || prev === 69))) j++;
        else break;
      }
      push(Tok.Number, i, j);
      i = j;
    } else if (c === 40 || c === 91 || c === 123) {
      push(Tok.Open, i, i + 1);
      i++;
    } else if (c === 41 || c === 93 || c === 125) {
      push(Tok.Close, i, i + 1);
      i++;
    } else if ((c === 61 || c === 33 || c === 60 || c === 62) && d === 61) {
      push(Tok.Op, i, i + 2);
      i += 2;
    } else if (c === 43 || c === 45 || c === 42 || c === 47 || c === 60 || c === 62 || c === 61) {
      push(Tok.Op, i, i + 1);
      i++;
    } else if (symbolOperatorAt(src, i, n) !== undefined) {
      // A registry operator the cases above do not know (only boundaries matter here, so `<>` may be `<` then `>`).
      const j = i + (symbolOperatorAt(src, i, n) as string).length;
      push(Tok.Op, i, j);
      i = j;
    } else {
      // One character is enough: what follows is only used to find boundaries (and named in messages, whole).
      const width = c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
      push(Tok.Other, i, i + width);
      i += width;
    }
  }
  return t;
}
