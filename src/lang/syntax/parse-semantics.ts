// Ohm semantics turning the match of one declaration into AST nodes (ast.ts): declarations, blocks, entries
// and values here, expressions in parse-semantics-expr.ts.
import type { MatchResult, Node } from 'ohm-js';
import grammar from '../../../grammar/cpq.ohm-bundle.js';
import type { Diagnostics } from '../diagnostics';
import type { BlockValue, Entry, Expr, Key, NumberLit, TopDecl, Value } from './ast';
import { KEYWORDS } from './keywords';
import { entries, expr, ident, key, optional, spanOf, stringLit, syntaxError, unquote, value, withContext } from './parse-build';
import { addExpressionOperations } from './parse-semantics-expr';
import type { SourceMap } from './source';

const semantics = grammar.createSemantics();

semantics.addOperation<TopDecl>('decl', {
  Product(kw, name, block) {
    return { kind: 'product', name: stringLit(name), entries: entries(block), span: spanOf(this), keyword: spanOf(kw) };
  },
  Translations(kw, lang, block) {
    return { kind: 'translations', lang: key(lang), entries: entries(block), span: spanOf(this), keyword: spanOf(kw) };
  },
  Group(kw, id, block) {
    return { kind: 'group', id: ident(id), entries: entries(block), span: spanOf(this), keyword: spanOf(kw) };
  },
  Field(kw, id, _colon, type, group, block) {
    return {
      kind: 'field',
      id: ident(id),
      type: { name: type.sourceString, span: spanOf(type) },
      group: optional(group, (g) => ident(g.child(1))),
      entries: entries(block),
      span: spanOf(this),
      keyword: spanOf(kw),
    };
  },
  Let(kw, id, _eq, e) {
    return { kind: 'let', id: ident(id), expr: expr(e), span: spanOf(this), keyword: spanOf(kw) };
  },
  Table(kw, id, _colon, tableKind, block) {
    return {
      kind: 'table',
      id: ident(id),
      tableKind: { name: tableKind.sourceString, span: spanOf(tableKind) },
      entries: entries(block),
      span: spanOf(this),
      keyword: spanOf(kw),
    };
  },
  Price(kw, block) {
    return { kind: 'price', entries: entries(block), span: spanOf(this), keyword: spanOf(kw) };
  },
  Output(kw, id, visibility, block) {
    return {
      kind: 'output',
      id: ident(id),
      internal: optional(visibility, (v) => v.sourceString === 'internal') ?? false,
      entries: entries(block),
      span: spanOf(this),
      keyword: spanOf(kw),
    };
  },
  OptionSet(kw, id, block) {
    return { kind: 'options', id: ident(id), entries: entries(block), span: spanOf(this), keyword: spanOf(kw) };
  },
  Test(kw, name, block) {
    return { kind: 'test', name: stringLit(name), entries: entries(block), span: spanOf(this), keyword: spanOf(kw) };
  },
  Rule(kind, id, block) {
    return {
      kind: 'rule',
      severity: kind.sourceString === 'error' ? 'error' : 'warning',
      id: ident(id),
      entries: entries(block),
      span: spanOf(this),
      keyword: spanOf(kind),
    };
  },
  Constraint(kw, id, block) {
    return { kind: 'constraint', id: ident(id), entries: entries(block), span: spanOf(this), keyword: spanOf(kw) };
  },
  Repeat(kw, index, _in, from, _dots, to, count, _open, decls, _close) {
    const decl: TopDecl = {
      kind: 'repeat',
      index: ident(index),
      from: expr(from) as NumberLit,
      to: expr(to) as NumberLit,
      decls: [],
      span: spanOf(this),
      keyword: spanOf(kw),
    };
    const c = optional(count, (n) => expr(n.child(1)));
    if (c) decl.count = c;
    decl.decls = decls.children.map((d): TopDecl => d.decl());
    return decl;
  },
});

semantics.addOperation<Entry[]>('entries', {
  Block(_open, bodies, commas, _close) {
    const list: Entry[] = [];
    let separated = true;
    bodies.children.forEach((body, i) => {
      const entry: Entry = body.entry();
      const previous = list[list.length - 1];
      // `expect` starts its entry unmistakably: `test "t" { given { … } expect valid }` fits on one line.
      if (previous && !separated && previous.span.endLine === entry.span.line && entry.kind !== 'expect') {
        syntaxError(entry.span, 'expected "," or a new line between two entries', false);
      }
      list.push(entry);
      separated = (commas.child(i)?.numChildren ?? 0) > 0;
    });
    return list;
  },
});

semantics.addOperation<Entry>('entry', {
  EntryBody(first, rest) {
    const span = spanOf(this);
    // The entry starts at `expect`, where a failing expectation is reported.
    if (first.ctorName === 'kwExpect') return { ...(rest.expectation() as Entry), span };
    if (first.ctorName === 'LineKind') {
      const [id, , label, , amount, when] = rest.children as [Node, Node, Node, Node, Node, Node];
      const entry: Entry = {
        kind: 'line',
        lineKind: first.sourceString === 'surcharge' ? 'surcharge' : 'line',
        id: ident(id),
        label: value(label),
        amount: expr(amount),
        span,
      };
      const w = optional(when, (n) => expr(n.child(1)));
      if (w) entry.when = w;
      return entry;
    }
    const k = key(first);
    const tail = rest.child(1);
    if (tail.ctorName !== 'ItemValue') return { kind: 'prop', key: k, value: value(tail), span };
    if (k.kind !== 'name') syntaxError(k.span, `expected a name before "=", found ${k.text}`);
    else if (KEYWORDS.has(k.text)) syntaxError(k.span, `expected a name, found the keyword "${k.text}"`);
    const item: Entry = { kind: 'item', id: { name: k.text, span: k.span }, value: expr(tail.child(0)), span };
    const w = optional(tail.child(1), (n) => expr(n.child(1)));
    if (w) item.when = w;
    return item;
  },
});

semantics.addOperation<Entry>('expectation', {
  Expectation_error(_error, rule) {
    return { kind: 'expect', what: 'error', target: ident(rule), span: spanOf(this) };
  },
  Expectation_value(target, _dots, items, _eq, minus, n) {
    const number: Expr = n.expr();
    const entry: Entry = {
      kind: 'expect',
      what: 'value',
      target: { name: target.sourceString, span: spanOf(target) },
      span: spanOf(this),
    };
    const item = items.numChildren > 0 ? items.child(0) : undefined;
    if (item) entry.item = { name: item.sourceString, span: spanOf(item) };
    entry.value = number.kind === 'number' ? (minus.numChildren > 0 ? -number.value : number.value) : 0;
    return entry;
  },
  Expectation_valid(_valid) {
    return { kind: 'expect', what: 'valid', span: spanOf(this) };
  },
});

semantics.addOperation<Key>('key', {
  Key(k) {
    const span = spanOf(this);
    const text = k.sourceString;
    if (k.ctorName === 'string') return { kind: 'string', text: unquote(text), value: 0, span };
    if (k.ctorName === 'number') {
      const n: Expr = k.expr();
      return { kind: 'number', text, value: n.kind === 'number' ? n.value : 0, span };
    }
    if (text === '*') return { kind: 'star', text, value: 0, span };
    return { kind: 'name', text, value: 0, span };
  },
});

semantics.addOperation<Value>('value', {
  Block(_open, _bodies, _commas, _close) {
    const block: BlockValue = { kind: 'block', entries: entries(this), span: spanOf(this) };
    return block;
  },
  List(_open, items, _close) {
    const list: Value[] = [];
    const values = items.numChildren > 0 ? items.child(0) : undefined;
    if (values) {
      list.push(value(values.child(0)));
      for (const v of values.child(2).children) list.push(value(v));
    }
    return { kind: 'list', items: list, span: spanOf(this) };
  },
  transKey(_at, name) {
    return { kind: 'transKey', key: name.sourceString, span: spanOf(this) };
  },
  string(_open, _chars, _close) {
    return stringLit(this);
  },
  Expr(_first, _tails) {
    return expr(this);
  },
});

addExpressionOperations(semantics);

export interface Built {
  decl: TopDecl;
  /** The builder found syntax errors the grammar does not express (keywords as names, missing separators). */
  failed: boolean;
}

/** Builds the AST of one successfully matched declaration whose text starts at `offset` in the source. */
export function buildDeclaration(match: MatchResult, map: SourceMap, offset: number, diags: Diagnostics): Built {
  const context = { map, offset, diags, failed: false };
  const decl: TopDecl = withContext(context, () => semantics(match).decl());
  return { decl, failed: context.failed };
}
