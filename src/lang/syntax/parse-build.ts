// Shared by the semantic actions (parse-semantics*.ts): where the declaration being built sits in the source,
// spans, syntax errors the grammar leaves to the builder, and typed calls of the operations.
import type { Node } from 'ohm-js';
import type { Diagnostics } from '../diagnostics';
import type { Entry, Expr, Ident, Key, Span, StringLit, Value } from './ast';
import { KEYWORDS } from './keywords';
import type { Tail, Term } from './parse-expr';
import type { SourceMap } from './source';

/** Where the declaration being built sits in the whole source, and where its problems go. */
export interface BuildContext {
  map: SourceMap;
  offset: number;
  diags: Diagnostics;
  /** Set when the builder reported a syntax error that leaves the declaration unusable. */
  failed: boolean;
}

let ctx: BuildContext | null = null;

/** Runs `build` with `context` as the declaration being built; semantic actions run synchronously. */
export function withContext<T>(context: BuildContext, build: () => T): T {
  ctx = context;
  try {
    return build();
  } finally {
    ctx = null;
  }
}

function context(): BuildContext {
  if (!ctx) throw new Error('AST builder used outside buildDeclaration');
  return ctx;
}

export function spanOf(node: Node): Span {
  const c = context();
  return c.map.span(c.offset + node.source.startIdx, c.offset + node.source.endIdx);
}

/** `fatal`: the declaration cannot be checked (a missing separator, say, leaves it readable). */
export function syntaxError(span: Span, message: string, fatal = true): void {
  const c = context();
  if (fatal) c.failed = true;
  c.diags.add('E_SYNTAX', span, message);
}

/** A declared name or a reference: keywords are not allowed (the grammar leaves that to us). */
export function ident(node: Node): Ident {
  const name = node.sourceString;
  const span = spanOf(node);
  if (KEYWORDS.has(name)) syntaxError(span, `expected a name, found the keyword "${name}"`);
  return { name, span };
}

export function unquote(quoted: string): string {
  const inner = quoted.slice(1, -1);
  return inner.includes('\\') ? inner.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c)) : inner;
}

export const optional = <T>(iter: Node, f: (n: Node) => T): T | undefined =>
  iter.numChildren > 0 ? f(iter.child(0)) : undefined;

// Typed calls of the operations of parse-semantics.ts and parse-semantics-expr.ts.
export const entries = (n: Node): Entry[] => n.entries();
export const value = (n: Node): Value => n.value();
export const expr = (n: Node): Expr => n.expr();
export const exprs = (n: Node): Expr[] => n.exprs();
export const key = (n: Node): Key => n.key();
export const term = (n: Node): Term => n.term();
export const tail = (n: Node): Tail => n.tail();

export function stringLit(node: Node): StringLit {
  return { kind: 'string', value: unquote(node.sourceString), span: spanOf(node) };
}
