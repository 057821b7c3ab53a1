// `field` declarations: the properties every type shares and the group; the type's own properties are read by
// its record in the field type registry (src/lang/fields/).

import { FIELD_TYPE_NAMES, fieldType, isFieldType } from '../fields/registry';
import type { Readers } from '../fields/spec';
import type { FieldDecl } from '../syntax/ast';
import type { FieldModel } from './checked-model';
import type { Ctx } from './context';
import { readOptions } from './options';
import { type Props, readChoice, readExpr, readInteger, readLiteral, readNumbers, readProps } from './props';
import { didYouMean, listOf } from './suggest';
import { readText } from './texts';

/**
 * `adjust`: what soft defaults do with a default the values sent exclude (docs/schema-language.md, "Effective
 * values"): `auto` (also when absent) adjusts it, `ask` makes the field required instead.
 */
export const ADJUST_MODES = ['auto', 'ask'] as const;

/** What the records' `read` facets are lent (they may not import the checker: src/lang/fields/spec.ts). */
const READERS: Readers = { readLiteral, readInteger, readNumbers, readExpr, readOptions, didYouMean, listOf };

function typesAccepting(prop: string): string[] {
  return FIELD_TYPE_NAMES.filter((type) => fieldType(type).props.includes(prop));
}

export function readField(ctx: Ctx, decl: FieldDecl): FieldModel | undefined {
  const id = decl.id.name;
  const type = decl.type.name;
  if (!isFieldType(type)) {
    ctx.diags.add(
      'E_VALUE',
      decl.type.span,
      `unknown field type "${type}"; expected one of ${FIELD_TYPE_NAMES.join(', ')}${didYouMean(type, FIELD_TYPE_NAMES)}`,
    );
    // Its values' type is unknown: uses of it are not reported.
    ctx.values.set(id, { kind: 'broken' });
    return undefined;
  }
  const spec = fieldType(type);
  const where = `the ${type} field "${id}"`;
  const props = readProps(ctx, decl.entries, spec.props, where, (prop) => {
    const types = typesAccepting(prop);
    if (types.length === 0) return undefined;
    return `"${prop}" is not a property of ${type} fields (it is one of ${types.join(', ')} fields)`;
  });
  const model: FieldModel = { id, decl, type, group: readGroupName(ctx, decl), required: false };
  if (spec.valueType) model.valueType = spec.valueType;

  const label = props.get('label');
  if (label) {
    const text = readText(ctx, label.value, `the label of field "${id}"`);
    if (text) model.label = text;
  } else if (!spec.computed) {
    ctx.diags.add('E_PROPERTY', decl.id.span, `${where} needs a "label"`);
  }
  const help = props.get('help');
  if (help) {
    const text = readText(ctx, help.value, `the help of field "${id}"`);
    if (text) model.help = text;
  }
  const required = props.get('required');
  if (required) model.required = readLiteral(ctx, required.value, 'boolean', '"required"') ?? false;
  readConditions(ctx, props, model);
  const adjust = props.get('adjust');
  if (adjust && readChoice(ctx, adjust.value, ADJUST_MODES, '"adjust"') === 'ask') model.adjust = 'ask';
  spec.read(ctx, props, model, where, READERS);
  readWhenHidden(ctx, props, model, where);
  return model;
}

/**
 * `when_hidden`: a literal of the field's value type; for a choice field one of its options, like `default`; read
 * by the type's own `readValue` where it has one.
 */
function readWhenHidden(ctx: Ctx, props: Props, model: FieldModel, where: string): void {
  const p = props.get('when_hidden');
  const valueType = model.valueType;
  if (!p || valueType === undefined) return;
  const spec = fieldType(model.type);
  if (spec.readValue) {
    const value = spec.readValue(ctx, p.value, model, `when_hidden of ${where}`, READERS);
    if (value !== undefined) model.whenHidden = value;
    return;
  }
  // A list is no literal: the types whose values are lists read them with their readValue, above.
  if (valueType === 'list') return;
  const value = readLiteral(ctx, p.value, valueType, `when_hidden of ${where}`);
  if (value === undefined) return;
  const ids = model.options?.map((o) => o.id);
  if (ids !== undefined && !ids.includes(value as string)) {
    ctx.diags.add(
      'E_DEFAULT',
      p.value.span,
      `when_hidden "${value}" of ${where} is not one of its options (${listOf(ids)})${didYouMean(String(value), ids)}`,
    );
    return;
  }
  const rule = spec.literal;
  if (rule && !rule.accepts(value)) {
    ctx.diags.add('E_VALUE', p.value.span, `when_hidden of ${where} must be ${rule.expected}, found "${value}"`);
    return;
  }
  model.whenHidden = value;
}

function readGroupName(ctx: Ctx, decl: FieldDecl): string {
  const g = decl.group;
  if (!g) return 'main';
  if (!ctx.groups.has(g.name) && !ctx.brokenGroups.has(g.name) && g.name !== 'main') {
    ctx.diags.add('E_UNDEFINED', g.span, `the group "${g.name}" is not declared${didYouMean(g.name, ctx.groups.keys())}`);
  }
  return g.name;
}

function readConditions(ctx: Ctx, props: Props, model: FieldModel): void {
  const read = (name: string) => {
    const p = props.get(name);
    return p ? readExpr(ctx, p.value, `${name} of field "${model.id}"`) : undefined;
  };
  const visible = read('visible_when');
  const enabled = read('enabled_when');
  const required = read('required_when');
  if (visible) model.visibleWhen = visible;
  if (enabled) model.enabledWhen = enabled;
  if (required) model.requiredWhen = required;
}
