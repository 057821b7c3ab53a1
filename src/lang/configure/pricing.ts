// Prices for soft defaults (issue 33): whether an evaluation prices, and what the adjustment (soft-defaults/adjust.ts) compares a
// choice field's options by once its default does not complete, so that it takes the completing option with the
// smallest price increase (ties: schema order), not the first in schema order (a child seat must not turn a
// 1,588 € city bike into a 3,788 € cargo bike when a 1,890 € trekking bike takes one).
// An option's price is its completion's: the values sent and decided, the others as the completion the adjustment
// finds with that option has them. Bounded by design (a full evaluation of every choice field's options made
// configure on the 270 × 330 model 8× slower, bench/RESULTS.md §13): only when a default must be replaced, only for
// fields some price line reads (others keep schema order, at no cost), MAX_COMPARED options at a time (soft-defaults/adjust.ts),
// each completion priced by its price lines alone (no checks, no outputs), within COMPARE_UNITS a request.
import type { ProductIR } from '../ir';
import { dependencies } from '../ir-checks';
import type { CompiledModel } from '../runtime/compiled-model';
import type { Ctx } from '../runtime/context';
import { Fault } from '../runtime/fault';
import { loadedTotal } from '../runtime/price';
import type { Evaluation } from '../runtime/types';
import type { Budget } from './budget';
import type { Prices } from './soft-defaults/adjust';

/**
 * Units a request may spend comparing options in all (the searches of their completions and their prices): past
 * them, a field takes the cheapest compared so far, or the first option in schema order that completes.
 */
export const COMPARE_UNITS = 200_000;

/** Whether a calculation returning the customer-facing output groups (as by default) prices it. */
export function prices(m: CompiledModel, ev: Evaluation): boolean {
  if (ev.errors.length > 0 || ev.price === null) return false;
  return m.ir.outputs.every((o) => o.internal || !ev.outputErrors.has(o.id));
}

/** By field index: whether a price line's amount or condition reads it (through lets and conditions); once per model. */
const priced = new WeakMap<CompiledModel, Uint8Array>();

function pricedFields(m: CompiledModel): Uint8Array {
  let out = priced.get(m);
  if (out === undefined) {
    out = readByLines(m.ir);
    priced.set(m, out);
  }
  return out;
}

function readByLines(ir: ProductIR): Uint8Array {
  const depsOf = dependencies(ir);
  const out = new Uint8Array(ir.fields.length);
  for (const line of ir.price.lines) {
    for (const e of [line.amount, line.when]) if (e) for (const i of depsOf(e)) out[i] = 1;
  }
  return out;
}

/** Prices of completions on the request's context, charged to its budget. */
export function optionPrices(m: CompiledModel, c: Ctx, quantity: number, budget: Budget): Prices {
  const start = budget.used;
  return {
    compares: (i) => pricedFields(m)[i] === 1 && !budget.spent && budget.used - start < COMPARE_UNITS,
    of(values) {
      c.reset(quantity);
      for (let i = 0; i < values.length; i++) c.raw[i] = values[i];
      budget.spend(1 + m.lines.length);
      return totalOf(m, c);
    },
  };
}

/** The loaded configuration's total, or +Infinity when its lines give none: such options are tried last. */
function totalOf(m: CompiledModel, c: Ctx): number {
  try {
    return loadedTotal(m, c) ?? Number.POSITIVE_INFINITY;
  } catch (e) {
    if (!(e instanceof Fault)) throw e;
    c.unwind(e);
    return Number.POSITIVE_INFINITY;
  }
}
