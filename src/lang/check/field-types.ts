// Type-specific properties of fields: bounds, steps and defaults of numbers, options of choice fields, text
// patterns and date bounds. Each sets the field's value type and fallback (the value used when none is sent).
import type { Entry, PropEntry, Span, Value } from '../syntax/ast';
import { isRealDate } from '../runtime/fields';
import { charCount } from '../runtime/functions';
import type { Ctx } from './context';
import type { FieldModel, OptionModel } from './model';
import { literalOf, readInteger, readLiteral, readNumbers, type Props } from './props';
import { didYouMean, listOf } from './suggest';
import { readText } from './texts';

const num = (ctx: Ctx, p: PropEntry | undefined, what: string) => (p ? readLiteral(ctx, p.value, 'number', what) : undefined);
const str = (ctx: Ctx, p: PropEntry | undefined, what: string) => (p ? readLiteral(ctx, p.value, 'string', what) : undefined);

/** Steps are compared with a tolerance: 0.1 + 0.2 is on a 0.1 grid. */
function onGrid(value: number, base: number, step: number): boolean {
  const k = (value - base) / step;
  return Math.abs(k - Math.round(k)) <= 1e-9;
}

export function readNumericField(ctx: Ctx, props: Props, f: FieldModel, where: string): void {
  f.valueType = 'number';
  const minP = props.get('min');
  const maxP = props.get('max');
  const min = num(ctx, minP, `min of ${where}`);
  const max = num(ctx, maxP, `max of ${where}`);
  const stepP = props.get('step');
  let step = num(ctx, stepP, `step of ${where}`);
  if (step !== undefined && step <= 0) {
    ctx.diags.add('E_RANGE', stepP?.value.span ?? f.decl.id.span, `the step of ${where} must be greater than 0, found ${step}`);
    step = undefined;
  }
  if (f.type === 'slider') {
    if (!minP) ctx.diags.add('E_PROPERTY', f.decl.id.span, `${where} needs a "min"`);
    if (!maxP) ctx.diags.add('E_PROPERTY', f.decl.id.span, `${where} needs a "max"`);
  }
  const boundsOk = !(min !== undefined && max !== undefined && min > max);
  if (!boundsOk) ctx.diags.add('E_RANGE', maxP?.value.span ?? f.decl.id.span, `max ${max} of ${where} is below its min ${min}`);
  if (min !== undefined) f.min = min;
  if (max !== undefined) f.max = max;
  if (step !== undefined) f.step = step;
  const unit = str(ctx, props.get('unit'), `the unit of ${where}`);
  if (unit !== undefined) f.unit = unit;

  const defP = props.get('default');
  const def = num(ctx, defP, `the default of ${where}`);
  if (defP && def !== undefined && boundsOk) {
    if ((min !== undefined && def < min) || (max !== undefined && def > max)) {
      ctx.diags.add('E_DEFAULT', defP.value.span, `the default ${def} of ${where} is outside ${min ?? '…'}..${max ?? '…'}`);
    } else if (step !== undefined && !onGrid(def, min ?? 0, step)) {
      ctx.diags.add(
        'E_DEFAULT',
        defP.value.span,
        `the default ${def} of ${where} is not on its step grid (${min ?? 0} plus multiples of ${step})`,
      );
    }
  }
  if (def !== undefined) f.default = def;
  f.fallback = def ?? min ?? (max !== undefined && max < 0 ? max : 0);

  const presetsP = props.get('presets');
  const presets = presetsP ? readNumbers(ctx, presetsP.value, `the presets of ${where}`) : undefined;
  if (presetsP && presets) {
    const outside = presets.filter((p) => (min !== undefined && p < min) || (max !== undefined && p > max));
    if (outside.length > 0) {
      ctx.diags.add(
        'E_RANGE',
        presetsP.value.span,
        `presets ${outside.join(', ')} of ${where} are outside ${min ?? '…'}..${max ?? '…'}`,
      );
    }
    f.presets = presets;
  }
}

export function readChoiceField(ctx: Ctx, props: Props, f: FieldModel, where: string): void {
  f.valueType = 'string';
  const optionsP = props.get('options');
  const options = optionsP ? readOptions(ctx, optionsP.value, f.id) : [];
  if (options.length === 0 && (!optionsP || optionsP.value.kind === 'block')) {
    ctx.diags.add(
      'E_PROPERTY',
      optionsP?.key.span ?? f.decl.id.span,
      `${where} needs options, like options { white { label: "White" } }`,
    );
  }
  f.options = options;
  const defP = props.get('default');
  const def = str(ctx, defP, `the default of ${where}`);
  const ids = options.map((o) => o.id);
  if (defP && def !== undefined && options.length > 0 && !ids.includes(def)) {
    ctx.diags.add(
      'E_DEFAULT',
      defP.value.span,
      `the default "${def}" of ${where} is not one of its options (${listOf(ids)})${didYouMean(def, ids)}`,
    );
  }
  if (def !== undefined) f.default = def;
  const first = ids[0];
  if (def !== undefined || first !== undefined) f.fallback = def ?? first;
}

function readOptions(ctx: Ctx, v: Value, field: string): OptionModel[] {
  if (v.kind !== 'block') {
    ctx.diags.add('E_TYPE', v.span, `the options of field "${field}" must be a block like { white { label: "White" } }`);
    return [];
  }
  const options: OptionModel[] = [];
  const seen = new Set<string>();
  for (const entry of v.entries) {
    if (entry.kind !== 'prop' || entry.key.kind !== 'name' || entry.value.kind !== 'block') {
      ctx.diags.add('E_VALUE', entry.span, 'an option is written as id { label: "Label", attribute: value, … }');
      continue;
    }
    const id = entry.key.text;
    if (seen.has(id)) {
      ctx.diags.add('E_DUPLICATE', entry.key.span, `the option "${id}" of field "${field}" is declared twice`);
      continue;
    }
    seen.add(id);
    options.push(readOption(ctx, id, entry.key.span, entry.value.entries, field));
  }
  return options;
}

function readOption(ctx: Ctx, id: string, span: Span, entries: readonly Entry[], field: string): OptionModel {
  const option: OptionModel = { id, span, label: Object.create(null), attrs: new Map() };
  let hasLabel = false;
  for (const entry of entries) {
    if (entry.kind !== 'prop' || entry.key.kind !== 'name') {
      ctx.diags.add('E_PROPERTY', entry.span, `option "${id}" holds only label: … and attributes like price: 45`);
      continue;
    }
    const name = entry.key.text;
    if (name === 'label' ? hasLabel : option.attrs.has(name)) {
      ctx.diags.add('E_DUPLICATE', entry.key.span, `the property "${name}" of option "${id}" is given twice`);
      continue;
    }
    if (name === 'label') {
      hasLabel = true;
      option.label = readText(ctx, entry.value, `the label of option "${id}" of field "${field}"`) ?? option.label;
      continue;
    }
    const value = literalOf(entry.value);
    if (value === undefined) {
      ctx.diags.add(
        'E_VALUE',
        entry.value.span,
        `the attribute "${name}" of option "${id}" must be a number, string or boolean literal`,
      );
    }
    else option.attrs.set(name, { value, span: entry.value.span });
  }
  if (!hasLabel) ctx.diags.add('E_PROPERTY', span, `the option "${id}" of field "${field}" needs a "label"`);
  return option;
}

export function readTextField(ctx: Ctx, props: Props, f: FieldModel, where: string): void {
  f.valueType = 'string';
  const maxP = props.get('max_length');
  const maxLength = maxP ? readInteger(ctx, maxP.value, `max_length of ${where}`, 1) : undefined;
  if (maxLength !== undefined) f.maxLength = maxLength;
  const patternP = props.get('pattern');
  const pattern = str(ctx, patternP, `the pattern of ${where}`);
  if (patternP && pattern !== undefined) {
    try {
      // Compiled on its own too, so that "a)|(b" cannot escape the anchors the runtime wraps it in. Never
      // run here: a schema author's pattern could take exponential time.
      new RegExp(pattern);
      new RegExp(`^(?:${pattern})$`);
      f.pattern = pattern;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      ctx.diags.add('E_VALUE', patternP.value.span, `the pattern of ${where} is not a valid regular expression: ${why}`);
    }
  }
  const defP = props.get('default');
  const def = str(ctx, defP, `the default of ${where}`);
  if (defP && def !== undefined) {
    if (maxLength !== undefined && charCount(def) > maxLength) {
      ctx.diags.add('E_DEFAULT', defP.value.span, `the default of ${where} is longer than its max_length ${maxLength}`);
    }
    f.default = def;
  }
  f.fallback = def ?? '';
}

export function readDateField(ctx: Ctx, props: Props, f: FieldModel, where: string): void {
  f.valueType = 'string';
  const date = (name: string) => {
    const p = props.get(name);
    const s = str(ctx, p, `${name} of ${where}`);
    if (p && s !== undefined && !isRealDate(s)) {
      ctx.diags.add('E_VALUE', p.value.span, `${name} of ${where} must be a date written YYYY-MM-DD, found "${s}"`);
      return undefined;
    }
    return s;
  };
  const min = date('min');
  const max = date('max');
  const def = date('default');
  const boundsOk = !(min !== undefined && max !== undefined && min > max);
  if (!boundsOk) {
    ctx.diags.add(
      'E_RANGE',
      props.get('max')?.value.span ?? f.decl.id.span,
      `max ${max} of ${where} is before its min ${min}`,
    );
  }
  if (boundsOk && def !== undefined && ((min !== undefined && def < min) || (max !== undefined && def > max))) {
    ctx.diags.add(
      'E_DEFAULT',
      props.get('default')?.value.span ?? f.decl.id.span,
      `the default ${def} of ${where} is outside ${min ?? '…'}..${max ?? '…'}`,
    );
  }
  if (min !== undefined) f.min = min;
  if (max !== undefined) f.max = max;
  if (def !== undefined) f.default = def;
  f.fallback = def ?? '';
}
