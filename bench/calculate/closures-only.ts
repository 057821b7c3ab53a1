// The language's part of an evaluation alone: every slot forced (field values, lets, conditions, option
// attributes), every price line, rule, constraint and output item computed once, each unit in its own try as the
// runtime does, and nothing of the answer built (no field or group states, price lines, issues, output items).
// Beside the full evaluation (bench/ab.ts) it splits the time into what the closures cost and what building the
// answer around them costs: a bound on what a leaner answer alone could save.
import type { ProductIR } from '../../src/lang/ir';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx, DONE } from '../../src/lang/runtime/context';
import type { Order } from './configs';

export function closuresOnly(ir: ProductIR, orders: readonly Order[]): (o: Order) => number {
  const m = compileModel(ir);
  const c = new Ctx(m.slots, ir.fields.length);
  // `price.…` slots read a price this pass never makes.
  const slots = m.slots.names.flatMap((name, s) => (name.startsWith('price.') ? [] : [s]));
  // The configuration by field index, read once: the runtime's reading of it belongs to building the answer.
  const sent = new Map(orders.map((o) => [o, ir.fields.map((f) => o.configuration[f.id])]));
  const units = [
    ...m.lines.flatMap((l) => (l.when === undefined ? [l.amount] : [l.when, l.amount])),
    ...m.rules.map((r) => r.when),
    ...m.constraints.map((k) => k.holds),
    ...m.outputs.flatMap((g) =>
      g.items.filter((it) => !it.readsPrice).flatMap((it) => (it.when ? [it.when, it.value] : [it.value])),
    ),
  ];
  return (o) => {
    c.reset(o.quantity);
    const raw = sent.get(o) as unknown[];
    for (let i = 0; i < raw.length; i++) c.raw[i] = raw[i];
    let n = 0;
    for (const s of slots) {
      try {
        if (c.st[s] !== DONE) c.force(s);
      } catch {
        n++;
      }
    }
    for (const fn of units) {
      try {
        fn(c);
      } catch {
        n++;
      }
    }
    return n;
  };
}
