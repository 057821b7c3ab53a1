// The graph of what values read, to order type inference and to find values that depend on themselves. A let
// depends on what its expression reads, a hidden field on its value, and every field on its visible_when and
// enabled_when conditions and its group's (a hidden or disabled field takes its default), so
// `field a { visible_when: a > 1 }` is a cycle too.
import type { Expr, Span } from '../syntax/ast';
import { forEachChild } from '../syntax/walk';
import type { FieldModel } from './checked-model';
import type { Ctx } from './context';

interface Node {
  name: string;
  span: Span;
  edges: string[];
  /** A field that reads values in its conditions or its group's. */
  conditional: boolean;
}

function readsOf(e: Expr | undefined, out: Set<string>): void {
  if (!e) return;
  const stack = [e];
  const push = (child: Expr) => stack.push(child);
  for (let x = stack.pop(); x; x = stack.pop()) {
    if (x.kind === 'name') out.add(x.name);
    else if (x.kind === 'attr') out.add(x.target.name);
    forEachChild(x, push);
  }
}

export type ValueGraph = Map<string, Node>;

/** Lets and fields, each with the values it reads. */
export function valueGraph(ctx: Ctx, fields: readonly FieldModel[]): ValueGraph {
  const nodes: ValueGraph = new Map();
  for (const [name, sym] of ctx.values) {
    if (sym.kind !== 'let') continue;
    const reads = new Set<string>();
    readsOf(sym.decl.expr, reads);
    nodes.set(name, { name, span: sym.decl.id.span, edges: [...reads], conditional: false });
  }
  for (const f of fields) {
    const reads = new Set<string>();
    const group = ctx.groups.get(f.group);
    for (const e of [f.visibleWhen, f.enabledWhen, group?.visibleWhen, group?.enabledWhen]) readsOf(e, reads);
    const conditional = reads.size > 0;
    readsOf(f.value, reads);
    nodes.set(f.id, { name: f.id, span: f.decl.id.span, edges: [...reads], conditional });
  }
  return nodes;
}

/**
 * Every value after the values it reads (where there is no cycle), found without recursion: inferring types in
 * this order keeps the checker's recursion as shallow as one expression, however long a chain of lets is.
 */
export function dependencyOrder(nodes: ValueGraph): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  for (const start of nodes.keys()) {
    if (seen.has(start)) continue;
    seen.add(start);
    const work: { name: string; next: number }[] = [{ name: start, next: 0 }];
    for (let top = work[work.length - 1]; top; top = work[work.length - 1]) {
      const edge = nodes.get(top.name)?.edges[top.next++];
      if (edge === undefined) {
        order.push(top.name);
        work.pop();
      } else if (nodes.has(edge) && !seen.has(edge)) {
        seen.add(edge);
        work.push({ name: edge, next: 0 });
      }
    }
  }
  return order;
}

export function checkCycles(ctx: Ctx, nodes: ValueGraph): void {
  for (const component of components(nodes)) {
    const first = component.reduce((a, b) => (b.span.start < a.span.start ? b : a));
    const path = shortestCycle(nodes, first.name, new Set(component.map((n) => n.name)));
    const note = component.some((n) => n.conditional)
      ? " (a field's value depends on its visible_when and enabled_when conditions and on its group's)"
      : '';
    ctx.diags.add('E_CYCLE', first.span, `"${first.name}" depends on itself: ${path.join(' → ')}${note}`);
  }
}

/** Strongly connected components that contain a cycle (Tarjan's algorithm, without recursion). */
function components(nodes: Map<string, Node>): Node[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: Node[][] = [];
  let counter = 0;
  for (const start of nodes.keys()) {
    if (index.has(start)) continue;
    const work: { name: string; next: number }[] = [{ name: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const top = work[work.length - 1];
      if (!top) break;
      const node = nodes.get(top.name);
      const edge = node?.edges[top.next++];
      if (edge !== undefined) {
        if (!nodes.has(edge)) continue;
        if (!index.has(edge)) {
          index.set(edge, counter);
          low.set(edge, counter++);
          stack.push(edge);
          onStack.add(edge);
          work.push({ name: edge, next: 0 });
        } else if (onStack.has(edge)) {
          low.set(top.name, Math.min(low.get(top.name) ?? 0, index.get(edge) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.name, Math.min(low.get(parent.name) ?? 0, low.get(top.name) ?? 0));
      if (low.get(top.name) !== index.get(top.name)) continue;
      const members: Node[] = [];
      for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
        onStack.delete(n);
        const m = nodes.get(n);
        if (m) members.push(m);
        if (n === top.name) break;
      }
      const only = members[0];
      if (members.length > 1 || only?.edges.includes(only.name)) out.push(members);
    }
  }
  return out;
}

/** The shortest path from `start` back to itself inside its component, as names. */
function shortestCycle(nodes: Map<string, Node>, start: string, within: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const name = queue[i] ?? start;
    for (const edge of nodes.get(name)?.edges ?? []) {
      if (!within.has(edge)) continue;
      if (edge === start) {
        const chain: string[] = [];
        for (let n: string | undefined = name; n !== undefined && n !== start; n = previous.get(n)) chain.unshift(n);
        return [start, ...chain, start];
      }
      if (!previous.has(edge)) {
        previous.set(edge, name);
        queue.push(edge);
      }
    }
  }
  return [start, start];
}
