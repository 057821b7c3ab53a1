// What the checker makes of a schema: declarations with their properties read, texts resolved and literals
// validated, expressions still as AST. The compiler turns a model without errors into the IR.

import type { FieldIR, Layout, ListPriceIR, TableCell, TableIR, Text, ValueType } from '../ir';
import type { Expr, FieldDecl, GroupDecl, Ident, LetDecl, Span, TableDecl } from '../syntax/ast';

export type Literal = number | string | boolean;

export interface ProductModel {
  name: Text;
  description?: Text;
  language: string;
  currency: string;
  minorUnits: number;
  layout: Layout;
  quantity: { min: number; max: number; step: number; default: number };
}

export interface GroupModel {
  id: string;
  label: Text;
  order: number;
  /** Position among the groups, for ties. */
  index: number;
  visibleWhen?: Expr;
  enabledWhen?: Expr;
  decl?: GroupDecl;
}

export interface OptionModel {
  id: string;
  span: Span;
  label: Text;
  attrs: Map<string, { value: Literal; span: Span }>;
  /** Not an attribute: the condition under which the option may be chosen. */
  availableWhen?: Expr;
}

/** A field as the IR will hold it, but with AST expressions, option spans, and types still being inferred. */
export interface FieldModel
  extends Omit<
    FieldIR,
    'valueType' | 'options' | 'fallback' | 'visibleWhen' | 'enabledWhen' | 'requiredWhen' | 'value' | 'valueSource'
  > {
  decl: FieldDecl;
  /** Undefined for a hidden field until its value's type is inferred. */
  valueType?: ValueType;
  options?: OptionModel[];
  fallback?: Literal | readonly string[];
  visibleWhen?: Expr;
  enabledWhen?: Expr;
  requiredWhen?: Expr;
  value?: Expr;
}

export interface TableModel {
  id: string;
  decl: TableDecl;
  ir: TableIR;
  /** Map tables: the type of the values, and where each key is written. */
  valueType?: ValueType;
  keys?: Map<string, Span>;
}

export interface LineModel {
  id: string;
  kind: 'line' | 'surcharge';
  label: Text;
  amount: Expr;
  when?: Expr;
  /** Charged once per order (a `per_order` line), not per unit. */
  perOrder: boolean;
}

export interface OutputModel {
  id: string;
  internal: boolean;
  label?: Text;
  unit?: string;
  /** `text`: the value is a string (known once types are inferred). */
  items: { id: string; value: Expr; when?: Expr; label?: Text; unit?: string; text?: boolean }[];
}

export interface RuleModel {
  id: string;
  span: Span;
  severity: 'error' | 'warning';
  when?: Expr;
  message?: Text;
  field?: Ident;
}

export interface ConstraintModel {
  id: string;
  span: Span;
  kind: 'require' | 'table';
  /** The condition every configuration meets; a table's is built from its rows. */
  holds?: Expr;
  message?: Text;
  /** Table constraints: the fields of its columns. */
  columns?: string[];
  /**
   * Table constraints: the rows as written (ir.TableCell), allowed or excluded; compiled to one `rows`
   * expression (`holds` is its equivalent condition, for the typer's checks at each cell).
   */
  table?: { rows: TableCell[][]; exclude: boolean; span: Span };
}

export interface Model {
  product: ProductModel;
  languages: string[];
  groups: GroupModel[];
  fields: FieldModel[];
  lets: LetDecl[];
  tables: TableModel[];
  price: { lines: LineModel[]; quantityDiscount: { min: number; rate: number }[] };
  outputs: OutputModel[];
  rules: RuleModel[];
  constraints: ConstraintModel[];
  /** The product's `list_prices`, resolved (check/list-prices.ts). */
  listPrices: ListPriceIR[];
  /** Run on the compiled product by src/lang/run-tests.ts; not part of the IR. */
  tests: TestModel[];
}

/** One `expect` line of a test block. */
export type Expectation =
  | { what: 'valid'; span: Span }
  /** An error rule that fires, or an issue of the calculation with this code. */
  | { what: 'error'; rule: string; span: Span }
  | { what: 'error'; code: string; span: Span }
  /** `price` (the total), `price.<total or line>`, or `<output group>.<item>`. */
  | { what: 'value'; target: string; item?: string; value: number; span: Span };

/** A `test` block (read by tests.ts, run by src/lang/run-tests.ts on the compiled product). */
export interface TestModel {
  name: string;
  given: Record<string, Literal | string[]>;
  quantity?: number;
  /** `market: "ch"` and `group: "dealer"`: priced in that market's list for that group (run-tests.ts). */
  market?: string;
  group?: string;
  /** Where `market:` (else `group:`) is written: a list that cannot be had is reported there. */
  marketSpan?: Span;
  expects: Expectation[];
}
