// Evaluation errors as checks (issue 23): a completion the search vouches for must price without any error, so
// besides constraints and error rules the units an evaluation computes must not fault (a value past a range
// table's last band, a division by zero, a map key without entry): every field with its conditions, every price
// line, every item of the output groups a request returns by default, every warning rule's condition. A unit is a
// check only when it can fault at all, through the lets and fields it reads; and the price itself, when its total
// can be negative or too large (price-check.ts). Not searched: output items that read the price.
import type { Expr, ProductIR } from '../ir';
import { throughNames } from '../ir-checks';
import { operator } from '../operators';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Fn } from '../runtime/context';
import { exprCost } from '../runtime/cost';
import { Fault } from '../runtime/fault';
import { format } from '../runtime/messages';
import { issue } from '../runtime/run';
import type { Check } from './check';
import { priceCheck } from './price-check';

/** The evaluation checks of a model, after its constraints and error rules (`depsOf`: checks.ts). */
export function evaluationChecks(m: CompiledModel, depsOf: (e: Expr) => number[]): Check[] {
  const { ir } = m;
  const risky = faultable(ir);
  const out: Check[] = [];
  const unit = (rule: string, expr: Expr, fn: Fn, cost: number): void => {
    out.push({
      fn: (c) => {
        fn(c);
        return true;
      },
      expr,
      fails: false,
      ref: 0,
      deps: depsOf(expr),
      cost: 1 + cost,
      unit: rule,
      issue: (c, pack) => {
        try {
          fn(c);
          return undefined;
        } catch (e) {
          if (!(e instanceof Fault)) throw e;
          // A memoized slot re-throws the fault another unit raised: each unit reports it as its own.
          c.unwind(e);
          return issue(e.code, format(pack.messages, e.code, e.params), undefined, rule, e.at);
        }
      },
    });
  };
  const guarded = (when: Expr | undefined, value: Expr): Expr =>
    when === undefined ? value : { k: 'if', c: when, t: value, e: { k: 'num', v: 0 } };
  const groups = new Map(ir.groups.map((g) => [g.id, g]));
  m.fields.forEach((f) => {
    const { ir: fir } = f;
    const group = groups.get(fir.group);
    const parts = [
      fir.visibleWhen?.expr,
      fir.enabledWhen?.expr,
      fir.requiredWhen?.expr,
      group?.visibleWhen?.expr,
      group?.enabledWhen?.expr,
      fir.value,
    ];
    if (!parts.some((e) => e !== undefined && risky(e))) return;
    const conditions = [f.visible, f.enabled, f.requiredWhen].filter((x) => x !== undefined);
    const fn: Fn = (c) => {
      for (const x of conditions) x(c);
      return f.value(c);
    };
    // What the check reads, for its dependencies and the numbers a search tries: the field (its conditions and
    // value, through dependencies()) and its required_when.
    const expr: Expr = fir.requiredWhen
      ? { k: 'bin', op: 'or', a: { k: 'ref', name: fir.id }, b: fir.requiredWhen.expr, at: fir.at ?? { line: 1, column: 1 } }
      : { k: 'ref', name: fir.id };
    unit(
      fir.id,
      expr,
      fn,
      parts.reduce((n, e) => n + (e ? exprCost(e) : 0), 0),
    );
  });
  m.lines.forEach((l) => {
    const expr = guarded(l.ir.when, l.ir.amount);
    if (risky(expr)) unit(`price.${l.ir.id}`, expr, m.compile(expr), exprCost(expr));
  });
  const returned = new Set(ir.outputs.filter((o) => !o.internal).map((o) => o.id));
  m.outputs.forEach((o, k) => {
    if (!returned.has(o.id)) return;
    o.items.forEach((it, j) => {
      // Items reading the price run once it exists, which a search does not compute.
      if (it.readsPrice) return;
      const item = ir.outputs[k]!.items[j]!;
      const expr = guarded(item.when, item.value);
      if (risky(expr)) unit(`${o.id}.${it.id}`, expr, m.compile(expr), exprCost(expr));
    });
  });
  m.rules.forEach((r) => {
    if (r.ir.severity !== 'error' && risky(r.ir.when)) unit(r.ir.id, r.ir.when, r.when, exprCost(r.ir.when));
  });
  const total = priceCheck(m, depsOf);
  if (total !== undefined) out.push(total);
  return out;
}

/**
 * Whether evaluating an expression can fault, through the lets and fields it reads (memoized per name): a division
 * by anything but a non-zero literal, a range or matrix table, a map without fallback, a function of non-literal
 * arguments.
 */
function faultable(ir: ProductIR): (e: Expr) => boolean {
  const literal = (e: Expr) => e.k === 'num' || e.k === 'str' || e.k === 'bool';
  return throughNames(ir, (e, of, ofName) => {
    switch (e.k) {
      case 'ref':
        return e.name !== 'quantity' && ofName(e.name);
      case 'attr':
        return e.field !== 'price' && ofName(e.field);
      case 'bin':
        if (operator(e.op).faults?.(e.b)) return true;
        return of(e.a) || of(e.b);
      case 'not':
      case 'neg':
        return of(e.a);
      case 'if':
        return of(e.c) || of(e.t) || of(e.e);
      case 'in':
        return of(e.a) || e.list.some(of) || (e.set !== undefined && of(e.set));
      case 'call':
        return !e.args.every(literal) || e.args.some(of);
      case 'table':
        return true;
      case 'index': {
        const t = ir.tables[e.table];
        return !(t?.kind === 'map' && t.fallback !== undefined) || of(e.key);
      }
      case 'rows':
        return e.columns.some(ofName);
      default:
        return false;
    }
  });
}
