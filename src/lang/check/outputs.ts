// `output` groups and `error`/`warning` rules.
import { readableId } from '../readable-id';
import type { OutputDecl, PropEntry, RuleDecl, Span, Value } from '../syntax/ast';
import type { OutputModel, RuleModel } from './checked-model';
import type { Ctx } from './context';
import { readExpr, readLiteral, readProps, requireProp } from './props';
import { didYouMean } from './suggest';
import { readText } from './texts';

/** Properties of an output group besides its items. */
export const OUTPUT_PROPS = ['label', 'unit', 'items'];

export function readOutput(ctx: Ctx, decl: OutputDecl): OutputModel {
  const id = decl.id.name;
  const output: OutputModel = { id, internal: decl.internal, items: [] };
  /** Each item's id where it is declared. */
  const items = new Map<string, Span>();
  let label = false;
  const described: PropEntry[] = [];
  for (const entry of decl.entries) {
    if (entry.kind === 'prop' && entry.key.kind === 'name' && (entry.key.text === 'unit' || entry.key.text === 'items')) {
      if (described.some((p) => p.key.text === entry.key.text)) {
        ctx.diags.add('E_DUPLICATE', entry.key.span, `the ${entry.key.text} of output "${id}" is given twice`);
      } else described.push(entry);
      continue;
    }
    if (entry.kind === 'item') {
      const name = entry.id.name;
      if (items.has(name)) {
        ctx.diags.add('E_DUPLICATE', entry.id.span, `the item "${name}" of output "${id}" is declared twice`);
        continue;
      }
      items.set(name, entry.id.span);
      output.items.push(entry.when ? { id: name, value: entry.value, when: entry.when } : { id: name, value: entry.value });
    } else if (entry.kind === 'prop' && entry.key.kind === 'name' && entry.key.text === 'label') {
      if (label) ctx.diags.add('E_DUPLICATE', entry.key.span, `the label of output "${id}" is given twice`);
      else {
        const text = readText(ctx, entry.value, `the label of output "${id}"`);
        if (text) output.label = text;
      }
      label = true;
    } else {
      const hint = entry.kind === 'prop' ? didYouMean(entry.key.text, OUTPUT_PROPS) : '';
      ctx.diags.add(
        'E_PROPERTY',
        entry.span,
        `an output group holds a label, a unit, items { … } and items like name = expression${hint}`,
      );
    }
  }
  for (const p of described) {
    if (p.key.text === 'unit') {
      const unit = readLiteral(ctx, p.value, 'string', `the unit of output "${id}"`);
      if (unit !== undefined) output.unit = unit;
    } else readItemInfo(ctx, p.value, output);
  }
  if (!decl.internal) warnUnlabelled(ctx, decl, output, items, label);
  return output;
}

/**
 * W_OUTPUT_LABEL_MISSING for a public group (one buyers see: storefronts get it by default) without a label, and
 * for each of its items without one: buyers would read the id made readable instead (readable-id.ts).
 */
function warnUnlabelled(ctx: Ctx, decl: OutputDecl, output: OutputModel, items: Map<string, Span>, labelled: boolean): void {
  const id = output.id;
  if (!labelled) {
    ctx.diags.add(
      'W_OUTPUT_LABEL_MISSING',
      decl.id.span,
      `the output group "${id}" is shown to buyers without a label, as "${readableId(id)}"; give it label: "…" (or make it internal)`,
    );
  }
  for (const item of output.items) {
    if (item.label) continue;
    ctx.diags.add(
      'W_OUTPUT_LABEL_MISSING',
      items.get(item.id)!,
      `the output "${item.id}" of group "${id}" is shown to buyers without a label, as "${readableId(item.id)}"; describe it in items { ${item.id} { label: "…" } }`,
    );
  }
}

/** `items { <item> { label: <text>, unit: "m" } … }`: what a storefront shows next to an item's value. */
function readItemInfo(ctx: Ctx, v: Value, output: OutputModel): void {
  if (v.kind !== 'block') {
    ctx.diags.add(
      'E_TYPE',
      v.span,
      `the items of output "${output.id}" must be a block like { glass_m2 { label: "Glass", unit: "m²" } }`,
    );
    return;
  }
  const seen = new Set<string>();
  for (const entry of v.entries) {
    if (entry.kind !== 'prop' || entry.key.kind !== 'name' || entry.value.kind !== 'block') {
      ctx.diags.add('E_PROPERTY', entry.span, 'each entry of items is written as item { label: "Label", unit: "m" }');
      continue;
    }
    const name = entry.key.text;
    const item = output.items.find((i) => i.id === name);
    if (!item) {
      const hint = didYouMean(name, () => output.items.map((i) => i.id));
      ctx.diags.add('E_UNDEFINED', entry.key.span, `the output "${output.id}" has no item "${name}"${hint}`);
      continue;
    }
    if (seen.has(name)) {
      ctx.diags.add('E_DUPLICATE', entry.key.span, `the item "${name}" is described twice in output "${output.id}"`);
      continue;
    }
    seen.add(name);
    const where = `the item "${name}" of output "${output.id}"`;
    const props = readProps(ctx, entry.value.entries, ['label', 'unit'], where);
    const label = props.get('label');
    if (label) {
      const text = readText(ctx, label.value, `the label of ${where}`);
      if (text) item.label = text;
    }
    const unit = props.get('unit');
    if (unit) {
      const u = readLiteral(ctx, unit.value, 'string', `the unit of ${where}`);
      if (u !== undefined) item.unit = u;
    }
  }
}

export const RULE_PROPS = ['when', 'message', 'field'];

export function readRule(ctx: Ctx, decl: RuleDecl): RuleModel {
  const id = decl.id.name;
  const where = `the ${decl.severity} rule "${id}"`;
  const props = readProps(ctx, decl.entries, RULE_PROPS, where);
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
