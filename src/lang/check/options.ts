// The `options { id { label: …, attr: literal, … } … }` block of choice fields, and named option sets
// (`options woods { … }` declared once, `options: woods` in each field that offers them).

import { isImageUrl } from '../image-url';
import type { Entry, OptionSetDecl, Span, Value } from '../syntax/ast';
import type { OptionModel } from './checked-model';
import type { Ctx } from './context';
import { literalOf, readExpr } from './props';
import { didYouMean } from './suggest';
import { readText } from './texts';

export function readOptionSet(ctx: Ctx, decl: OptionSetDecl): void {
  const value: Value = { kind: 'block', entries: decl.entries, span: decl.span };
  const options = readOptions(ctx, value, `option set "${decl.id.name}"`);
  if (options.length === 0) ctx.diags.add('E_PROPERTY', decl.id.span, `the option set "${decl.id.name}" has no options`);
  ctx.optionSets.set(decl.id.name, { options, span: decl.id.span, used: false });
}

/** W_UNUSED for option sets no field offers. */
export function checkOptionSetUsage(ctx: Ctx): void {
  for (const [name, set] of ctx.optionSets) {
    if (set !== 'broken' && !set.used) ctx.diags.add('W_UNUSED', set.span, `the option set "${name}" is never used`);
  }
}

/** `owner` names the options' holder in messages: `field "glass"`, `option set "woods"`. */
export function readOptions(ctx: Ctx, v: Value, owner: string): OptionModel[] {
  if (v.kind === 'name') {
    const set = ctx.optionSets.get(v.name);
    if (set === 'broken') return [];
    if (set) {
      set.used = true;
      return set.options;
    }
    const hint = didYouMean(v.name, ctx.optionSets.keys());
    ctx.diags.add('E_UNDEFINED', v.span, `the option set "${v.name}" of ${owner} is not declared${hint}`);
    return [];
  }
  if (v.kind !== 'block') {
    ctx.diags.add(
      'E_TYPE',
      v.span,
      `the options of ${owner} must be a block like { white { label: "White" } } or the name of an option set`,
    );
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
      ctx.diags.add('E_DUPLICATE', entry.key.span, `the option "${id}" of ${owner} is declared twice`);
      continue;
    }
    seen.add(id);
    options.push(readOption(ctx, id, entry.key.span, entry.value.entries, owner));
  }
  return options;
}

function readOption(ctx: Ctx, id: string, span: Span, entries: readonly Entry[], owner: string): OptionModel {
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
      option.label = readText(ctx, entry.value, `the label of option "${id}" of ${owner}`) ?? option.label;
      continue;
    }
    const value = literalOf(entry.value);
    if (value === undefined) {
      ctx.diags.add(
        'E_VALUE',
        entry.value.span,
        `the attribute "${name}" of option "${id}" must be a number, string or boolean literal`,
      );
    } else {
      if (name === 'image' && !isImageUrl(value)) {
        ctx.diags.add(
          'E_VALUE',
          entry.value.span,
          `the image of option "${id}" must be an https: URL or a path on the storefront's own site like "/img/oak.jpg" (not //host, another scheme, spaces, quotes or backslashes)`,
        );
      }
      option.attrs.set(name, { value, span: entry.value.span });
    }
  }
  if (!hasLabel) ctx.diags.add('E_PROPERTY', span, `the option "${id}" of ${owner} needs a "label"`);
  return option;
}
