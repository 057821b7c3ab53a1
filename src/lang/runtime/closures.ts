import { compileCall } from '../functions';
import type { Expr, TableIR } from '../ir';
import { operator } from '../operators';
import { type Fn, slotReader } from './context';
import type { Val } from './fault';
import { CLOSURE, literal, literalOperand, type Operand, SLOT } from './operand';
import { compileRows } from './rows';
import { compileMapIndex, compileMatrix, compileRange } from './tables';

/** How compiled expressions reach the rest of the model; names are resolved here, once. */
export interface Scope {
  /** A field, a let or `quantity`. */
  ref(name: string): Fn;
  /** The memo slot of a field or let (undefined for `quantity`). */
  slot(name: string): number | undefined;
  /** The memo slot of an option attribute, `field.attr`. */
  attrSlot(field: string, attr: string): number;
  table(name: string): TableIR;
}

function operand(e: Expr, scope: Scope): Operand {
  if (e.k === 'num' || e.k === 'str' || e.k === 'bool') return literalOperand(e.v);
  const s = e.k === 'ref' ? scope.slot(e.name) : e.k === 'attr' ? scope.attrSlot(e.field, e.attr) : undefined;
  if (s !== undefined) return { kind: SLOT, v: 0, s, f: slotReader(s) };
  return { kind: CLOSURE, v: 0, s: -1, f: compileExpr(e, scope) };
}

function membership(a: Fn, list: Expr[], negate: boolean, scope: Scope): Fn {
  if (list.every((e) => e.k === 'num' || e.k === 'str' || e.k === 'bool')) {
    const values = list.map((e) => (e as { v: Val }).v);
    return (c) => values.includes(a(c)) !== negate;
  }
  const items = list.map((e) => compileExpr(e, scope));
  return (c) => {
    const v = a(c);
    for (let i = 0; i < items.length; i++) if ((items[i] as Fn)(c) === v) return !negate;
    return negate;
  };
}

/** `x in extras`: the set is a multi-select field's list of option ids (the checker allows nothing else). */
function inSet(a: Fn, set: Fn, negate: boolean): Fn {
  return (c) => (set(c) as readonly string[]).includes(a(c) as string) !== negate;
}

function tableCall(e: Extract<Expr, { k: 'table' }>, scope: Scope): Fn {
  const t = scope.table(e.table);
  const args = e.args.map((x) => compileExpr(x, scope));
  const [first, second] = args;
  if (t.kind === 'range' && first !== undefined && args.length === 1) return compileRange(e.table, t, first, e.at);
  if (t.kind === 'matrix' && first !== undefined && second !== undefined && args.length === 2) {
    return compileMatrix(e.table, t, first, second, e.at);
  }
  throw new Error(`invalid IR: ${t.kind} table ${e.table} called with ${args.length} argument(s)`);
}

export function compileExpr(e: Expr, scope: Scope): Fn {
  switch (e.k) {
    case 'num':
    case 'str':
    case 'bool':
      return literal(e.v);
    case 'ref':
      return scope.ref(e.name);
    case 'bin':
      return operator(e.op).compile(operand(e.a, scope), operand(e.b, scope), e.at);
    case 'not': {
      const a = compileExpr(e.a, scope);
      return (c) => !a(c);
    }
    case 'neg': {
      const a = compileExpr(e.a, scope);
      return (c) => -(a(c) as number);
    }
    case 'if': {
      const cond = compileExpr(e.c, scope);
      const then = compileExpr(e.t, scope);
      const otherwise = compileExpr(e.e, scope);
      return (c) => (cond(c) ? then(c) : otherwise(c));
    }
    case 'in':
      if (e.set) return inSet(compileExpr(e.a, scope), compileExpr(e.set, scope), e.negate);
      return membership(compileExpr(e.a, scope), e.list, e.negate, scope);
    case 'call':
      return compileCall(
        e.fn,
        e.args.map((x) => compileExpr(x, scope)),
        e.at,
      );
    case 'table':
      return tableCall(e, scope);
    case 'index': {
      const t = scope.table(e.table);
      if (t.kind !== 'map') throw new Error(`invalid IR: ${t.kind} table ${e.table} indexed with []`);
      return compileMapIndex(e.table, t, compileExpr(e.key, scope), e.at);
    }
    case 'attr':
      return slotReader(scope.attrSlot(e.field, e.attr));
    case 'rows':
      return compileRows(
        e,
        e.columns.map((name) => scope.ref(name)),
      );
  }
}
