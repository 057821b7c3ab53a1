// Source text → AST. Each top-level declaration is matched on its own (split.ts), so a syntax error is
// confined to its declaration; what the lexer saw of a broken declaration is kept for the checker.
import grammar from '../../../grammar/cpq.ohm-bundle.js';
import type { Diagnostics } from '../diagnostics';
import type { BrokenDecl, Expr, ParsedSchema, RepeatDecl, TopDecl } from './ast';
import { fastParseDeclaration, type Refusal } from './fast-parse';
import { Tok } from './lexer';
import { buildDeclaration } from './parse-semantics';
import type { SourceMap } from './source';
import { type Chunk, type Split, split } from './split';
import { exprDepth, exprsOf } from './walk';

/** Expressions deeper than this are refused (E_LIMIT): later stages recurse over them. */
export const MAX_EXPR_DEPTH = 500;

/**
 * Characters of declarations the fast parser refuses that Ohm then parses to explain, per analysis. Ohm takes
 * several milliseconds per KiB of a broken declaration; past this budget (or for a larger declaration) the
 * point where the fast parser stopped is reported instead, so a schema costs the same whatever is broken in it.
 */
export const MAX_OHM_CHARS = 8 * 1024;

/** Returns null when a limit stopped the analysis before parsing. */
export function parse(map: SourceMap, diags: Diagnostics): ParsedSchema | null {
  const parts = split(map, diags);
  if (!parts) return null;
  const decls: TopDecl[] = [];
  const broken: BrokenDecl[] = [];
  const repeatTokens = new Map<RepeatDecl, number>();
  const ohm = { left: MAX_OHM_CHARS };
  for (const chunk of parts.chunks) {
    const decl = parseChunk(map, chunk, diags, ohm);
    if (decl) decls.push(decl);
    else broken.push(brokenDecl(map, parts, chunk));
    if (decl?.kind === 'repeat') repeatTokens.set(decl, chunk.endToken - chunk.firstToken);
  }
  return { decls, broken, tokens: parts.tokens.count, repeatTokens };
}

function parseChunk(map: SourceMap, chunk: Chunk, diags: Diagnostics, ohm: { left: number }): TopDecl | null {
  const refusal: Refusal = { at: chunk.start, deep: false };
  const fast = fastParseDeclaration(map, chunk.start, chunk.end, refusal);
  if (fast) {
    // What the fast parser reads, Ohm reads alike: a too deep expression is refused without parsing it again.
    const deep = tooDeep(fast);
    if (!deep) return fast;
    diags.add('E_LIMIT', deep.span, `this expression is nested deeper than ${MAX_EXPR_DEPTH} levels`);
    return null;
  }
  const size = chunk.end - chunk.start;
  if (size <= ohm.left) {
    ohm.left -= size;
    return parseWithOhm(map, chunk, diags);
  }
  if (refusal.deep) {
    const keyword = map.span(chunk.start, chunk.start + chunk.keyword.length);
    diags.add('E_LIMIT', keyword, 'this declaration is nested too deeply to be parsed');
  } else {
    const token = TOKEN.exec(map.text.slice(refusal.at, Math.min(chunk.end, refusal.at + 200)))?.[0] ?? '';
    const what = token === '' ? 'end of the declaration' : token.startsWith('"') ? `string ${token}` : `"${token}"`;
    diags.add('E_SYNTAX', map.span(refusal.at, refusal.at + token.length), `unexpected ${what}`);
  }
  return null;
}

/** An expression of `decl` nested deeper than MAX_EXPR_DEPTH. */
function tooDeep(decl: TopDecl): Expr | undefined {
  return exprsOf(decl).find((e) => exprDepth(e) > MAX_EXPR_DEPTH);
}

/**
 * One declaration parsed by Ohm alone, which decides and reports every syntax error (the fast parser only
 * vouches for declarations it is sure of). Exported for test/lang/fast-parse.test.ts.
 */
export function parseWithOhm(map: SourceMap, chunk: Chunk, diags: Diagnostics): TopDecl | null {
  const text = map.text.slice(chunk.start, chunk.end);
  let match: ReturnType<typeof grammar.match>;
  try {
    match = grammar.match(text, 'Declaration');
  } catch (e) {
    // Ohm recurses once per nested `if`; a chain long enough to exhaust the stack is refused.
    if (!(e instanceof RangeError)) throw e;
    const keyword = map.span(chunk.start, chunk.start + chunk.keyword.length);
    diags.add('E_LIMIT', keyword, 'this declaration is nested too deeply to be parsed');
    return null;
  }
  if (match.failed()) {
    const local = match.getRightmostFailurePosition();
    const bad = stringProblem(text, local);
    if (bad) {
      diags.add('E_SYNTAX', map.span(chunk.start + bad.start, chunk.start + bad.end), bad.message);
    } else {
      const expected = match.getExpectedText().replace('end of input', 'the end of the declaration');
      const at = chunk.start + local;
      diags.add('E_SYNTAX', map.span(at, at + foundLength(text, local)), `expected ${expected}, found ${found(text, local)}`);
    }
    return null;
  }
  const built = buildDeclaration(match, map, chunk.start, diags);
  if (built.failed) return null;
  const deep = tooDeep(built.decl);
  if (deep) {
    diags.add('E_LIMIT', deep.span, `this expression is nested deeper than ${MAX_EXPR_DEPTH} levels`);
    return null;
  }
  return built.decl;
}

// `u`: a character outside the BMP (an emoji) is one token, never half of one.
const TOKEN = /^(?:[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9A-Za-z_.%]*|"[^"\n]*"?|==|!=|<=|>=|[^\s])/u;

/** The grammar fails a malformed string at its opening quote; say what is wrong inside it. */
function stringProblem(text: string, at: number): { start: number; end: number; message: string } | undefined {
  if (text[at] !== '"') return undefined;
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) return undefined;
    if (c === 92) {
      const e = text[i + 1];
      if (e === '"' || e === '\\' || e === 'n' || e === 't') {
        i++;
        continue;
      }
      const message = `unknown escape "\\${e ?? ''}" in a string; the escapes are \\", \\\\, \\n and \\t`;
      return { start: i, end: i + 2, message };
    }
    if (c === 10 || c === 13) break;
    if (c < 32 && c !== 9) return { start: i, end: i + 1, message: 'a string cannot hold control characters; write \\n or \\t' };
  }
  return { start: at, end: at + 1, message: 'this string is never closed: a string ends with " on the line it starts on' };
}

function foundLength(text: string, at: number): number {
  return TOKEN.exec(text.slice(at, at + 200))?.[0].length ?? 0;
}

function found(text: string, at: number): string {
  if (at >= text.length) return 'the end of the declaration';
  const token = TOKEN.exec(text.slice(at, at + 200))?.[0] ?? '';
  return token.startsWith('"') ? `the string ${token}` : `"${token}"`;
}

function brokenDecl(map: SourceMap, parts: Split, chunk: Chunk): BrokenDecl {
  const t = parts.tokens;
  const word = (i: number) => map.text.slice(t.start[i], t.end[i]);
  const mentions: string[] = [];
  for (let i = chunk.firstToken + 1; i < chunk.endToken; i++) if (t.kind[i] === Tok.Word) mentions.push(word(i));
  const b: BrokenDecl = { keyword: chunk.keyword, mentions, span: map.span(chunk.start, chunk.end) };
  const next = chunk.firstToken + 1;
  if (next < chunk.endToken) {
    if (t.kind[next] === Tok.Word) b.name = word(next);
    else if (t.kind[next] === Tok.String && chunk.keyword === 'translations') b.name = word(next).slice(1, -1);
  }
  return b;
}
