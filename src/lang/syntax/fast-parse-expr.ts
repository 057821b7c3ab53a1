// Expressions for the fast parser: the grammar's `Expr = Term OpTail*` read token by token, with the precedence
// climbing of parse-expr.ts applied as it goes (the registry's bindings, same left/right decisions, same spans), so
// the tree is the one the Ohm path builds. A chained comparison, a keyword as a name or a number too large for a
// double are syntax errors there; here they make the parser unsure.
import { type BinaryOp, COMPARISON, NEG_BINDING, NOT_BINDING, operator, rightBinding, WORD_OPERATORS } from '../operators';
import type { Expr, NumberLit } from './ast';
import { type Cursor, unsure } from './fast-cursor';
import { SYMBOL_KINDS, T } from './fast-lex';
import { unquote } from './parse-build';
import { join } from './parse-expr';

/** The operator each token kind stands for, where the lexer gives a symbol operator a kind of its own. */
const BY_KIND: (BinaryOp | undefined)[] = [];
for (const [token, kind] of SYMBOL_KINDS) BY_KIND[kind] = token;

/** `Expr`. */
export function expr(c: Cursor): Expr {
  return climb(c, 0);
}

/** `Exprs?` up to `close` (not consumed): `Expr ("," Expr)* ","?`. */
export function exprs(c: Cursor, close: T): Expr[] {
  const list: Expr[] = [];
  if (c.kind() === close) return list;
  for (;;) {
    list.push(expr(c));
    if (c.kind() !== T.Comma) return list;
    c.pos++;
    if (c.kind() === close) return list;
  }
}

/** Whether a `Term` can start with a token of this kind. */
const startsTerm = (k: T) => k === T.Word || k === T.Number || k === T.String || k === T.LParen || k === T.Minus;

/** What may follow `in`: a written list or an `Operand` (a multi-select field). */
const startsInTarget = (k: T) => k === T.LBracket || (k !== T.Minus && startsTerm(k));

/** The operator written as the word at the cursor (`and`), if it is one. */
function wordOperator(c: Cursor): BinaryOp | undefined {
  for (const op of WORD_OPERATORS) if (c.isWord(op)) return op;
  return undefined;
}

/**
 * The operator of the `OpTail` at the cursor: a binary operator, 'in' or 'not in'; undefined where the grammar's
 * `OpTail` fails at once and the expression ends (`*: 0` after a map entry is the next entry's key).
 */
function tailOp(c: Cursor): BinaryOp | 'in' | 'not in' | undefined {
  const k = c.kind();
  let op: BinaryOp | undefined;
  if (k === T.Op) op = c.text(c.pos) as BinaryOp;
  else if (k !== T.Word) op = BY_KIND[k];
  else if (c.isWord('in')) return startsInTarget(c.kind(c.pos + 1)) ? 'in' : undefined;
  else if (c.isWord('not') && c.isWord('in', c.pos + 1)) return startsInTarget(c.kind(c.pos + 2)) ? 'not in' : undefined;
  else op = wordOperator(c);
  return op !== undefined && startsTerm(c.kind(c.pos + 1)) ? op : undefined;
}

/** `Term`'s prefixes: `-`, or `not` where the grammar's lexical `#("not" ~namePart)` matches. */
function prefixAt(c: Cursor, afterPrefix: boolean): boolean {
  if (c.kind() === T.Minus) return true;
  // Spaces are skipped before the Term, not between its prefixes: `not not x` is no double negation.
  return c.isWord('not') && (!afterPrefix || c.t.start[c.pos] === c.t.end[c.pos - 1]);
}

function climb(c: Cursor, rbp: number, afterPrefix = false): Expr {
  c.enter();
  let left: Expr;
  if (prefixAt(c, afterPrefix)) {
    const at = c.pos++;
    const isNot = c.kind(at) === T.Word;
    const operand = climb(c, isNot ? NOT_BINDING : NEG_BINDING, true);
    left = { kind: isNot ? 'not' : 'neg', operand, span: join(c.span(at), operand.span) };
  } else {
    left = operand(c);
  }
  let lastComparison = false;
  for (let op = tailOp(c); op !== undefined; op = tailOp(c)) {
    const bp = op === 'in' || op === 'not in' ? COMPARISON : operator(op).binding;
    if (bp <= rbp) break;
    if (bp === COMPARISON && lastComparison) unsure();
    lastComparison = bp === COMPARISON;
    if (op === 'in' || op === 'not in') {
      const first = c.pos;
      c.pos += op === 'in' ? 1 : 2;
      if (c.kind() !== T.LBracket) {
        const set = operand(c);
        left = { kind: 'in', value: left, list: [], negate: op === 'not in', set, span: join(left.span, set.span) };
        continue;
      }
      c.expect(T.LBracket);
      const list = exprs(c, T.RBracket);
      const close = c.expect(T.RBracket);
      left = { kind: 'in', value: left, list, negate: op === 'not in', span: join(left.span, c.span(first, close)) };
    } else {
      c.pos++;
      const right = climb(c, rightBinding(op));
      left = { kind: 'binary', op, left, right, span: join(left.span, right.span) };
    }
  }
  c.depth--;
  return left;
}

/** `Operand`, with the literal and postfix forms the semantic actions make of `name PostfixTail?`. */
function operand(c: Cursor): Expr {
  const first = c.pos;
  switch (c.kind()) {
    case T.Number:
      return number(c);
    case T.String:
      c.pos++;
      return { kind: 'string', value: unquote(c.text(first)), span: c.span(first) };
    case T.LParen: {
      c.pos++;
      const inner = expr(c);
      // The parentheses belong to the expression's text, as in the Ohm path (same keys, same order).
      return { ...inner, span: c.span(first, c.expect(T.RParen)) };
    }
    case T.Word:
      return c.isWord('if') ? conditional(c) : named(c);
    default:
      return unsure();
  }
}

/** A number token as a literal (`5%` is 0.05). */
export function number(c: Cursor): NumberLit {
  const i = c.pos++;
  const text = c.text(i);
  const percent = text.charCodeAt(text.length - 1) === 37;
  const n = Number(percent ? text.slice(0, -1) : text);
  if (!Number.isFinite(n)) unsure();
  return { kind: 'number', value: percent ? n / 100 : n, percent, span: c.span(i) };
}

/** The value of a number token, as a `Key` of a block holds it. */
export function numberValue(c: Cursor): number {
  return number(c).value;
}

function conditional(c: Cursor): Expr {
  const first = c.pos++;
  const cond = expr(c);
  if (!c.isWord('then')) unsure();
  c.pos++;
  const then = expr(c);
  if (!c.isWord('else')) unsure();
  c.pos++;
  const otherwise = expr(c);
  return { kind: 'if', cond, then, else: otherwise, span: join(c.span(first), otherwise.span) };
}

function named(c: Cursor): Expr {
  const first = c.pos;
  // The grammar's Term reads the `not` of `not{x}` as a prefix, then finds no operand: no such name is read.
  if (c.src.startsWith('not{', c.t.start[first])) unsure();
  const k = c.kind(first + 1);
  if (k !== T.LParen && k !== T.LBracket && k !== T.Dot) {
    if (c.isWord('true') || c.isWord('false')) {
      c.pos++;
      return { kind: 'boolean', value: c.isWord('true', first), span: c.span(first) };
    }
    const id = c.ident();
    return { kind: 'name', name: id.name, span: id.span };
  }
  // `price.total`: the keyword `price` names the price where an attribute is read (outputs).
  const target = k === T.Dot && c.isWord('price') ? c.name() : c.ident();
  c.pos++;
  if (k === T.LParen) {
    const args = exprs(c, T.RParen);
    return { kind: 'call', callee: target, args, span: c.span(first, c.expect(T.RParen)) };
  }
  if (k === T.LBracket) {
    const key = expr(c);
    return { kind: 'index', target, key, span: c.span(first, c.expect(T.RBracket)) };
  }
  const attr = c.name();
  return { kind: 'attr', target, attr, span: c.span(first, c.pos - 1) };
}
