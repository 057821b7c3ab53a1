// Traversals of AST expressions shared by the parser's limits and the checker.
import type { Entry, Expr, TopDecl, Value } from './ast';
import { isExpr } from './ast';

export function forEachChild(e: Expr, f: (child: Expr) => void): void {
  switch (e.kind) {
    case 'binary':
      f(e.left);
      f(e.right);
      return;
    case 'not':
    case 'neg':
      f(e.operand);
      return;
    case 'if':
      f(e.cond);
      f(e.then);
      f(e.else);
      return;
    case 'in':
      f(e.value);
      e.list.forEach(f);
      if (e.set) f(e.set);
      return;
    case 'call':
      e.args.forEach(f);
      return;
    case 'index':
      f(e.key);
      return;
    default:
      return;
  }
}

/** Height of the expression tree, computed without recursion (the tree may be arbitrarily deep). */
export function exprDepth(root: Expr): number {
  let max = 0;
  const nodes: Expr[] = [root];
  const depths: number[] = [1];
  let depth = 0;
  const push = (child: Expr) => {
    nodes.push(child);
    depths.push(depth + 1);
  };
  for (let e = nodes.pop(); e; e = nodes.pop()) {
    depth = depths.pop() ?? 0;
    if (depth > max) max = depth;
    forEachChild(e, push);
  }
  return max;
}

function valueExprs(v: Value, out: Expr[]): void {
  if (isExpr(v)) out.push(v);
  else if (v.kind === 'block') entryExprs(v.entries, out);
  else if (v.kind === 'list') for (const item of v.items) valueExprs(item, out);
}

function entryExprs(entries: Entry[], out: Expr[]): void {
  for (const entry of entries) {
    if (entry.kind === 'prop') valueExprs(entry.value, out);
    else if (entry.kind !== 'expect') {
      out.push(entry.kind === 'item' ? entry.value : entry.amount);
      if (entry.when) out.push(entry.when);
      if (entry.kind === 'line') valueExprs(entry.label, out);
    }
  }
}

/** Every top-level expression written in a declaration (and in the declarations of a repeat). */
export function exprsOf(decl: TopDecl, out: Expr[] = []): Expr[] {
  if (decl.kind === 'let') out.push(decl.expr);
  else if (decl.kind !== 'repeat') entryExprs(decl.entries, out);
  else {
    if (decl.count) out.push(decl.count);
    for (const d of decl.decls) exprsOf(d, out);
  }
  return out;
}
