// `output` groups and `error`/`warning` rules.
import type { OutputDecl, RuleDecl } from '../syntax/ast';
import type { Ctx } from './context';
import type { OutputModel, RuleModel } from './model';
import { readExpr, readProps, requireProp } from './props';
import { didYouMean } from './suggest';
import { readText } from './texts';

export function readOutput(ctx: Ctx, decl: OutputDecl): OutputModel {
  const id = decl.id.name;
  const output: OutputModel = { id, internal: decl.internal, items: [] };
  const items = new Set<string>();
  let label = false;
  for (const entry of decl.entries) {
    if (entry.kind === 'item') {
      const name = entry.id.name;
      if (items.has(name)) {
        ctx.diags.add('E_DUPLICATE', entry.id.span, `the item "${name}" of output "${id}" is declared twice`);
        continue;
      }
      items.add(name);
      output.items.push(entry.when ? { id: name, value: entry.value, when: entry.when } : { id: name, value: entry.value });
    } else if (entry.kind === 'prop' && entry.key.kind === 'name' && entry.key.text === 'label') {
      if (label) ctx.diags.add('E_DUPLICATE', entry.key.span, `the label of output "${id}" is given twice`);
      else {
        const text = readText(ctx, entry.value, `the label of output "${id}"`);
        if (text) output.label = text;
      }
      label = true;
    } else {
      const hint = entry.kind === 'prop' ? didYouMean(entry.key.text, ['label']) : '';
      ctx.diags.add('E_PROPERTY', entry.span, `an output group holds a label and items like name = expression${hint}`);
    }
  }
  return output;
}

export function readRule(ctx: Ctx, decl: RuleDecl): RuleModel {
  const id = decl.id.name;
  const where = `the ${decl.severity} rule "${id}"`;
  const props = readProps(ctx, decl.entries, ['when', 'message', 'field'], where);
  const rule: RuleModel = { id, span: decl.id.span, severity: decl.severity };
  const when = requireProp(ctx, props, 'when', decl.id.span, where);
  if (when) rule.when = readExpr(ctx, when.value, `the condition of ${where}`);
  const message = requireProp(ctx, props, 'message', decl.id.span, where);
  if (message) rule.message = readText(ctx, message.value, `the message of ${where}`, { interpolate: true });
  const field = props.get('field');
  if (field) {
    const v = field.value;
    if (v.kind !== 'name') {
      ctx.diags.add('E_TYPE', v.span, `the field of ${where} must be the name of a field`);
    } else {
      const sym = ctx.value(v.name);
      if (sym?.kind === 'field') rule.field = { name: v.name, span: v.span };
      else if (sym?.kind !== 'broken') {
        const what = sym ? `is a ${sym.kind === 'quantity' ? 'built-in value' : sym.kind}, not a field` : 'is not declared';
        ctx.diags.add(
          sym ? 'E_TYPE' : 'E_UNDEFINED',
          v.span,
          `the field "${v.name}" of ${where} ${what}${sym ? '' : didYouMean(v.name, ctx.namesOf('field'))}`,
        );
      }
    }
  }
  return rule;
}
