// `table` declarations: map tables (indexed by a key) and range/matrix tables (looked up by bands).

import type { TableIR } from '../ir';
import type { Span, TableDecl, Value } from '../syntax/ast';
import type { Literal, TableModel } from './checked-model';
import type { Ctx } from './context';
import { literalOf, readChoice, readNumbers, readProps, requireProp, typeName } from './props';
import { didYouMean } from './suggest';

export const KINDS = ['map', 'range', 'matrix'] as const;
export const LOOKUPS = ['next', 'interpolate'] as const;
/** The properties of the banded kinds; a map table's entries are its keys. */
export const BANDED_PROPS = { range: ['lookup', 'bands', 'values'], matrix: ['lookup', 'rows', 'columns', 'values'] };

export function readTable(ctx: Ctx, decl: TableDecl): TableModel | undefined {
  const kind = decl.tableKind.name;
  const id = decl.id.name;
  if (kind === 'map') return readMap(ctx, decl);
  if (kind === 'range' || kind === 'matrix') return readBanded(ctx, decl, kind);
  ctx.diags.add(
    'E_VALUE',
    decl.tableKind.span,
    `unknown table kind "${kind}"; expected map, range or matrix${didYouMean(kind, KINDS)}`,
  );
  ctx.values.set(id, { kind: 'broken' });
  return undefined;
}

function readMap(ctx: Ctx, decl: TableDecl): TableModel | undefined {
  const id = decl.id.name;
  const entries: Record<string, Literal> = Object.create(null);
  const keys = new Map<string, Span>();
  let fallback: Literal | undefined;
  let first: { type: string; span: Span } | undefined;
  let ok = true;
  for (const entry of decl.entries) {
    if (entry.kind !== 'prop' || entry.key.kind === 'number') {
      ctx.diags.add(
        'E_TABLE',
        entry.span,
        `map table "${id}" holds only entries like key: value (keys are names or strings, * for the fallback)`,
      );
      ok = false;
      continue;
    }
    const value = literalOf(entry.value);
    if (value === undefined) {
      ctx.diags.add('E_VALUE', entry.value.span, `the values of map table "${id}" must be number, string or boolean literals`);
      ok = false;
      continue;
    }
    const type = typeName(value);
    if (!first) first = { type, span: entry.value.span };
    else if (first.type !== type) {
      ctx.diags.add(
        'E_TABLE',
        entry.value.span,
        `the values of map table "${id}" must all be of one type: this one is a ${type}, the first a ${first.type}`,
      );
      ok = false;
      continue;
    }
    const key = entry.key.text;
    if (entry.key.kind === 'star' ? fallback !== undefined : keys.has(key)) {
      ctx.diags.add(
        'E_DUPLICATE',
        entry.key.span,
        `the key ${entry.key.kind === 'star' ? '*' : `"${key}"`} of map table "${id}" is given twice`,
      );
      continue;
    }
    if (entry.key.kind === 'star') fallback = value;
    else {
      entries[key] = value;
      keys.set(key, entry.key.span);
    }
  }
  if (keys.size === 0 && fallback === undefined && ok) {
    ctx.diags.add('E_TABLE', decl.id.span, `map table "${id}" has no entries`);
    ok = false;
  }
  if (!ok) return undefined;
  const ir: TableIR = fallback === undefined ? { kind: 'map', entries } : { kind: 'map', entries, fallback };
  const model: TableModel = { id, decl, ir, keys };
  if (first) model.valueType = first.type as TableModel['valueType'];
  return model;
}

function readBanded(ctx: Ctx, decl: TableDecl, kind: 'range' | 'matrix'): TableModel | undefined {
  const id = decl.id.name;
  const where = `${kind} table "${id}"`;
  const props = readProps(ctx, decl.entries, BANDED_PROPS[kind], where);
  const lookupP = props.get('lookup');
  const lookup = lookupP ? readChoice(ctx, lookupP.value, LOOKUPS, `the lookup of ${where}`) : 'next';
  const bands = (name: string) => {
    const p = requireProp(ctx, props, name, decl.id.span, where);
    const list = p && readNumbers(ctx, p.value, `${name} of ${where}`);
    return p && list && increasing(ctx, list, p.value, `${name} of ${where}`) ? list : undefined;
  };
  const valuesP = requireProp(ctx, props, 'values', decl.id.span, where);
  if (kind === 'range') {
    const b = bands('bands');
    const values = valuesP && readNumbers(ctx, valuesP.value, `values of ${where}`);
    if (!lookup || !b || !values || !valuesP) return undefined;
    if (values.length !== b.length) {
      ctx.diags.add('E_TABLE', valuesP.value.span, `${where} has ${b.length} bands but ${values.length} values`);
      return undefined;
    }
    return { id, decl, ir: { kind: 'range', lookup, bands: b, values } };
  }
  const rows = bands('rows');
  const columns = bands('columns');
  const values = valuesP && readMatrix(ctx, valuesP.value, where);
  if (!lookup || !rows || !columns || !values || !valuesP) return undefined;
  if (values.length !== rows.length) {
    ctx.diags.add('E_TABLE', valuesP.value.span, `${where} has ${rows.length} rows but ${values.length} rows of values`);
    return undefined;
  }
  const bad = values.findIndex((row) => row.length !== columns.length);
  if (bad !== -1) {
    const row = valuesP.value.kind === 'list' ? valuesP.value.items[bad] : undefined;
    ctx.diags.add(
      'E_TABLE',
      row?.span ?? valuesP.value.span,
      `row ${bad + 1} of the values of ${where} has ${values[bad]?.length} values; ${columns.length} columns are declared`,
    );
    return undefined;
  }
  return { id, decl, ir: { kind: 'matrix', lookup, rows, columns, values } };
}

function readMatrix(ctx: Ctx, v: Value, where: string): number[][] | undefined {
  if (v.kind !== 'list') {
    ctx.diags.add('E_TYPE', v.span, `values of ${where} must be a list of rows like [[1, 2], [3, 4]]`);
    return undefined;
  }
  const rows: number[][] = [];
  for (const item of v.items) {
    const row = readNumbers(ctx, item, `each row of values of ${where}`);
    if (!row) return undefined;
    rows.push(row);
  }
  return rows;
}

function increasing(ctx: Ctx, list: number[], v: Value, what: string): boolean {
  if (list.length === 0) {
    ctx.diags.add('E_TABLE', v.span, `${what} must not be empty`);
    return false;
  }
  for (let i = 1; i < list.length; i++) {
    if ((list[i] ?? 0) <= (list[i - 1] ?? 0)) {
      const item = v.kind === 'list' ? v.items[i] : undefined;
      ctx.diags.add('E_TABLE', item?.span ?? v.span, `${what} must be strictly increasing: ${list[i]} follows ${list[i - 1]}`);
      return false;
    }
  }
  return true;
}
