// Types of calls (built-in functions, range and matrix tables), map table indexing and option attributes.

import { FIELD_TYPE_NAMES, FIELD_TYPES } from '../fields/registry';
import { FUNCTION_NAMES, type FunctionSpec, functionNamed, overloadFor } from '../functions';
import type { ValueType } from '../ir';
import type { AttrExpr, CallExpr, Expr, IndexExpr } from '../syntax/ast';
import type { FieldModel, TableModel } from './checked-model';
import type { Ctx } from './context';
import { checkOptionId, type Inferred, NUMBER, UNKNOWN } from './inferred';
import { PRICE_TOTALS } from './price';
import { typeName } from './props';
import { didYouMean, listOf } from './suggest';

/** What these rules use of the checker's typer (types.ts, which calls them): declared here so that neither imports the other. */
export interface Typer {
  readonly ctx: Ctx;
  /** Map tables already checked against the options of a choice field indexing them. */
  readonly covered: Map<TableModel, Set<FieldModel>>;
  readonly priceReadable: boolean;
  infer(e: Expr): Inferred;
  expect(e: Expr | undefined, ty: ValueType, what: string): Inferred;
}

function arity(n: number): string {
  return `${n} argument${n === 1 ? '' : 's'}`;
}

/** `option "a"`, `options "a" or "b"` */
function plural(ids: readonly string[], noun: string): string {
  return `${noun}${ids.length === 1 ? '' : 's'} ${listOf(ids)}`;
}

/** A literal key finds an entry, or the fallback. */
function hasKey(table: TableModel, key: string): boolean {
  return table.ir.kind !== 'map' || table.ir.fallback !== undefined || table.keys?.has(key) === true;
}

export function inferCall(typer: Typer, e: CallExpr): Inferred {
  const { ctx } = typer;
  const name = e.callee.name;
  const sym = ctx.value(name);
  const args = (what: (i: number) => string) => {
    for (const [i, a] of e.args.entries()) typer.expect(a, 'number', what(i));
  };
  if (sym?.kind === 'table') {
    ctx.used.add(name);
    const kind = sym.decl.tableKind.name;
    if (kind === 'map') {
      for (const a of e.args) typer.infer(a);
      ctx.diags.add('E_TYPE', e.callee.span, `"${name}" is a map table: index it with ${name}[key] instead of calling it`);
      return UNKNOWN;
    }
    const expected = kind === 'range' ? 1 : 2;
    if (e.args.length !== expected) {
      const usage = kind === 'range' ? `${name}(x)` : `${name}(row, column)`;
      ctx.diags.add('E_ARITY', e.span, `the ${kind} table "${name}" takes ${arity(expected)}, ${usage}; found ${e.args.length}`);
    }
    args((i) => `argument ${i + 1} of table "${name}"`);
    return NUMBER;
  }
  if (sym?.kind === 'broken') {
    for (const a of e.args) typer.infer(a);
    return UNKNOWN;
  }
  const fn = functionNamed(name);
  if (!fn) {
    for (const a of e.args) typer.infer(a);
    if (sym) {
      const what = sym.kind === 'quantity' ? 'the built-in quantity' : `a ${sym.kind}`;
      ctx.diags.add('E_UNKNOWN_FUNCTION', e.callee.span, `"${name}" is ${what}, not a function or table`);
    } else {
      const tables = ctx.namesOf('table');
      const hint = didYouMean(name, () => [...FUNCTION_NAMES, ...tables()]);
      ctx.diags.add(
        'E_UNKNOWN_FUNCTION',
        e.callee.span,
        `unknown function "${name}"${hint || `; the functions are ${FUNCTION_NAMES.join(', ')}`}`,
      );
    }
    return UNKNOWN;
  }
  const overload = overloadFor(fn, e.args.length);
  if (!overload) ctx.diags.add('E_ARITY', e.span, `${name} takes ${arities(fn)} (${fn.usage}); found ${e.args.length}`);
  e.args.forEach((a, i) => {
    const ty = paramType(fn, i);
    if (ty) typer.expect(a, ty, `argument ${i + 1} of ${name}`);
    else typer.infer(a);
  });
  return overload ? { ty: overload.returns } : { ty: fn.overloads[0]?.returns ?? 'number' };
}

/** "1 argument", "1 or 2 arguments", "at least 1 argument". */
function arities(fn: FunctionSpec): string {
  const counts = fn.overloads.map((o) => o.params.length).sort((a, b) => a - b);
  const variadic = fn.overloads.some((o) => o.rest !== undefined);
  if (variadic) return `at least ${arity(counts[0] ?? 0)}`;
  if (counts.length === 1) return arity(counts[0] ?? 0);
  return `${counts.slice(0, -1).join(', ')} or ${arity(counts[counts.length - 1] ?? 0)}`;
}

/** The type of argument `i` in the overloads that have one (they agree by position), whatever the call's arity. */
function paramType(fn: FunctionSpec, i: number): ValueType | undefined {
  for (const o of fn.overloads) {
    const ty = o.params[i] ?? o.rest;
    if (ty) return ty;
  }
  return undefined;
}

export function inferIndex(typer: Typer, e: IndexExpr): Inferred {
  const { ctx } = typer;
  const name = e.target.name;
  const sym = ctx.value(name);
  const key = typer.expect(e.key, 'string', `the key of map table "${name}"`);
  if (!sym) {
    ctx.diags.add('E_UNDEFINED', e.target.span, `the table "${name}" is not declared${didYouMean(name, ctx.valueNames())}`);
    return UNKNOWN;
  }
  if (sym.kind === 'broken') return UNKNOWN;
  if (sym.kind !== 'table' || sym.decl.tableKind.name !== 'map') {
    const what =
      sym.kind === 'table'
        ? `a ${sym.decl.tableKind.name} table: call it with ${name}(…)`
        : `a ${sym.kind === 'quantity' ? 'built-in value' : sym.kind}, not a map table`;
    if (sym.kind === 'table') ctx.used.add(name);
    ctx.diags.add('E_TYPE', e.target.span, `"${name}" is ${what}`);
    return UNKNOWN;
  }
  ctx.used.add(name);
  const table = sym.model;
  if (!table) return UNKNOWN;
  if (key.choice && key.ty === 'string') checkCoverage(typer, table, key.choice, e);
  else if (e.key.kind === 'string' && !hasKey(table, e.key.value)) {
    ctx.diags.add(
      'E_TABLE_KEY_MISSING',
      e.key.span,
      `map table "${name}" has no entry "${e.key.value}" and no * fallback${didYouMean(e.key.value, table.keys?.keys() ?? [])}`,
    );
  }
  return table.valueType ? { ty: table.valueType } : UNKNOWN;
}

/** A map indexed by a choice field needs an entry for every option (or a `*`) and no other keys. */
function checkCoverage(typer: Typer, table: TableModel, field: FieldModel, e: IndexExpr): void {
  const seen = typer.covered.get(table) ?? new Set();
  typer.covered.set(table, seen);
  if (seen.has(field)) return;
  seen.add(field);
  const ids = (field.options ?? []).map((o) => o.id);
  const keys = table.keys ?? new Map();
  if (table.ir.kind === 'map' && table.ir.fallback === undefined) {
    const missing = ids.filter((id) => !keys.has(id));
    if (missing.length > 0) {
      typer.ctx.diags.add(
        'E_TABLE_KEY_MISSING',
        e.span,
        `map table "${table.id}" has no entry for ${plural(missing, 'option')} of field "${field.id}"; ` +
          `add ${missing.length === 1 ? 'it' : 'them'} or a * fallback`,
      );
    }
  }
  for (const [key, span] of keys) {
    if (!ids.includes(key) && ids.length > 0) {
      checkOptionId(typer.ctx, field, { kind: 'string', value: key, span });
    }
  }
}

const CHOICE_TYPE_NAMES = FIELD_TYPE_NAMES.filter((t) => FIELD_TYPES[t].choice);

/** `price.total`, `price.unit`, …, `price.<line>`: numbers, readable in output items only. */
function inferPrice(typer: Typer, e: AttrExpr): Inferred {
  const { ctx } = typer;
  const attr = e.attr.name;
  if (!typer.priceReadable) {
    ctx.diags.add(
      'E_TYPE',
      e.span,
      `price.${attr} can only be read in output items: the price is computed from the other values, so they cannot depend on it`,
    );
    return UNKNOWN;
  }
  if (!PRICE_TOTALS.has(attr) && !ctx.priceLines.has(attr)) {
    const hint = didYouMean(attr, () => [...PRICE_TOTALS, ...ctx.priceLines]);
    ctx.diags.add(
      'E_UNDEFINED',
      e.attr.span,
      `"${attr}" is neither a price total (${[...PRICE_TOTALS].join(', ')}) nor a price line${hint}`,
    );
    return UNKNOWN;
  }
  return NUMBER;
}

export function inferAttr(typer: Typer, e: AttrExpr): Inferred {
  const { ctx } = typer;
  const name = e.target.name;
  const attr = e.attr.name;
  if (name === 'price') return inferPrice(typer, e);
  const sym = ctx.value(name);
  if (!sym) {
    ctx.diags.add('E_UNDEFINED', e.target.span, `the field "${name}" is not declared${didYouMean(name, ctx.valueNames())}`);
    return UNKNOWN;
  }
  if (sym.kind === 'broken' || (sym.kind === 'field' && !sym.model)) return UNKNOWN;
  const field = sym.kind === 'field' ? sym.model : undefined;
  if (!field || !FIELD_TYPES[field.type].choice) {
    if (sym.kind === 'let' || sym.kind === 'table') ctx.used.add(name);
    const what = field ? `a ${field.type} field` : sym.kind === 'quantity' ? 'the built-in quantity' : `a ${sym.kind}`;
    ctx.diags.add(
      'E_TYPE',
      e.target.span,
      `"${name}" is ${what}; only ${listOf(CHOICE_TYPE_NAMES, false)} fields have option attributes`,
    );
    return UNKNOWN;
  }
  const options = field.options ?? [];
  if (options.length === 0) return UNKNOWN;
  const lacking = options.filter((o) => !o.attrs.has(attr)).map((o) => o.id);
  if (lacking.length === options.length) {
    const all = new Set(options.flatMap((o) => [...o.attrs.keys()]));
    ctx.diags.add(
      'E_UNKNOWN_OPTION',
      e.attr.span,
      `the options of field "${name}" have no attribute "${attr}"${didYouMean(attr, all)}`,
    );
    return UNKNOWN;
  }
  if (lacking.length > 0) {
    ctx.diags.add(
      'E_UNKNOWN_OPTION',
      e.attr.span,
      `the attribute "${attr}" is missing on ${plural(lacking, 'option')} of field "${name}"; every option must define it`,
    );
    return UNKNOWN;
  }
  const types = new Set(options.map((o) => typeName(o.attrs.get(attr)?.value ?? 0)));
  const [only] = types;
  if (types.size > 1 || !only) {
    ctx.diags.add(
      'E_TYPE',
      e.attr.span,
      `the attribute "${attr}" of field "${name}" must have one type in every option; found ${listOf([...types], false)}`,
    );
    return UNKNOWN;
  }
  return { ty: only };
}
