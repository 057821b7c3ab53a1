// `constraint` declarations: a condition every configuration must meet (`require`), or a compatibility table of
// choice fields (`table` with `allow` or `exclude` rows; a cell is an option, a list of options or "*"). A table
// becomes the equivalent condition, built from the cells' own spans, so the typer checks its option ids
// (E_UNKNOWN_OPTION at the cell, or at the list's item); its rows are kept as
// written too, which the compiler turns into one `rows` expression (src/lang/runtime/rows.ts) rather than that
// condition's `or` of `and`s, a node per cell.
import type { TableCell } from '../ir';
import type { BinaryExpr, ConstraintDecl, Expr, Ident, Span, StringLit, Value } from '../syntax/ast';
import type { ConstraintModel } from './checked-model';
import type { Ctx } from './context';
import { readExpr, readProps, requireProp } from './props';
import { didYouMean } from './suggest';
import { readText } from './texts';

/** The table cell that matches every option of its column. */
export const WILDCARD = '*';

export function readConstraint(ctx: Ctx, decl: ConstraintDecl): ConstraintModel {
  const id = decl.id.name;
  const where = `the constraint "${id}"`;
  const props = readProps(ctx, decl.entries, ['require', 'table', 'allow', 'exclude', 'message'], where);
  const out: ConstraintModel = { id, span: decl.id.span, kind: props.has('table') ? 'table' : 'require' };
  const message = requireProp(ctx, props, 'message', decl.id.span, where);
  if (message) out.message = readText(ctx, message.value, `the message of ${where}`, { interpolate: true });
  if (out.kind === 'require') {
    for (const name of ['allow', 'exclude']) {
      const p = props.get(name);
      if (p) ctx.diags.add('E_PROPERTY', p.key.span, `"${name}" belongs to a table constraint, which needs "table: [field, …]"`);
    }
    const require = requireProp(ctx, props, 'require', decl.id.span, where);
    if (require) out.holds = readExpr(ctx, require.value, `the condition of ${where}`);
    return out;
  }
  const require = props.get('require');
  if (require)
    ctx.diags.add('E_PROPERTY', require.key.span, `${where} is a table: give "allow" or "exclude" rows, not "require"`);
  const allow = props.get('allow');
  const exclude = props.get('exclude');
  if (allow && exclude) {
    ctx.diags.add('E_PROPERTY', exclude.key.span, `${where} lists either allowed or excluded rows, not both`);
  } else if (!allow && !exclude) {
    ctx.diags.add('E_PROPERTY', decl.id.span, `${where} needs "allow" or "exclude" rows like [["oak", "oiled"]]`);
  }
  const columns = readColumns(ctx, props.get('table')!.value, where);
  const rowsP = allow ?? exclude;
  if (!columns || !rowsP) return out;
  const read = readRows(ctx, rowsP.value, columns, where);
  if (!read) return out;
  const { rows, cells } = read;
  out.columns = columns.map((c) => c.name);
  out.table = { rows: cells, exclude: !allow, span: rowsP.value.span };
  if (allow && rows.length === 0) {
    ctx.diags.add('E_UNSATISFIABLE', allow.value.span, `${where} allows no combination: no configuration can meet it`);
    return out;
  }
  const any = balanced(rows, 'or', rowsP.value.span);
  out.holds = allow
    ? (any ?? bool(true, rowsP.value.span))
    : any
      ? { kind: 'not', operand: any, span: any.span }
      : bool(true, rowsP.value.span);
  return out;
}

function bool(value: boolean, span: Span): Expr {
  return { kind: 'boolean', value, span };
}

function readColumns(ctx: Ctx, v: Value, where: string): Ident[] | undefined {
  if (v.kind !== 'list' || v.items.length < 2) {
    ctx.diags.add('E_TYPE', v.span, `the table of ${where} must list two or more choice fields, like [material, finish]`);
    return undefined;
  }
  const columns: Ident[] = [];
  let ok = true;
  for (const item of v.items) {
    if (item.kind !== 'name') {
      ctx.diags.add('E_TYPE', item.span, `each column of ${where} must be the name of a choice field`);
      ok = false;
      continue;
    }
    const sym = ctx.value(item.name);
    if (sym?.kind === 'broken') ok = false;
    else if (!sym) {
      ctx.diags.add(
        'E_UNDEFINED',
        item.span,
        `the field "${item.name}" is not declared${didYouMean(item.name, ctx.namesOf('field'))}`,
      );
      ok = false;
    } else if (sym.kind !== 'field' || !sym.model?.options) {
      ctx.diags.add('E_TYPE', item.span, `the column "${item.name}" of ${where} must be a field with options`);
      ok = false;
    } else if (sym.model.valueType === 'list') {
      // A cell names one option of its column; a multi-select holds several, so a row would not say which it means.
      ctx.diags.add(
        'E_TYPE',
        item.span,
        `the column "${item.name}" of ${where} is a multi-select field, which a table cannot list; write a require constraint with "id" in ${item.name}`,
      );
      ok = false;
    } else if (columns.some((c) => c.name === item.name)) {
      ctx.diags.add('E_DUPLICATE', item.span, `the column "${item.name}" of ${where} is listed twice`);
      ok = false;
    } else columns.push({ name: item.name, span: item.span });
  }
  return ok ? columns : undefined;
}

/**
 * Each row as the conjunction of its cells (`field == "option"`, `field in ["a", "b"]` for a list; wildcards left
 * out; true for a row of wildcards), and the cells as written (null for the wildcard; a list of one option as that
 * option).
 */
function readRows(
  ctx: Ctx,
  v: Value,
  columns: readonly Ident[],
  where: string,
): { rows: Expr[]; cells: TableCell[][] } | undefined {
  if (v.kind !== 'list') {
    ctx.diags.add('E_TYPE', v.span, `the rows of ${where} must be a list of lists like [["oak", "oiled"], ["pine", "*"]]`);
    return undefined;
  }
  const rows: Expr[] = [];
  const written: TableCell[][] = [];
  let ok = true;
  for (const row of v.items) {
    if (row.kind !== 'list' || row.items.length !== columns.length) {
      ctx.diags.add('E_TABLE', row.span, `each row of ${where} lists one option for each of its ${columns.length} columns`);
      ok = false;
      continue;
    }
    const cells: Expr[] = [];
    const ids: TableCell[] = [];
    row.items.forEach((cell, i) => {
      const column = columns[i]!;
      const read = readCell(ctx, cell, where);
      if (read === undefined) {
        ok = false;
        return;
      }
      ids.push(read.length === 1 ? (read[0]!.value === WILDCARD ? null : read[0]!.value) : read.map((o) => o.value));
      if (read.length === 1 && read[0]!.value === WILDCARD) return;
      const left: Expr = { kind: 'name', name: column.name, span: cell.span };
      cells.push(
        read.length === 1
          ? { kind: 'binary', op: '==', left, right: read[0]!, span: cell.span }
          : { kind: 'in', value: left, list: read, negate: false, span: cell.span },
      );
    });
    rows.push(balanced(cells, 'and', row.span) ?? bool(true, row.span));
    written.push(ids);
  }
  return ok ? { rows, cells: written } : undefined;
}

/**
 * A cell's option ids (the wildcard alone, as itself), each a string literal at its own span so that the typer
 * reports an unknown one where it is written; undefined, with the diagnostic, for a cell that is none.
 */
function readCell(ctx: Ctx, cell: Value, where: string): StringLit[] | undefined {
  const id = optionIdOf(cell);
  if (id !== undefined) return [id];
  if (cell.kind !== 'list') {
    ctx.diags.add(
      'E_TYPE',
      cell.span,
      `a cell of ${where} is an option id like "oak", a list of them like ["oak", "pine"], or "${WILDCARD}" for any option`,
    );
    return undefined;
  }
  if (cell.items.length === 0) {
    ctx.diags.add('E_TABLE', cell.span, `a cell of ${where} lists no option: write the options it allows, or "${WILDCARD}"`);
    return undefined;
  }
  const out: StringLit[] = [];
  let ok = true;
  for (const item of cell.items) {
    const option = optionIdOf(item);
    if (option === undefined || option.value === WILDCARD) {
      const found = option !== undefined ? `"${WILDCARD}"` : item.kind === 'list' ? 'a list' : 'this value';
      ctx.diags.add('E_TYPE', item.span, `a list in a cell of ${where} holds option ids like "oak", not ${found}`);
      ok = false;
    } else if (out.some((o) => o.value === option.value)) {
      ctx.diags.add('E_DUPLICATE', item.span, `the option "${option.value}" is listed twice in a cell of ${where}`);
      ok = false;
    } else out.push(option);
  }
  return ok ? out : undefined;
}

/** An option id written as a string or a bare name, as a string literal at its span; else undefined. */
function optionIdOf(v: Value): StringLit | undefined {
  if (v.kind === 'string') return v;
  if (v.kind === 'name') return { kind: 'string', value: v.name, span: v.span };
  return undefined;
}

/** `a op b op c …` as a balanced tree, so that a table of thousands of rows stays a shallow expression. */
function balanced(items: readonly Expr[], op: 'and' | 'or', span: Span): Expr | undefined {
  if (items.length === 0) return undefined;
  const build = (lo: number, hi: number): Expr => {
    if (hi - lo === 1) return items[lo]!;
    const mid = (lo + hi) >> 1;
    const node: BinaryExpr = { kind: 'binary', op, left: build(lo, mid), right: build(mid, hi), span };
    return node;
  };
  return build(0, items.length);
}
