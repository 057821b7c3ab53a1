// A fast path in front of Ohm: a recursive-descent reading of one top-level declaration (a chunk of split.ts) that
// builds exactly the AST the Ohm path builds (parse-semantics*.ts: same nodes, same keys, same spans), or returns
// null when it is not sure. It follows grammar/cpq.ohm's ordered choices and greedy repetitions, and gives up on
// anything the grammar rejects and on anything the semantic actions would report; Ohm then parses the declaration
// and says what is wrong. test/lang/fast-parse.test.ts compares both on examples and thousands of mutations.
import type { BlockValue, Entry, Expr, Ident, Key, StringLit, TopDecl, Value } from './ast';
import { Cursor, UNSURE, unsure } from './fast-cursor';
import { lex, T, Tokens } from './fast-lex';
import { expr, number, numberValue } from './fast-parse-expr';
import { KEYWORDS } from './keywords';
import { unquote } from './parse-build';
import type { SourceMap } from './source';

const tokens = new Tokens();

/** Where and why the fast parser gave up on a declaration, for when Ohm is not asked to explain it (parse.ts). */
export interface Refusal {
  /** Source offset of the first character it could not read. */
  at: number;
  /** It gave up because the declaration nests too deeply for it, not at something the grammar rejects. */
  deep: boolean;
}

/** The declaration written from `start` to `end` of the source, or null for Ohm to parse (`refusal` then says where). */
export function fastParseDeclaration(map: SourceMap, start: number, end: number, refusal?: Refusal): TopDecl | null {
  const refuse = (at: number, deep = false) => {
    if (refusal) Object.assign(refusal, { at, deep });
    return null;
  };
  if (!lex(tokens, map.text, start, end)) return refuse(tokens.stop);
  if (tokens.count === 0) return refuse(start);
  const c = new Cursor(tokens, map);
  const here = () => {
    const i = Math.max(c.pos, c.furthest);
    return i < tokens.count ? (tokens.start[i] ?? end) : end;
  };
  try {
    const decl = declaration(c);
    return c.pos === tokens.count ? decl : refuse(here());
  } catch (e) {
    if (e === UNSURE || e instanceof RangeError) return refuse(here(), e instanceof RangeError || c.tooDeep());
    throw e;
  }
}

function declaration(c: Cursor): TopDecl {
  const kw = c.pos++;
  const keyword = c.span(kw);
  const end = () => c.span(kw, c.pos - 1);
  switch (c.text(kw)) {
    case 'product': {
      const name = stringLit(c);
      const entries = block(c);
      return { kind: 'product', name, entries, span: end(), keyword };
    }
    case 'translations': {
      const lang = key(c);
      const entries = block(c);
      return { kind: 'translations', lang, entries, span: end(), keyword };
    }
    case 'group': {
      const id = c.ident();
      const entries = block(c);
      return { kind: 'group', id, entries, span: end(), keyword };
    }
    case 'field': {
      const id = c.ident();
      c.expect(T.Colon);
      const type = c.name();
      let group: Ident | undefined;
      if (c.isWord('in')) {
        c.pos++;
        group = c.ident();
      }
      const entries = block(c);
      return { kind: 'field', id, type, group, entries, span: end(), keyword };
    }
    case 'let': {
      const id = c.ident();
      c.expect(T.Assign);
      const e = expr(c);
      return { kind: 'let', id, expr: e, span: end(), keyword };
    }
    case 'table': {
      const id = c.ident();
      c.expect(T.Colon);
      const tableKind = c.name();
      const entries = block(c);
      return { kind: 'table', id, tableKind, entries, span: end(), keyword };
    }
    case 'price': {
      const entries = block(c);
      return { kind: 'price', entries, span: end(), keyword };
    }
    case 'output': {
      const id = c.ident();
      const internal = c.isWord('internal');
      if (internal || c.isWord('public')) c.pos++;
      const entries = block(c);
      return { kind: 'output', id, internal, entries, span: end(), keyword };
    }
    case 'options': {
      const id = c.ident();
      const entries = block(c);
      return { kind: 'options', id, entries, span: end(), keyword };
    }
    case 'test': {
      const name = stringLit(c);
      const entries = block(c);
      return { kind: 'test', name, entries, span: end(), keyword };
    }
    case 'error':
    case 'warning': {
      const severity = c.isWord('error', kw) ? 'error' : 'warning';
      const id = c.ident();
      const entries = block(c);
      return { kind: 'rule', severity, id, entries, span: end(), keyword };
    }
    case 'constraint': {
      const id = c.ident();
      const entries = block(c);
      return { kind: 'constraint', id, entries, span: end(), keyword };
    }
    case 'repeat':
      return repeat(c, kw);
    default:
      return unsure();
  }
}

/** `Repeat`, after its keyword at `kw`: `index in from..to [count expr] { declarations }`. */
function repeat(c: Cursor, kw: number): TopDecl {
  const index = c.ident();
  if (!c.isWord('in')) unsure();
  c.pos++;
  if (c.kind() !== T.Number) unsure();
  const from = number(c);
  // `".."` is one terminal of the grammar: the two dots touch.
  if (c.kind() !== T.Dot || c.kind(c.pos + 1) !== T.Dot || c.t.end[c.pos] !== c.t.start[c.pos + 1]) unsure();
  c.pos += 2;
  if (c.kind() !== T.Number) unsure();
  const to = number(c);
  let count: Expr | undefined;
  if (c.isWord('count')) {
    c.pos++;
    count = expr(c);
  }
  c.expect(T.LBrace);
  c.enter();
  const decls: TopDecl[] = [];
  while (c.kind() !== T.RBrace) {
    if (c.kind() !== T.Word) unsure();
    decls.push(declaration(c));
  }
  c.pos++;
  c.depth--;
  const decl: TopDecl = { kind: 'repeat', index, from, to, decls, span: c.span(kw, c.pos - 1), keyword: c.span(kw) };
  if (count) decl.count = count;
  return decl;
}

function stringLit(c: Cursor): StringLit {
  const i = c.expect(T.String);
  return { kind: 'string', value: unquote(c.text(i)), span: c.span(i) };
}

/** `Block`'s entries; two entries on one line without a comma are reported by the Ohm path. */
function block(c: Cursor): Entry[] {
  c.expect(T.LBrace);
  c.enter();
  const list: Entry[] = [];
  let separated = true;
  while (c.kind() !== T.RBrace) {
    const entry = entryBody(c);
    const previous = list[list.length - 1];
    if (previous && !separated && previous.span.endLine === entry.span.line && entry.kind !== 'expect') unsure();
    list.push(entry);
    separated = c.kind() === T.Comma;
    if (separated) c.pos++;
  }
  c.pos++;
  c.depth--;
  return list;
}

function key(c: Cursor): Key {
  const i = c.pos;
  const span = c.span(i);
  switch (c.kind()) {
    case T.Word:
      if (c.isWord('if')) unsure();
      c.pos++;
      return { kind: 'name', text: c.text(i), value: 0, span };
    case T.String:
      c.pos++;
      return { kind: 'string', text: unquote(c.text(i)), value: 0, span };
    case T.Number:
      return { kind: 'number', text: c.text(i), value: numberValue(c), span };
    case T.Star:
      c.pos++;
      return { kind: 'star', text: '*', value: 0, span };
    default:
      return unsure();
  }
}

/** `EntryBody`: `Key EntryTail` first, then `LineKind LineRest` (so `line: 5` is a property). */
function entryBody(c: Cursor): Entry {
  const first = c.pos;
  const k = key(c);
  switch (c.kind()) {
    case T.Colon: {
      c.pos++;
      const v = value(c);
      return { kind: 'prop', key: k, value: v, span: c.span(first, c.pos - 1) };
    }
    case T.LBrace: {
      const v = blockValue(c);
      return { kind: 'prop', key: k, value: v, span: c.span(first, c.pos - 1) };
    }
    case T.Assign: {
      c.pos++;
      if (k.kind !== 'name' || KEYWORDS.has(k.text)) unsure();
      const v = expr(c);
      const w = when(c);
      const item: Entry = { kind: 'item', id: { name: k.text, span: k.span }, value: v, span: c.span(first, c.pos - 1) };
      if (w) item.when = w;
      return item;
    }
    default:
      return k.kind === 'name' && k.text === 'expect' ? expectation(c, first) : line(c, first);
  }
}

/** `kwExpect Expectation`, from the `expect` at `first`: `error rule`, `target[.item] == [-]number`, `valid`. */
function expectation(c: Cursor, first: number): Entry {
  if (c.isWord('error')) {
    c.pos++;
    const target = c.ident();
    return { kind: 'expect', what: 'error', target, span: c.span(first, c.pos - 1) };
  }
  if (c.isWord('valid') && c.kind(c.pos + 1) !== T.Dot && c.kind(c.pos + 1) !== T.EqEq) {
    c.pos++;
    return { kind: 'expect', what: 'valid', span: c.span(first, c.pos - 1) };
  }
  const target = c.name();
  const entry: Entry = { kind: 'expect', what: 'value', target, span: c.span(first) };
  if (c.kind() === T.Dot) {
    c.pos++;
    entry.item = c.name();
  }
  c.expect(T.EqEq);
  const negative = c.kind() === T.Minus;
  if (negative) c.pos++;
  if (c.kind() !== T.Number) unsure();
  const n = numberValue(c);
  entry.value = negative ? -n : n;
  entry.span = c.span(first, c.pos - 1);
  return entry;
}

/** `LineKind LineRest`, from the `line` or `surcharge` keyword at `first`. */
function line(c: Cursor, first: number): Entry {
  const surcharge = c.isWord('surcharge', first);
  if (!surcharge && !c.isWord('line', first)) unsure();
  const id = c.ident();
  c.expect(T.Colon);
  const label = textValue(c);
  c.expect(T.Assign);
  const amount = expr(c);
  const w = when(c);
  const entry: Entry = {
    kind: 'line',
    lineKind: surcharge ? 'surcharge' : 'line',
    id,
    label,
    amount,
    span: c.span(first, c.pos - 1),
  };
  if (w) entry.when = w;
  return entry;
}

function when(c: Cursor): Expr | undefined {
  if (!c.isWord('when')) return undefined;
  c.pos++;
  return expr(c);
}

/** `Value = Expr | Block | List | transKey`: which one is told by the first token. */
function value(c: Cursor): Value {
  switch (c.kind()) {
    case T.LBrace:
      return blockValue(c);
    case T.LBracket:
      return list(c);
    case T.At:
      return transKey(c);
    default:
      return expr(c);
  }
}

/** `TextValue = Block | transKey | string`. */
function textValue(c: Cursor): Value {
  switch (c.kind()) {
    case T.LBrace:
      return blockValue(c);
    case T.At:
      return transKey(c);
    default:
      return stringLit(c);
  }
}

function blockValue(c: Cursor): BlockValue {
  const first = c.pos;
  const entries = block(c);
  return { kind: 'block', entries, span: c.span(first, c.pos - 1) };
}

function list(c: Cursor): Value {
  const first = c.pos++;
  c.enter();
  const items: Value[] = [];
  while (c.kind() !== T.RBracket) {
    items.push(value(c));
    if (c.kind() !== T.Comma) break;
    c.pos++;
  }
  const close = c.expect(T.RBracket);
  c.depth--;
  return { kind: 'list', items, span: c.span(first, close) };
}

/** `transKey = "@" name`, a lexical rule: nothing may stand between `@` and the name. */
function transKey(c: Cursor): Value {
  const at = c.pos++;
  if (c.kind() !== T.Word || c.t.start[c.pos] !== c.t.end[at]) unsure();
  const name = c.name();
  return { kind: 'transKey', key: name.name, span: c.span(at, c.pos - 1) };
}
