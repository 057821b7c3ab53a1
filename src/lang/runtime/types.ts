import type { Val } from './fault';

export interface Issue {
  code: string;
  message: string;
  field?: string;
  rule?: string;
  /** Where in the schema a run-time fault arose: for the schema's author, kept out of the customer's message. */
  line?: number;
  column?: number;
  /** The values that made it arise, by field name (runtime/explain.ts); empty when none can be named. */
  because: Record<string, Val>;
}

export interface FieldState {
  id: string;
  visible: boolean;
  enabled: boolean;
  required: boolean;
  value: number | string | boolean | readonly string[];
}

export interface PriceLine {
  id: string;
  kind: 'line' | 'surcharge' | 'discount';
  /** Per unit (multiplied by the quantity) or once per order (per_order lines, the quantity discount). */
  per: 'unit' | 'order';
  label: string;
  amount: number;
}

export interface Price {
  currency: string;
  /** Sum of the per-unit lines. */
  unit: number;
  /** Sum of the per-order lines. */
  charges: number;
  /** unit × quantity + charges. */
  subtotal: number;
  discount: number;
  total: number;
  lines: PriceLine[];
}

export interface Evaluation {
  /** The language messages and labels were resolved in. */
  language: string;
  /** In IR field order. */
  fields: FieldState[];
  groups: { id: string; visible: boolean; enabled: boolean }[];
  /** null when errors prevent pricing. */
  price: Price | null;
  /** Every output group (the caller filters); items whose `when` is false are left out. */
  outputs: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Text-valued items (`method = "screen print"`), by group; only groups that have one. */
  texts: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** The configuration's errors; not those of output items (outputErrors). */
  errors: Issue[];
  /**
   * Evaluation errors of output items, by group (only groups with one): they refuse a calculation that returns the
   * group, and no other, which never learns of them (errorsFor, docs/api.md).
   */
  outputErrors: ReadonlyMap<string, readonly Issue[]>;
  /** Errors found beyond `errors` (unknown configuration keys past the first 100): counted, never formatted. */
  unlistedErrors: number;
  warnings: Issue[];
  /**
   * Soft defaults (src/lang/configure/soft-defaults/adjust.ts): the fields not sent whose default the values sent exclude, with
   * the value used instead, in field order; empty for an evaluation that uses every default.
   */
  adjusted: readonly AdjustedDefault[];
}

export interface AdjustedDefault {
  field: string;
  value: Val;
  replaced: Val;
}

export interface EvaluationInput {
  configuration: Record<string, unknown>;
  quantity: number;
  /** Any requested tag (de-CH, pt-BR, garbage); negotiated against the product's languages. */
  lang?: string | undefined;
}
