// Cuts a schema into its top-level declarations so that each one can be parsed, and fail, on its own.
// Also enforces the limits that protect the parser (E_LIMIT).
import type { Diagnostics } from '../diagnostics';
import { WORD_OPERATORS } from '../operators';
import { utf8Length } from '../utf8';
import { DECLARATION_KEYWORDS } from './keywords';
import { Tok, type Tokens, tokenize } from './lexer';
import type { SourceMap } from './source';

/**
 * Bytes (UTF-8) of a schema, at most: what a request carries and storage holds (in parts, src/db/parts.ts). Lexing
 * 4 MiB takes tens of milliseconds; what a schema costs beyond that follows its tokens, bounded below.
 */
export const MAX_SOURCE_BYTES = 4 * 1024 * 1024;
/**
 * Tokens (names, numbers, strings, brackets, operators, commas) of a schema, at most, its repeats' copies included.
 * The analysis holds about 130–190 bytes of heap per token (syntax tree, checked model, IR; measured in node
 * without pointer compression, bench/RESULTS.md §9 "Save at full size"), so 500,000 tokens keep a save within
 * about 95 MB there and well under the isolate's 128 MB in workerd, whose pointers are compressed. A compatibility
 * table costs about 2.4 bytes of source per token (`"v12",`), ordinary declarations 4–5.
 */
export const MAX_SOURCE_TOKENS = 500_000;
export const MAX_NESTING = 64;

export interface Chunk {
  start: number;
  end: number;
  keyword: string;
  /** Tokens [firstToken, endToken) of the declaration. */
  firstToken: number;
  endToken: number;
}

export interface Split {
  tokens: Tokens;
  chunks: Chunk[];
}

/** Words that continue a `let` expression on the next line when they end or begin a line. */
const CONTINUATION_WORDS = new Set([...WORD_OPERATORS, 'not', 'in', 'if', 'then', 'else']);

/** Returns null when a limit is exceeded (the E_LIMIT diagnostic is added; nothing else should be parsed). */
export function split(map: SourceMap, diags: Diagnostics): Split | null {
  const src = map.text;
  const bytes = utf8Length(src);
  if (bytes > MAX_SOURCE_BYTES) {
    diags.add('E_LIMIT', map.span(0, 0), `the schema is ${bytes} bytes long; at most ${MAX_SOURCE_BYTES} (4 MiB) are allowed`);
    return null;
  }
  const t = tokenize(src, MAX_SOURCE_TOKENS);
  if (t.count > MAX_SOURCE_TOKENS) {
    const at = map.span(t.start[MAX_SOURCE_TOKENS] ?? 0, t.end[MAX_SOURCE_TOKENS] ?? 0);
    const message = `the schema holds more than ${MAX_SOURCE_TOKENS} tokens (names, numbers, strings, brackets, commas); at most ${MAX_SOURCE_TOKENS} are analyzed`;
    diags.add('E_LIMIT', at, message);
    return null;
  }
  if (t.unclosedComment !== undefined) {
    const at = map.span(t.unclosedComment, t.unclosedComment + 2);
    diags.add('E_SYNTAX', at, 'this comment is never closed: "/*" needs a matching "*/"');
  }
  const text = (i: number) => src.slice(t.start[i], t.end[i]);
  // Declaration keywords are 3 to 12 letters long: most words are told apart without slicing them out.
  const isDeclKeyword = (i: number) => {
    const length = (t.end[i] ?? 0) - (t.start[i] ?? 0);
    return t.kind[i] === Tok.Word && length >= 3 && length <= 12 && DECLARATION_KEYWORDS.has(text(i));
  };
  const firstOnLine = (i: number) => i === 0 || (t.line[i] ?? 0) > (t.line[i - 1] ?? 0);
  // A declaration keyword at the start of a line, followed by what a declaration's name looks like, begins a
  // declaration even when the previous one misses a closing brace: keywords are reserved, so it cannot be a
  // property (`price: 45` and `field: width` are followed by a colon).
  const startsDeclaration = (i: number) => {
    const next = t.kind[i + 1];
    // `options {` is a choice field's own options block; a named set is `options <name> {`.
    if (next === Tok.Open && text(i) === 'options') return false;
    return next === Tok.Word || next === Tok.String || (next === Tok.Open && src.charCodeAt(t.start[i + 1] ?? 0) === 123);
  };
  const continues = (last: number, first: number) =>
    t.kind[last] === Tok.Op ||
    t.kind[first] === Tok.Op ||
    (t.kind[last] === Tok.Word && CONTINUATION_WORDS.has(text(last))) ||
    (t.kind[first] === Tok.Word && CONTINUATION_WORDS.has(text(first)));

  const chunks: Chunk[] = [];
  let i = 0;
  while (i < t.count) {
    if (!isDeclKeyword(i)) {
      const stray = i;
      while (i < t.count && !isDeclKeyword(i)) i++;
      diags.add(
        'E_SYNTAX',
        map.span(t.start[stray] ?? 0, t.end[stray] ?? 0),
        `expected a declaration (${[...DECLARATION_KEYWORDS].join(', ')}), found "${text(stray)}"`,
      );
      continue;
    }
    const keyword = text(i);
    const isLet = keyword === 'let';
    // A repeat's declarations stand directly in its block (and in the blocks of repeats in it), indented; deeper, or
    // at the start of a line, a keyword still starts a new declaration, so a brace missing inside a repeat does not
    // swallow the rest of the schema. `repeatBlocks` holds the depths of those blocks, `repeatOpen` whether the next
    // `{` opens one.
    const repeatBlocks: number[] = [];
    let repeatOpen = keyword === 'repeat';
    let depth = 0;
    let j = i + 1;
    for (; j < t.count; j++) {
      if (firstOnLine(j)) {
        const indented = (t.start[j] ?? 0) > 0 && src.charCodeAt((t.start[j] ?? 0) - 1) !== 10;
        const inRepeat = indented && repeatBlocks[repeatBlocks.length - 1] === depth;
        if (isDeclKeyword(j) && startsDeclaration(j) && !inRepeat) break;
        if (isLet && depth === 0 && !continues(j - 1, j)) break;
        if (inRepeat && text(j) === 'repeat') repeatOpen = true;
      }
      const kind = t.kind[j];
      if (kind === Tok.Open) {
        if (repeatOpen && src.charCodeAt(t.start[j] ?? 0) === 123) {
          repeatOpen = false;
          repeatBlocks.push(depth + 1);
        }
        if (++depth > MAX_NESTING) {
          diags.add('E_LIMIT', map.span(t.start[j] ?? 0, t.end[j] ?? 0), `brackets nested deeper than ${MAX_NESTING} levels`);
          return null;
        }
      } else if (kind === Tok.Close) {
        if (repeatBlocks[repeatBlocks.length - 1] === depth) repeatBlocks.pop();
        depth--;
        // A repeat's count may hold brackets before its block opens: only its closing brace ends it.
        if (!isLet && depth <= 0 && (keyword !== 'repeat' || src.charCodeAt(t.start[j] ?? 0) === 125)) {
          j++;
          break;
        }
        if (depth < 0) depth = 0;
      }
    }
    chunks.push({ start: t.start[i] ?? 0, end: t.end[j - 1] ?? 0, keyword, firstToken: i, endToken: j });
    i = j;
  }
  return { tokens: t, chunks };
}
