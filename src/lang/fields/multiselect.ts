// multiselect: any number of its options, sent as a list of distinct option ids (`["logo", "led"]`), between
// min_selected and max_selected of them. In expressions `"logo" in extras` tests one and `count(extras)` counts them.

import type { FieldModel } from '../check/checked-model';
import type { Ctx } from '../check/context';
import type { Props } from '../check/props';
import { selectionChecker } from '../runtime/sent-values';
import type { Value } from '../syntax/ast';
import { readFieldOptions } from './choice';
import { rules } from './form-parts';
import { ADJUSTABLE_PROPS, type FieldTypeSpec, type Readers } from './spec';
import { wire } from './wire';

/**
 * A list of distinct option ids written in the schema (`default`, `when_hidden`), within the field's
 * min_selected..max_selected; undefined after reporting what is wrong with it.
 */
function readSelection(ctx: Ctx, v: Value, f: FieldModel, what: string, r: Readers): string[] | undefined {
  const ids = (f.options ?? []).map((o) => o.id);
  if (v.kind !== 'list') {
    ctx.diags.add('E_TYPE', v.span, `${what} must be a list of option ids like ["logo"]`);
    return undefined;
  }
  const out: string[] = [];
  for (const item of v.items) {
    const id = item.kind === 'string' ? item.value : item.kind === 'name' ? item.name : undefined;
    if (id === undefined || !ids.includes(id) || out.includes(id)) {
      const why = id === undefined ? 'is not an option id' : out.includes(id) ? 'is given twice' : 'is not one of its options';
      const hint = id === undefined || out.includes(id) ? '' : ` (${r.listOf(ids)})${r.didYouMean(id, ids)}`;
      ctx.diags.add('E_DEFAULT', item.span, `an item of ${what} ${why}${hint}`);
      return undefined;
    }
    out.push(id);
  }
  const min = typeof f.min === 'number' ? f.min : 0;
  const max = typeof f.max === 'number' ? f.max : ids.length;
  if (out.length < min || out.length > max) {
    ctx.diags.add('E_DEFAULT', v.span, `${what} selects ${out.length} options, outside min_selected..max_selected`);
    return undefined;
  }
  return out;
}

function read(ctx: Ctx, props: Props, f: FieldModel, where: string, r: Readers): void {
  const ids = readFieldOptions(ctx, props, f, where, r).map((o) => o.id);
  const minP = props.get('min_selected');
  const maxP = props.get('max_selected');
  const min = minP ? r.readInteger(ctx, minP.value, `min_selected of ${where}`, 0) : undefined;
  const max = maxP ? r.readInteger(ctx, maxP.value, `max_selected of ${where}`, 1) : undefined;
  if (maxP && max !== undefined && ids.length > 0 && max > ids.length) {
    ctx.diags.add('E_RANGE', maxP.value.span, `max_selected of ${where} is more than its ${ids.length} options`);
  } else if (maxP && max !== undefined && min !== undefined && min > max) {
    ctx.diags.add('E_RANGE', maxP.value.span, `max_selected of ${where} is below its min_selected ${min}`);
  }
  if (min !== undefined) f.min = min;
  if (max !== undefined) f.max = max;
  const defP = props.get('default');
  const def = defP ? readSelection(ctx, defP.value, f, `the default of ${where}`, r) : undefined;
  if (def !== undefined) f.default = def;
  f.fallback = def ?? [];
  // Without a default, no selection within min_selected > 0 can be assumed: the buyer must send one (REQUIRED).
  if (def === undefined && min !== undefined && min > 0) f.required = true;
}

export const multiselect = {
  props: [...ADJUSTABLE_PROPS, 'options', 'min_selected', 'max_selected'],
  choice: false,
  computed: false,
  valueType: 'list',
  read,
  readValue: readSelection,
  literal: null,
  checker: selectionChecker,
  form: (f, r) => ({
    options: (f.options ?? []).map((o) => ({ id: o.id, label: r.text(o.label), ...o.attrs })),
    validation: rules({ min_selected: f.min, max_selected: f.max }),
    default: r.advertisedDefault(f),
  }),
  wire: {
    options: wire.options(),
    validation: wire.optional(
      wire.object({ min_selected: wire.optional(wire.integer()), max_selected: wire.optional(wire.integer()) }),
    ),
    default: wire.optional(wire.list(wire.string())),
  },
  // The range hint is the number of options to tick ("at most 2").
  control: { control: 'checkboxes', rangeHint: true },
  logic: (f, raw, fallback) => ({
    sent: [raw, fallback, 'list', (f.options ?? []).map((o) => o.id), f.min ?? null, f.max ?? null],
  }),
} satisfies FieldTypeSpec;
