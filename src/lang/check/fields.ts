// `field` declarations: the properties every type shares, which properties each type accepts, the group.
import type { FieldDecl } from '../syntax/ast';
import type { FieldType } from '../ir';
import type { Ctx } from './context';
import { readChoiceField, readDateField, readNumericField, readTextField } from './field-types';
import type { FieldModel } from './model';
import { readExpr, readLiteral, readProps, type Props } from './props';
import { didYouMean } from './suggest';
import { readText } from './texts';

const COMMON = ['label', 'help', 'required', 'default', 'visible_when', 'enabled_when', 'required_when'];
const NUMERIC = [...COMMON, 'min', 'max', 'step', 'unit'];
const CHOICE = [...COMMON, 'options'];

const TYPE_PROPS: ReadonlyMap<FieldType, readonly string[]> = new Map<FieldType, readonly string[]>([
  ['number', NUMERIC],
  ['slider', NUMERIC],
  ['quantity', [...NUMERIC, 'presets']],
  ['dropdown', CHOICE],
  ['radio', CHOICE],
  ['swatch', CHOICE],
  ['checkbox', COMMON],
  ['text', [...COMMON, 'max_length', 'pattern']],
  ['date', [...COMMON, 'min', 'max']],
  ['hidden', ['label', 'help', 'value']],
]);

export const CHOICE_TYPES: ReadonlySet<FieldType> = new Set(['dropdown', 'radio', 'swatch']);

function typesAccepting(prop: string): FieldType[] {
  return [...TYPE_PROPS].filter(([, props]) => props.includes(prop)).map(([type]) => type);
}

export function readField(ctx: Ctx, decl: FieldDecl): FieldModel | undefined {
  const id = decl.id.name;
  const typeName = decl.type.name;
  const allowed = TYPE_PROPS.get(typeName as FieldType);
  if (!allowed) {
    const types = [...TYPE_PROPS.keys()];
    ctx.diags.add(
      'E_VALUE',
      decl.type.span,
      `unknown field type "${typeName}"; expected one of ${types.join(', ')}${didYouMean(typeName, types)}`,
    );
    // Its values' type is unknown: uses of it are not reported.
    ctx.values.set(id, { kind: 'broken' });
    return undefined;
  }
  const type = typeName as FieldType;
  const where = `the ${type} field "${id}"`;
  const props = readProps(ctx, decl.entries, allowed, where, (prop) => {
    const types = typesAccepting(prop);
    if (types.length === 0) return undefined;
    return `"${prop}" is not a property of ${type} fields (it is one of ${types.join(', ')} fields)`;
  });
  const model: FieldModel = { id, decl, type, group: readGroupName(ctx, decl), required: false };

  const label = props.get('label');
  if (label) {
    const text = readText(ctx, label.value, `the label of field "${id}"`);
    if (text) model.label = text;
  } else if (type !== 'hidden') {
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

  switch (type) {
    case 'number':
    case 'slider':
    case 'quantity':
      readNumericField(ctx, props, model, where);
      break;
    case 'dropdown':
    case 'radio':
    case 'swatch':
      readChoiceField(ctx, props, model, where);
      break;
    case 'checkbox': {
      model.valueType = 'boolean';
      const def = props.get('default');
      const value = def ? readLiteral(ctx, def.value, 'boolean', `the default of ${where}`) : undefined;
      if (value !== undefined) model.default = value;
      model.fallback = value ?? false;
      break;
    }
    case 'text':
      readTextField(ctx, props, model, where);
      break;
    case 'date':
      readDateField(ctx, props, model, where);
      break;
    case 'hidden': {
      const value = props.get('value');
      if (!value) ctx.diags.add('E_PROPERTY', decl.id.span, `${where} needs a "value" (the expression it computes)`);
      else model.value = readExpr(ctx, value.value, `the value of ${where}`);
      break;
    }
  }
  return model;
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
