// What a field type is made of: one record per type (numeric.ts, choice.ts, …), collected in registry.ts. Every
// facet is required, so a type that forgets one does not compile. Records are written `satisfies FieldTypeSpec` so
// that their literal facets (computed) stay precise for the form's inferred TypeScript type (src/api/form-field.ts).

import type { FieldModel } from '../check/checked-model';
import type { Ctx } from '../check/context';
import type { readOptions } from '../check/options';
import type { Props, readExpr, readInteger, readLiteral, readNumbers } from '../check/props';
import type { didYouMean, listOf } from '../check/suggest';
import type { Condition, FieldIR, FieldValue, Text, ValueType } from '../ir';
import type { Checker } from '../runtime/fields';
import type { Value } from '../syntax/ast';
import type { WireKeys } from './wire';

/** Properties of every field type that takes values; computed types (hidden) choose their own. */
export const COMMON_PROPS = [
  'label',
  'help',
  'required',
  'default',
  'when_hidden',
  'visible_when',
  'enabled_when',
  'required_when',
] as const;

/**
 * Properties of the types whose default soft defaults may adjust (docs/schema-language.md, "Effective values"): the
 * common ones and `adjust`. Texts and dates always keep their default.
 */
export const ADJUSTABLE_PROPS = [...COMMON_PROPS, 'adjust'] as const;

/** What the form document's renderer (src/configurator/form.ts) lends a type to write its own part of a field. */
export interface FormContext {
  text(t: Text | undefined): string | undefined;
  /** A condition or computed value as the form shows it: its source and its JSON Logic. */
  condition(c: Condition | undefined): { source: string; json_logic: unknown } | undefined;
  /** What a calculation assumes when the field is not sent (absent when a required field has no default). */
  advertisedDefault(f: FieldIR): unknown;
  /** An option's availability from the values the buyer has set (src/lang/configure/export.ts), when some check reads the field. */
  optionAvailable(f: FieldIR, option: string): { source: string; json_logic: unknown } | undefined;
}

/**
 * How <cpq-configurator> (and so the backoffice preview) shows a field: the control it builds
 * (src/browser/configurator/controls/) and whether it prints the min–max range under it. `none`: the field takes
 * no input and is not shown. A new type names an existing control; only a new kind of input needs a new one.
 */
export interface ControlSpec {
  readonly control: 'number' | 'range' | 'select' | 'radios' | 'swatches' | 'checkboxes' | 'checkbox' | 'text' | 'date' | 'none';
  readonly rangeHint: boolean;
}

/**
 * The checker's readers, lent to a record's `read` facets by the checker (src/lang/check/fields.ts) rather than
 * imported: the checker reads the registry, so a record importing the checker would close the cycle check ↔ fields
 * (`npm run check:arch` allows the records the checker's types only).
 */
export interface Readers {
  readLiteral: typeof readLiteral;
  readInteger: typeof readInteger;
  readNumbers: typeof readNumbers;
  readExpr: typeof readExpr;
  readOptions: typeof readOptions;
  didYouMean: typeof didYouMean;
  listOf: typeof listOf;
}

export interface FieldTypeSpec {
  /** The properties a declaration of this type accepts (COMMON_PROPS or ADJUSTABLE_PROPS, and its own). */
  readonly props: readonly string[];
  /** Choice types: values are option ids; comparisons and map keys are checked against them; `field.attr` reads options. */
  readonly choice: boolean;
  /** A computed type has no label requirement, no sent value, and a value type inferred from its `value`. */
  readonly computed: boolean;
  /** The type of its values in expressions; null for computed types (inferred from `value`). */
  readonly valueType: ValueType | null;
  /** Checker: reads the type's own properties into the model (bounds, options, default, fallback). */
  read(ctx: Ctx, props: Props, f: FieldModel, where: string, r: Readers): void;
  /**
   * Checker: reads a value of the type written in the schema (`when_hidden`) that is not one literal (a
   * multi-select's list of option ids), undefined after reporting what is wrong; null when it is one literal of
   * the value type, read and checked by the checker (and `literal` below).
   */
  readonly readValue: ((ctx: Ctx, v: Value, f: FieldModel, what: string, r: Readers) => FieldValue | undefined) | null;
  /**
   * Checker: what a literal of the value type must further be when written for `when_hidden` (a date: "" or a
   * real date); null when being of the value type (and one of the options, for choice types) is enough.
   */
  readonly literal: { accepts(value: string | number | boolean): boolean; expected: string } | null;
  /** Runtime: validates a sent value; null for computed types, whose sent values are ignored. */
  readonly checker: ((f: FieldIR) => Checker) | null;
  /** Form document: the type's own keys of a field (validation, options, default, …), as `wire` describes them. */
  form(f: FieldIR, r: FormContext): Record<string, unknown>;
  /** The wire shape of what `form` writes, in its order; src/api/form-field.ts makes it the OpenAPI schema. */
  readonly wire: WireKeys;
  /** Browser: the control the configurator builds for it (read at build time: scripts/build-browser.mjs). */
  readonly control: ControlSpec;
  /**
   * JSON Logic of the sent value as the runtime takes it (`checker`): `raw` if the checker accepts it, else
   * `fallback` (also when nothing is sent); null for computed types, whose value is their expression's.
   */
  readonly logic: ((f: FieldIR, raw: unknown, fallback: unknown) => unknown) | null;
}
