// The syntax tree of a schema, as built by parse.ts. Every node carries the span of the source text it came
// from; `start`/`end` are offsets into the whole source (so `source.slice(start, end)` is the node's text).
import type { BinaryOp } from '../binary-op';

/** 1-based positions; `endColumn` is the column just after the last character. */
export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  start: number;
  end: number;
  /** The text the node stands for, when it is not the source's text at start..end (a repeat's joined conditions). */
  text?: string;
}

export interface Ident {
  name: string;
  span: Span;
}

/** The binary operators: the keys of their registry (src/lang/operators.ts). */
export type { BinaryOp } from '../binary-op';

export interface NumberLit {
  kind: 'number';
  value: number;
  /** Written as a percentage (`5%`); `value` is already divided by 100. */
  percent: boolean;
  span: Span;
}
export interface StringLit {
  kind: 'string';
  value: string;
  span: Span;
}
export interface BooleanLit {
  kind: 'boolean';
  value: boolean;
  span: Span;
}
export interface NameRef {
  kind: 'name';
  name: string;
  span: Span;
}
export interface BinaryExpr {
  kind: 'binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
  span: Span;
}
export interface NotExpr {
  kind: 'not';
  operand: Expr;
  span: Span;
}
export interface NegExpr {
  kind: 'neg';
  operand: Expr;
  span: Span;
}
export interface IfExpr {
  kind: 'if';
  cond: Expr;
  then: Expr;
  else: Expr;
  span: Span;
}
export interface InExpr {
  kind: 'in';
  value: Expr;
  list: Expr[];
  negate: boolean;
  /** `value in set`: the set (a multi-select field's value) instead of a written list, which is then empty. */
  set?: Expr;
  span: Span;
}
/** `f(args)`: a built-in function, or a range/matrix table. */
export interface CallExpr {
  kind: 'call';
  callee: Ident;
  args: Expr[];
  span: Span;
}
/** `table[key]`: a map table. */
export interface IndexExpr {
  kind: 'index';
  target: Ident;
  key: Expr;
  span: Span;
}
/** `field.attr`: an option attribute of a choice field. */
export interface AttrExpr {
  kind: 'attr';
  target: Ident;
  attr: Ident;
  span: Span;
}

export type Expr =
  | NumberLit
  | StringLit
  | BooleanLit
  | NameRef
  | BinaryExpr
  | NotExpr
  | NegExpr
  | IfExpr
  | InExpr
  | CallExpr
  | IndexExpr
  | AttrExpr;

/** `{ entries }` used as a value: a text map, a nested property block, options, … */
export interface BlockValue {
  kind: 'block';
  entries: Entry[];
  span: Span;
}
export interface ListValue {
  kind: 'list';
  items: Value[];
  span: Span;
}
/** `@key`: a translation key. */
export interface TransKeyValue {
  kind: 'transKey';
  key: string;
  span: Span;
}

export type Value = Expr | BlockValue | ListValue | TransKeyValue;

/** The key of a property: `label:`, `"de-CH":`, `10:` (quantity discounts), `*:` (map table fallback). */
export interface Key {
  kind: 'name' | 'string' | 'number' | 'star';
  /** The key as a string: the name, the string's value, the number as written, or `*`. */
  text: string;
  /** For number keys. */
  value: number;
  span: Span;
}

/** `key: value`, or `key { … }` which is the same as `key: { … }`. */
export interface PropEntry {
  kind: 'prop';
  key: Key;
  value: Value;
  span: Span;
}
/** `id = expr [when cond]`: an output item. */
export interface ItemEntry {
  kind: 'item';
  id: Ident;
  value: Expr;
  when?: Expr;
  span: Span;
}
/** `line id: label = amount [when cond]` (or `surcharge`): a price line. */
export interface LineEntry {
  kind: 'line';
  lineKind: 'line' | 'surcharge';
  id: Ident;
  label: Value;
  amount: Expr;
  when?: Expr;
  span: Span;
}

/**
 * `expect …` in a `test` block: `expect error <rule>`, `expect valid`, or `expect <target>[.<item>] == <number>`
 * where the target is an output group or `price`.
 */
export interface ExpectEntry {
  kind: 'expect';
  what: 'error' | 'valid' | 'value';
  /** The rule (error), or the output group or `price` (value). */
  target?: Ident;
  item?: Ident;
  /** The expected number (value), and where it is written. */
  value?: number;
  span: Span;
}

export type Entry = PropEntry | ItemEntry | LineEntry | ExpectEntry;

interface DeclBase {
  span: Span;
  /** The declaration keyword. */
  keyword: Span;
}
export interface ProductDecl extends DeclBase {
  kind: 'product';
  name: StringLit;
  entries: Entry[];
}
export interface TranslationsDecl extends DeclBase {
  kind: 'translations';
  lang: Key;
  entries: Entry[];
}
export interface GroupDecl extends DeclBase {
  kind: 'group';
  id: Ident;
  entries: Entry[];
}
export interface FieldDecl extends DeclBase {
  kind: 'field';
  id: Ident;
  type: Ident;
  group?: Ident;
  entries: Entry[];
}
export interface LetDecl extends DeclBase {
  kind: 'let';
  id: Ident;
  expr: Expr;
}
export interface TableDecl extends DeclBase {
  kind: 'table';
  id: Ident;
  tableKind: Ident;
  entries: Entry[];
}
export interface PriceDecl extends DeclBase {
  kind: 'price';
  entries: Entry[];
}
export interface OutputDecl extends DeclBase {
  kind: 'output';
  id: Ident;
  internal: boolean;
  entries: Entry[];
}
/** `options <id> { <option> … }`: a named set of options, shared by the fields that say `options: <id>`. */
export interface OptionSetDecl extends DeclBase {
  kind: 'options';
  id: Ident;
  entries: Entry[];
}
/** `test "name" { given { … } quantity: N expect … }`: a regression case run on validate and save. */
export interface TestDecl extends DeclBase {
  kind: 'test';
  name: StringLit;
  entries: Entry[];
}
export interface RuleDecl extends DeclBase {
  kind: 'rule';
  severity: 'error' | 'warning';
  id: Ident;
  entries: Entry[];
}

/** `constraint <id> { … }`: a condition every configuration must meet, or a compatibility table. */
export interface ConstraintDecl extends DeclBase {
  kind: 'constraint';
  id: Ident;
  entries: Entry[];
}

export type Decl =
  | ProductDecl
  | TranslationsDecl
  | GroupDecl
  | FieldDecl
  | LetDecl
  | TableDecl
  | PriceDecl
  | OutputDecl
  | RuleDecl
  | ConstraintDecl
  | TestDecl
  | OptionSetDecl;

/**
 * `repeat <index> in <from>..<to> [count <expr>] { <declarations> }`: declarations written once for several
 * instances. Only the parser produces it; the expansion stage (src/lang/expand) replaces it by ordinary
 * declarations, so the checker never sees one.
 */
export interface RepeatDecl extends DeclBase {
  kind: 'repeat';
  index: Ident;
  from: NumberLit;
  to: NumberLit;
  count?: Expr;
  decls: TopDecl[];
}

/** A top-level declaration as parsed: an ordinary one, or a repeat still to be expanded. */
export type TopDecl = Decl | RepeatDecl;

/** A declaration that did not parse; what the lexer saw of it keeps the checker from cascading errors. */
export interface BrokenDecl {
  /** The declaration keyword (`field`, `let`, …). */
  keyword: string;
  /** The declared name (for `translations`, the language), when the lexer found one. */
  name?: string;
  /** Every identifier written in the declaration. */
  mentions: string[];
  span: Span;
}

export interface Schema {
  decls: Decl[];
  broken: BrokenDecl[];
}

/** What the parser reads: a schema whose repeats are not expanded yet. */
export interface ParsedSchema {
  decls: TopDecl[];
  broken: BrokenDecl[];
  /** The source's tokens (split.ts), and each repeat's: expansion counts its copies against MAX_SOURCE_TOKENS. */
  tokens: number;
  repeatTokens: Map<RepeatDecl, number>;
}

export function isExpr(v: Value): v is Expr {
  return v.kind !== 'block' && v.kind !== 'list' && v.kind !== 'transKey';
}
