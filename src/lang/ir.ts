// The compiled form of a product schema: plain JSON, stored with each product version so that serving a request
// never re-parses source. `instantiate` (runtime.ts) turns it into closures once per isolate.

import type { BinaryOp } from './binary-op';

/**
 * 6: a compatibility table is one `rows` expression (its columns and cells, as written), no longer an `or` of `and`s
 * of comparisons per cell: the stored form of a table is about the size of its source, not 24 times it. Fields
 * offering one option set share its options, stored once (ir-json.ts).
 * 5: multi-select fields: the value type `list` (a field's fallback, default and whenHidden may be a list of option
 * ids) and `in` with a `set` (`"led" in extras`); older versions are recompiled on load like any other.
 * 4: constraints (`constraints`, options' `availableWhen`) and the schema positions of fields, rules and options
 * (`at`), which errors, warnings and reasons report.
 * 3: a field that is not visible has its `whenHidden` value, or its type's empty value (no longer its default);
 * a stored version of 2 is recompiled on load so that its fields carry `whenHidden`.
 * 2: text patterns are RE2 (re2js), no longer JavaScript RegExp; a stored version whose pattern RE2 cannot run is
 * recompiled on load and then refused clearly instead of silently rejecting every value.
 * 3: per-order price lines (`perOrder`), output items that read the price, text items and output labels/units.
 */
export const IR_VERSION = 6;

/** A translatable text: language tag → string. Always has the product's default language. */
export type Text = Record<string, string>;

/** `list`: the option ids a multi-select field holds (only such fields have list values). */
export type ValueType = 'number' | 'string' | 'boolean' | 'list';

/** A field's literal value: a number, string or boolean, or a multi-select field's list of option ids. */
export type FieldValue = number | string | boolean | readonly string[];

export type Layout = 'sections' | 'tabs' | 'accordion' | 'inline';

/**
 * The field types: exactly the keys of the registry, where each type is one record (src/lang/fields/registry.ts
 * checks it). Named here rather than derived from the registry, whose records the checker and the runtime read, so
 * that the IR imports nothing above it.
 */
export type FieldType =
  | 'number'
  | 'slider'
  | 'quantity'
  | 'dropdown'
  | 'radio'
  | 'swatch'
  | 'multiselect'
  | 'checkbox'
  | 'text'
  | 'date'
  | 'hidden';

/** Where an expression came from, for run-time error messages. 1-based. */
export interface Span {
  line: number;
  column: number;
}

/** The binary operators: the keys of their registry (src/lang/operators.ts). */
export type { BinaryOp } from './binary-op';

export type Expr =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'bool'; v: boolean }
  /** A field, a let, or the built-in `quantity`. */
  | { k: 'ref'; name: string }
  | { k: 'bin'; op: BinaryOp; a: Expr; b: Expr; at: Span }
  | { k: 'not'; a: Expr }
  | { k: 'neg'; a: Expr }
  | { k: 'if'; c: Expr; t: Expr; e: Expr }
  /** `a in [list]`, or `a in set` when `set` (a multi-select field's value) is given and `list` is empty. */
  | { k: 'in'; a: Expr; list: Expr[]; negate: boolean; set?: Expr }
  | { k: 'call'; fn: string; args: Expr[]; at: Span }
  /** range or matrix table call: `base_price(width, height)` */
  | { k: 'table'; table: string; args: Expr[]; at: Span }
  /** map table index: `glass_price[glass]` */
  | { k: 'index'; table: string; key: Expr; at: Span }
  /** option attribute of a choice field: `colour.price` */
  | { k: 'attr'; field: string; attr: string }
  /**
   * A compatibility table's rows: true when some row matches, each of its cells matching its column's field (see
   * TableCell). Evaluated through an index (runtime/rows.ts), not row by row.
   */
  | { k: 'rows'; columns: string[]; rows: TableCell[][]; at: Span };

/**
 * A compatibility table's cell: one option id, a list of option ids (any of them; two or more, distinct), or null,
 * the wildcard, matching any value. A list lets a row stand for many without writing one row per option.
 */
export type TableCell = string | readonly string[] | null;

/** A condition as the form shows it: the source text, and the compiled expression. */
export interface Condition {
  source: string;
  expr: Expr;
}

export interface OptionIR {
  id: string;
  label: Text;
  /** Literal attributes other than label (colour, image, price, …). */
  attrs: Record<string, number | string | boolean>;
  /** The option may only be chosen when this holds (a constraint of its own, not an attribute). */
  availableWhen?: Condition;
  /** Where the option is declared (its id); given with `availableWhen`. */
  at?: Span;
}

export interface FieldIR {
  id: string;
  type: FieldType;
  valueType: ValueType;
  group: string;
  label?: Text;
  help?: Text;
  unit?: string;
  min?: number | string;
  max?: number | string;
  step?: number;
  maxLength?: number;
  pattern?: string;
  presets?: number[];
  options?: OptionIR[];
  /** The declared default, if any. */
  default?: FieldValue;
  /** The value used when none is sent (declared default or the type's fallback). */
  fallback: FieldValue;
  /** The declared `when_hidden`: the value while the field is not visible (else its type's empty value). */
  whenHidden?: FieldValue;
  required: boolean;
  visibleWhen?: Condition;
  enabledWhen?: Condition;
  requiredWhen?: Condition;
  /**
   * `adjust: ask`: a default the values sent exclude is not adjusted (soft defaults, configure/soft-defaults/adjust.ts): the field
   * is required instead. Absent: adjusted (`adjust: auto`).
   */
  adjust?: 'ask';
  /** hidden fields: the computed value, and its source text for the form. */
  value?: Expr;
  valueSource?: string;
  /** Where the field is declared (its name). */
  at?: Span;
}

export interface GroupIR {
  id: string;
  label: Text;
  order: number;
  visibleWhen?: Condition;
  enabledWhen?: Condition;
}

export type TableIR =
  | { kind: 'map'; entries: Record<string, number | string | boolean>; fallback?: number | string | boolean }
  | { kind: 'range'; lookup: 'next' | 'interpolate'; bands: number[]; values: number[] }
  | { kind: 'matrix'; lookup: 'next' | 'interpolate'; rows: number[]; columns: number[]; values: number[][] };

export interface LineIR {
  id: string;
  kind: 'line' | 'surcharge';
  label: Text;
  amount: Expr;
  when?: Expr;
  /** Charged once per order, not per unit (docs/api.md "Money"). */
  perOrder?: true;
}

export interface OutputItemIR {
  id: string;
  value: Expr;
  when?: Expr;
  label?: Text;
  unit?: string;
  /** The value is a string (a print method, a colour name): served in `texts`, never among the numbers. */
  text?: true;
}

export interface OutputIR {
  id: string;
  internal: boolean;
  label?: Text;
  /** The unit of the group's items, unless an item has its own. */
  unit?: string;
  items: OutputItemIR[];
}

export interface RuleIR {
  id: string;
  severity: 'error' | 'warning';
  when: Expr;
  message: Text;
  field?: string;
  /** Where the rule is declared (its name). */
  at?: Span;
}

/** A `constraint`: `holds` is true for every configuration it allows (a table's: its `rows`, negated to exclude). */
export interface ConstraintIR {
  id: string;
  kind: 'require' | 'table';
  holds: Expr;
  message: Text;
  at: Span;
  /** Table constraints: the fields of its columns. */
  columns?: string[];
}

/**
 * Numbers the modeller declared list prices (`list_prices`, docs/schema-language.md "Price lists"): what a price
 * list may replace (src/lang/price-points.ts keys them, src/lang/price-book.ts replaces them).
 * - `option`: the attribute `attr` of each option of `fields` holding it as a number; `name` is the option set the
 *   fields share, or the one field whose own options they are;
 * - `table`: every value of a table of numbers (a map table's `*` fallback too);
 * - `line`: a price line whose amount is a number.
 */
export type ListPriceIR =
  | { kind: 'option'; name: string; fields: string[]; attr: string }
  | { kind: 'table'; table: string }
  | { kind: 'line'; line: string };

export interface ProductIR {
  irVersion: typeof IR_VERSION;
  name: Text;
  description?: Text;
  language: string;
  /** Every language some text is given in, default language first. */
  languages: string[];
  currency: string;
  /** Decimal places of the currency's minor unit. */
  minorUnits: number;
  layout: Layout;
  quantity: { min: number; max: number; step: number; default: number };
  /** Ordered as the form shows them (by order, then declaration). Only groups that have fields. */
  groups: GroupIR[];
  /** In declaration order. */
  fields: FieldIR[];
  /** Lets by name. Dependencies are acyclic (checked), so evaluation on demand terminates. */
  lets: Record<string, Expr>;
  tables: Record<string, TableIR>;
  price: { lines: LineIR[]; quantityDiscount: { min: number; rate: number }[] };
  outputs: OutputIR[];
  rules: RuleIR[];
  constraints: ConstraintIR[];
  /** Declared list prices, in declaration order; absent when none is declared. */
  listPrices?: ListPriceIR[];
}
