// What every stage of configure says of a check or a search: whether a check fails on the loaded configuration, that
// an answer is not known (the budget ran out), and a solution found. A leaf module: the exact core, the search, the
// soft defaults and the what-if tests all name these from here.
import type { Ctx } from '../runtime/context';
import { Fault, type Val } from '../runtime/fault';
import type { Check } from './check';

/** The budget ran out: the answer is not known. */
export const UNKNOWN = 'unknown';

/** A solution: by field index, the value to send (undefined: the field keeps its sent value or default). */
export type Solution = (Val | undefined)[];

/** A check fails when it gives its failing value, or cannot be evaluated at all. */
export function fails(c: Ctx, check: Check): boolean {
  try {
    return check.fn(c) === check.fails;
  } catch (e) {
    if (!(e instanceof Fault)) throw e;
    c.unwind(e);
    return true;
  }
}
