// Warnings: lets and tables never used, fields and groups that can never be shown, groups without fields.
import { operator } from '../operators';
import type { Expr } from '../syntax/ast';
import type { FieldModel, Literal } from './checked-model';
import type { Ctx } from './context';

/**
 * The value of an expression made of literals only (`false`, `not true`, `1 > 2`), if it is one; an operator folds
 * by its registry entry's `fold` (arithmetic does not fold).
 */
function constant(e: Expr): Literal | undefined {
  switch (e.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return e.value;
    case 'not': {
      const v = constant(e.operand);
      return typeof v === 'boolean' ? !v : undefined;
    }
    case 'binary':
      return operator(e.op).fold?.(constant(e.left), constant(e.right));
    default:
      return undefined;
  }
}

export function checkUsage(ctx: Ctx, fields: readonly FieldModel[]): void {
  for (const [name, sym] of ctx.values) {
    if ((sym.kind === 'let' || sym.kind === 'table') && !ctx.used.has(name) && !ctx.mentions.has(name)) {
      ctx.diags.add('W_UNUSED', sym.decl.id.span, `the ${sym.kind} "${name}" is never used`);
    }
  }
  const populated = new Set(fields.map((f) => f.group));
  const hidden = new Set<string>();
  for (const g of ctx.groups.values()) {
    if (!g.decl) continue;
    if (g.visibleWhen && constant(g.visibleWhen) === false) {
      hidden.add(g.id);
      ctx.diags.add(
        'W_UNREACHABLE',
        g.visibleWhen.span,
        `the group "${g.id}" is never visible: its visible_when is always false`,
      );
    }
    if (!populated.has(g.id) && !ctx.mentions.has(g.id)) {
      ctx.diags.add('W_EMPTY_GROUP', g.decl.id.span, `the group "${g.id}" has no fields`);
    }
  }
  for (const f of fields) {
    if (f.visibleWhen && constant(f.visibleWhen) === false) {
      ctx.diags.add(
        'W_UNREACHABLE',
        f.visibleWhen.span,
        `the field "${f.id}" is never visible: its visible_when is always false`,
      );
    } else if (hidden.has(f.group)) {
      ctx.diags.add(
        'W_UNREACHABLE',
        f.decl.id.span,
        `the field "${f.id}" is never visible: its group "${f.group}" is never visible`,
      );
    }
  }
}
