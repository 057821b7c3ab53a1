// multiselect: any number of its options, sent as a list of distinct option ids (`["logo", "led"]`), between
// min_selected and max_selected of them. In expressions `"logo" in extras` tests one and `count(extras)` counts them.
import { z } from '@hono/zod-openapi';
import type { Ctx } from '../check/context';
import type { FieldModel } from '../check/model';
import { type Props, readInteger } from '../check/props';
import { didYouMean, listOf } from '../check/suggest';
import type { FieldIR } from '../ir';
import { type Checker, echo, report } from '../runtime/fields';
import { Option, readFieldOptions } from './choice';
import { rules } from './form-parts';
import { COMMON_PROPS, type FieldTypeSpec } from './spec';

function readDefault(ctx: Ctx, props: Props, ids: readonly string[], where: string): string[] | undefined {
  const defP = props.get('default');
  if (!defP) return undefined;
  const v = defP.value;
  if (v.kind !== 'list') {
    ctx.diags.add('E_TYPE', v.span, `the default of ${where} must be a list of option ids like ["logo"]`);
    return undefined;
  }
  const out: string[] = [];
  for (const item of v.items) {
    const id = item.kind === 'string' ? item.value : item.kind === 'name' ? item.name : undefined;
    if (id === undefined || !ids.includes(id) || out.includes(id)) {
      const why = id === undefined ? 'is not an option id' : out.includes(id) ? 'is given twice' : 'is not one of its options';
      const hint = id === undefined || out.includes(id) ? '' : ` (${listOf(ids)})${didYouMean(id, ids)}`;
      ctx.diags.add('E_DEFAULT', item.span, `an item of the default of ${where} ${why}${hint}`);
      return undefined;
    }
    out.push(id);
  }
  return out;
}

function read(ctx: Ctx, props: Props, f: FieldModel, where: string): void {
  const ids = readFieldOptions(ctx, props, f, where).map((o) => o.id);
  const minP = props.get('min_selected');
  const maxP = props.get('max_selected');
  const min = minP ? readInteger(ctx, minP.value, `min_selected of ${where}`, 0) : undefined;
  const max = maxP ? readInteger(ctx, maxP.value, `max_selected of ${where}`, 1) : undefined;
  if (maxP && max !== undefined && ids.length > 0 && max > ids.length) {
    ctx.diags.add('E_RANGE', maxP.value.span, `max_selected of ${where} is more than its ${ids.length} options`);
  } else if (maxP && max !== undefined && min !== undefined && min > max) {
    ctx.diags.add('E_RANGE', maxP.value.span, `max_selected of ${where} is below its min_selected ${min}`);
  }
  if (min !== undefined) f.min = min;
  if (max !== undefined) f.max = max;
  const def = readDefault(ctx, props, ids, where);
  if (def !== undefined && ((min !== undefined && def.length < min) || (max !== undefined && def.length > max))) {
    ctx.diags.add(
      'E_DEFAULT',
      props.get('default')?.value.span ?? f.decl.id.span,
      `the default of ${where} selects ${def.length} options, outside min_selected..max_selected`,
    );
  }
  if (def !== undefined) f.default = def;
  f.fallback = def ?? [];
}

function checker(f: FieldIR): Checker {
  const ids = new Set((f.options ?? []).map((o) => o.id));
  const min = typeof f.min === 'number' ? f.min : 0;
  const max = typeof f.max === 'number' ? f.max : ids.size;
  return (raw, out) => {
    if (!Array.isArray(raw)) return report(out, 'INVALID_TYPE', 'INVALID_SELECTION');
    // Longer than the options can be only with a repeat or an unknown id: refused before any item is looked at.
    if (raw.length > ids.size) return report(out, 'ABOVE_MAX', 'TOO_MANY_SELECTED', { max: String(max) });
    const seen = new Set<string>();
    for (const id of raw) {
      if (typeof id !== 'string' || seen.has(id)) return report(out, 'INVALID_TYPE', 'INVALID_SELECTION');
      if (!ids.has(id)) return report(out, 'UNKNOWN_OPTION', 'UNKNOWN_OPTION', { value: echo(id) });
      seen.add(id);
    }
    if (seen.size < min) return report(out, 'BELOW_MIN', 'TOO_FEW_SELECTED', { min: String(min) });
    if (seen.size > max) return report(out, 'ABOVE_MAX', 'TOO_MANY_SELECTED', { max: String(max) });
    return raw as string[];
  };
}

export const multiselect = {
  props: [...COMMON_PROPS, 'options', 'min_selected', 'max_selected'],
  choice: false,
  computed: false,
  valueType: 'list',
  read,
  checker,
  form: (f, r) => ({
    options: (f.options ?? []).map((o) => ({ id: o.id, label: r.text(o.label), ...o.attrs })),
    validation: rules({ min_selected: f.min, max_selected: f.max }),
    default: r.advertisedDefault(f),
  }),
  formShape: {
    options: z.array(Option),
    validation: z.object({ min_selected: z.number().int().optional(), max_selected: z.number().int().optional() }).optional(),
    default: z.array(z.string()).optional(),
  },
  logic: (f) => ({ var: f.id }),
  preview: { control: 'checkboxes', rangeHint: false },
} satisfies FieldTypeSpec;
