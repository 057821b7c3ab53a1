// The fast parser's position in the tokens of one declaration, and the means to give up: `unsure()` throws, and
// fastParseDeclaration (fast-parse.ts) turns that into null so that Ohm parses the declaration instead.
import type { Ident, Span } from './ast';
import { T, type Tokens } from './fast-lex';
import { KEYWORDS } from './keywords';
import type { SourceMap } from './source';

/** Thrown (never an Error, so no stack is captured) when the fast parser cannot vouch for its reading. */
export const UNSURE: unique symbol = Symbol('unsure');

export function unsure(): never {
  throw UNSURE;
}

/** Deeper than this, Ohm (which recurses more per level) is left to decide, stack overflow included. */
const MAX_DEPTH = 200;

export class Cursor {
  pos = 0;
  depth = 0;
  /** The furthest token looked at: where a declaration that does not parse stops making sense. */
  furthest = 0;

  constructor(
    readonly t: Tokens,
    readonly map: SourceMap,
  ) {}

  get src(): string {
    return this.map.text;
  }

  kind(i = this.pos): T {
    if (i > this.furthest) this.furthest = i;
    return i < this.t.count ? (this.t.kind[i] as T) : T.End;
  }

  /** Whether token `i` is the word `word` (compared in place: most words are not keywords). */
  isWord(word: string, i = this.pos): boolean {
    if (this.kind(i) !== T.Word) return false;
    const start = this.t.start[i] ?? 0;
    if ((this.t.end[i] ?? 0) - start !== word.length) return false;
    for (let k = 0; k < word.length; k++) if (this.src.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
    return true;
  }

  text(i: number): string {
    return this.src.slice(this.t.start[i], this.t.end[i]);
  }

  /** From the start of token `first` to the end of token `last`. */
  span(first: number, last = first): Span {
    return this.map.span(this.t.start[first] ?? 0, this.t.end[last] ?? 0);
  }

  expect(kind: T): number {
    if (this.kind() !== kind) unsure();
    return this.pos++;
  }

  enter(): void {
    if (++this.depth > MAX_DEPTH) unsure();
  }

  /** Whether it gave up for the depth (entered levels are not left when it gives up). */
  tooDeep(): boolean {
    return this.depth > MAX_DEPTH;
  }

  /** The grammar's `name`: any word but `if`. */
  name(): Ident {
    if (this.kind() !== T.Word || this.isWord('if')) unsure();
    const i = this.pos++;
    return { name: this.text(i), span: this.span(i) };
  }

  /** A declared name or a reference: a keyword here is a syntax error, which Ohm's path reports. */
  ident(): Ident {
    const id = this.name();
    if (KEYWORDS.has(id.name)) unsure();
    return id;
  }
}
