// The choice kind: dropdown, radio and swatch pick one option id; they differ only in how a form shows them
// (their `control`).

import type { FieldModel, OptionModel } from '../check/checked-model';
import type { Ctx } from '../check/context';
import type { Props } from '../check/props';
import { choiceChecker } from '../runtime/sent-values';
import { ADJUSTABLE_PROPS, type FieldTypeSpec, type Readers } from './spec';
import { wire } from './wire';

/** The `options` of a field that offers some (choice and multi-select fields): E_PROPERTY when there are none. */
export function readFieldOptions(ctx: Ctx, props: Props, f: FieldModel, where: string, r: Readers): OptionModel[] {
  const optionsP = props.get('options');
  const options = optionsP ? r.readOptions(ctx, optionsP.value, `field "${f.id}"`) : [];
  if (options.length === 0 && (!optionsP || optionsP.value.kind === 'block')) {
    ctx.diags.add(
      'E_PROPERTY',
      optionsP?.key.span ?? f.decl.id.span,
      `${where} needs options, like options { white { label: "White" } }`,
    );
  }
  f.options = options;
  return options;
}

function read(ctx: Ctx, props: Props, f: FieldModel, where: string, r: Readers): void {
  const options = readFieldOptions(ctx, props, f, where, r);
  const defP = props.get('default');
  const def = defP ? r.readLiteral(ctx, defP.value, 'string', `the default of ${where}`) : undefined;
  const ids = options.map((o) => o.id);
  if (defP && def !== undefined && options.length > 0 && !ids.includes(def)) {
    ctx.diags.add(
      'E_DEFAULT',
      defP.value.span,
      `the default "${def}" of ${where} is not one of its options (${r.listOf(ids)})${r.didYouMean(def, ids)}`,
    );
  }
  if (def !== undefined) f.default = def;
  const first = ids[0];
  if (def !== undefined || first !== undefined) f.fallback = def ?? first;
}

const choice = {
  props: [...ADJUSTABLE_PROPS, 'options'],
  choice: true,
  computed: false,
  valueType: 'string',
  read,
  readValue: null,
  literal: null,
  checker: choiceChecker,
  form: (f, r) => ({
    options: (f.options ?? []).map((o) => {
      const available = r.optionAvailable(f, o.id);
      return { id: o.id, label: r.text(o.label), ...o.attrs, ...(available ? { available_when: available } : {}) };
    }),
    default: r.advertisedDefault(f),
  }),
  wire: { options: wire.options(), default: wire.optional(wire.string()) },
  logic: (f, raw, fallback) => ({ if: [{ in: [raw, (f.options ?? []).map((o) => o.id)] }, raw, fallback] }),
} satisfies Omit<FieldTypeSpec, 'control'>;

export const dropdown = { ...choice, control: { control: 'select', rangeHint: false } } satisfies FieldTypeSpec;
export const radio = { ...choice, control: { control: 'radios', rangeHint: false } } satisfies FieldTypeSpec;
export const swatch = { ...choice, control: { control: 'swatches', rangeHint: false } } satisfies FieldTypeSpec;
