// Tokens of one declaration for the fast parser (fast-parse.ts), cut by the lexical rules of grammar/cpq.ohm:
// `name`, `number`, `string`, `spaces` (with comments) and the punctuation. Wherever the grammar would read a
// character differently or fail (a number followed by a letter, a malformed string, an unclosed comment, a
// character no rule starts with), the lexer gives up and Ohm decides.

import { type BinaryOp, SYMBOL_OPERATORS, symbolOperatorAt } from '../operators';
import { wordEnd } from './lexer';

export enum T {
  Word,
  Number,
  String,
  LBrace,
  RBrace,
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Colon,
  Assign,
  Dot,
  Star,
  At,
  Plus,
  Minus,
  Slash,
  Lt,
  Gt,
  Le,
  Ge,
  EqEq,
  Ne,
  /** A binary operator's symbol that the punctuation above does not lex as one token (src/lang/operators.ts). */
  Op,
  /** Past the last token. */
  End,
}

/** Reused from one declaration to the next, so that lexing allocates nothing once the arrays are large enough. */
export class Tokens {
  count = 0;
  /** Where lex() stopped when it gave up. */
  stop = 0;
  kind = new Uint8Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);

  push(kind: T, start: number, end: number): void {
    if (this.count === this.kind.length) {
      const grow = <A extends Uint8Array | Int32Array>(a: A, b: A): A => {
        b.set(a);
        return b;
      };
      this.kind = grow(this.kind, new Uint8Array(this.count * 2));
      this.start = grow(this.start, new Int32Array(this.count * 2));
      this.end = grow(this.end, new Int32Array(this.count * 2));
    }
    this.kind[this.count] = kind;
    this.start[this.count] = start;
    this.end[this.count] = end;
    this.count++;
  }
}

const isNameStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isNamePart = (c: number) => isNameStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

/** Single-character punctuation by character code; 0 where none. */
const PUNCT = new Uint8Array(128);
for (const [ch, kind] of [
  ['{', T.LBrace],
  ['}', T.RBrace],
  ['(', T.LParen],
  [')', T.RParen],
  ['[', T.LBracket],
  [']', T.RBracket],
  [',', T.Comma],
  [':', T.Colon],
  ['=', T.Assign],
  ['.', T.Dot],
  ['*', T.Star],
  ['@', T.At],
  ['+', T.Plus],
  ['-', T.Minus],
  ['/', T.Slash],
  ['<', T.Lt],
  ['>', T.Gt],
] as const) {
  PUNCT[ch.charCodeAt(0)] = kind;
}

/** Where the digits of a number end, or -1 when the grammar's `number` does not match at `i`. */
function numberEnd(src: string, i: number, end: number): number {
  const digits = (j: number) => {
    while (j < end && isDigit(src.charCodeAt(j))) j++;
    return j;
  };
  let j = digits(i);
  if (j + 1 < end && src.charCodeAt(j) === 46 && isDigit(src.charCodeAt(j + 1))) j = digits(j + 1);
  const e = src.charCodeAt(j);
  if ((e === 101 || e === 69) && j + 1 < end) {
    const s = src.charCodeAt(j + 1);
    const first = s === 43 || s === 45 ? j + 2 : j + 1;
    if (first < end && isDigit(src.charCodeAt(first))) j = digits(first);
  }
  if (j < end && src.charCodeAt(j) === 37) j++;
  return j < end && isNamePart(src.charCodeAt(j)) ? -1 : j;
}

/** Where a string opening at `i` ends (after its closing quote), or -1 when the grammar's `string` fails. */
function stringEnd(src: string, i: number, end: number): number {
  for (let j = i + 1; j < end; j++) {
    const c = src.charCodeAt(j);
    if (c === 34) return j + 1;
    if (c === 92) {
      const e = src.charCodeAt(j + 1);
      if (j + 1 >= end || (e !== 34 && e !== 92 && e !== 110 && e !== 116)) return -1;
      j++;
    } else if (c < 32 && c !== 9) return -1;
  }
  return -1;
}

/** Tokenizes `src` from `start` to `end` into `t`; false (`t.stop` set) when the grammar may read the text otherwise. */
export function lex(t: Tokens, src: string, start: number, end: number): boolean {
  t.count = 0;
  let i = start;
  const stop = () => {
    t.stop = i;
    return false;
  };
  while (i < end) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) {
      i++;
    } else if (isNameStart(c)) {
      const j = wordEnd(src, i, end);
      t.push(T.Word, i, j);
      i = j;
    } else if (isDigit(c)) {
      const j = numberEnd(src, i, end);
      if (j < 0) return stop();
      t.push(T.Number, i, j);
      i = j;
    } else if (c === 34) {
      const j = stringEnd(src, i, end);
      if (j < 0) return stop();
      t.push(T.String, i, j);
      i = j;
    } else {
      const d = i + 1 < end ? src.charCodeAt(i + 1) : 0;
      if (c === 47 && d === 47) {
        const nl = src.indexOf('\n', i);
        i = nl === -1 || nl > end ? end : nl;
      } else if (c === 47 && d === 42) {
        const close = src.indexOf('*/', i + 2);
        if (close === -1 || close + 2 > end) return stop();
        i = close + 2;
      } else if (c < 128 && EXTRA_START[c] === 1 && EXTRA.has(symbolOperatorAt(src, i, end) as BinaryOp)) {
        const j = i + (symbolOperatorAt(src, i, end) as BinaryOp).length;
        t.push(T.Op, i, j);
        i = j;
      } else if (d === 61 && (c === 61 || c === 33 || c === 60 || c === 62)) {
        t.push(c === 61 ? T.EqEq : c === 33 ? T.Ne : c === 60 ? T.Le : T.Ge, i, i + 2);
        i += 2;
      } else {
        const kind = c < 128 ? PUNCT[c] : 0;
        if (!kind) return stop();
        t.push(kind, i, i + 1);
        i++;
      }
    }
  }
  return true;
}

/**
 * The operator symbols of the registry the punctuation does not lex as one token (a new operator's), and their
 * first characters: lexed as `T.Op` where they are the longest operator symbol, so that a new operator needs no
 * change here.
 */
const EXTRA = new Set<BinaryOp>();
const EXTRA_START = new Uint8Array(128);

/** Each symbol operator as the lexer reads it without EXTRA: a token of its own kind, or more (then extra). */
export const SYMBOL_KINDS: ReadonlyMap<BinaryOp, T> = (() => {
  const probe = new Tokens();
  const kinds = new Map<BinaryOp, T>();
  for (const s of SYMBOL_OPERATORS) {
    if (lex(probe, s, 0, s.length) && probe.count === 1) kinds.set(s, probe.kind[0] as T);
    else {
      EXTRA.add(s);
      if (s.charCodeAt(0) < 128) EXTRA_START[s.charCodeAt(0)] = 1;
    }
  }
  return kinds;
})();
