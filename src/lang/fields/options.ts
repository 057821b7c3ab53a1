// The `options { id { label: …, attr: literal, … } … }` block of choice fields.

import type { Ctx } from '../check/context';
import type { OptionModel } from '../check/model';
import { literalOf, readExpr } from '../check/props';
import { readText } from '../check/texts';
import type { Entry, Span, Value } from '../syntax/ast';

export function readOptions(ctx: Ctx, v: Value, field: string): OptionModel[] {
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
    if (name === 'available_when') {
      if (option.availableWhen) {
        ctx.diags.add('E_DUPLICATE', entry.key.span, `the property "${name}" of option "${id}" is given twice`);
        continue;
      }
      const cond = readExpr(ctx, entry.value, `available_when of option "${id}"`);
      if (cond) option.availableWhen = cond;
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
    } else option.attrs.set(name, { value, span: entry.value.span });
  }
  if (!hasLabel) ctx.diags.add('E_PROPERTY', span, `the option "${id}" of field "${field}" needs a "label"`);
  return option;
}
