// `group` declarations, and the implicit `main` group of fields declared without `in <group>`.
import type { GroupDecl } from '../syntax/ast';
import type { GroupModel, ProductModel } from './checked-model';
import type { Ctx } from './context';
import { readExpr, readLiteral, readProps } from './props';
import { readText } from './texts';

export const GROUP_PROPS = ['label', 'order', 'visible_when', 'enabled_when'];

export function readGroup(ctx: Ctx, decl: GroupDecl, index: number): void {
  const id = decl.id.name;
  const where = `the group "${id}"`;
  const props = readProps(ctx, decl.entries, GROUP_PROPS, where);
  const group: GroupModel = { id, label: Object.create(null), order: index + 1, index, decl };
  const label = props.get('label');
  if (label) group.label = readText(ctx, label.value, `the label of ${where}`) ?? group.label;
  else ctx.diags.add('E_PROPERTY', decl.id.span, `${where} needs a "label"`);
  const order = props.get('order');
  if (order) group.order = readLiteral(ctx, order.value, 'number', `the order of ${where}`) ?? group.order;
  const visible = props.get('visible_when');
  const enabled = props.get('enabled_when');
  const v = visible && readExpr(ctx, visible.value, `visible_when of ${where}`);
  const e = enabled && readExpr(ctx, enabled.value, `enabled_when of ${where}`);
  if (v) group.visibleWhen = v;
  if (e) group.enabledWhen = e;
  ctx.groups.set(id, group);
}

/** Fields declared without a group go in `main`: labelled with the product name, shown after the others. */
export function implicitMain(ctx: Ctx, product: ProductModel): GroupModel {
  let last = 0;
  for (const g of ctx.groups.values()) last = Math.max(last, g.order);
  return { id: 'main', label: Object.assign(Object.create(null), product.name), order: last + 1, index: ctx.groups.size };
}
