import type { Span } from '../ir';
import type { Fn } from './context';
import { Fault, finite } from './fault';
import { floorMod, roundHalfAway, roundTo, snapSelf, stepTo } from './numeric';

/** Length in characters (code points), so that "€" and "😀" count as one, as a user would count them. */
export function charCount(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

const ARITY: ReadonlyMap<string, readonly [number, number]> = new Map([
  ['min', [1, Infinity]],
  ['max', [1, Infinity]],
  ['round', [1, 2]],
  ['ceil', [1, 1]],
  ['floor', [1, 1]],
  ['abs', [1, 1]],
  ['sqrt', [1, 1]],
  ['clamp', [3, 3]],
  ['pow', [2, 2]],
  ['mod', [2, 2]],
  ['ceil_to', [2, 2]],
  ['floor_to', [2, 2]],
  ['len', [1, 1]],
]);

function extreme(args: Fn[], pick: (a: number, b: number) => number): Fn {
  const [a, b] = args as [Fn, Fn];
  if (args.length === 1) return a;
  if (args.length === 2) return (c) => pick(a(c) as number, b(c) as number);
  return (c) => {
    let m = a(c) as number;
    for (let i = 1; i < args.length; i++) m = pick(m, (args[i] as Fn)(c) as number);
    return m;
  };
}

/** A built-in function call. Arguments are finite (every producer checks), so only results that can
 * leave the finite range are checked here. */
export function compileCall(fn: string, args: Fn[], at: Span): Fn {
  const arity = ARITY.get(fn);
  if (arity === undefined || args.length < arity[0] || args.length > arity[1]) {
    throw new Error(`invalid IR: ${fn}() with ${args.length} argument(s)`);
  }
  const [x, y, z] = args as [Fn, Fn, Fn];
  switch (fn) {
    case 'min':
      return extreme(args, Math.min);
    case 'max':
      return extreme(args, Math.max);
    case 'round':
      if (args.length === 1) return (c) => roundHalfAway(x(c) as number);
      return (c) => finite(roundTo(x(c) as number, y(c) as number), at);
    // ceil/floor snap first so that ceil(0.1 * 3 * 10) is 3, not 4.
    case 'ceil':
      return (c) => Math.ceil(snapSelf(x(c) as number));
    case 'floor':
      return (c) => Math.floor(snapSelf(x(c) as number));
    case 'abs':
      return (c) => Math.abs(x(c) as number);
    case 'sqrt':
      return (c) => {
        const v = x(c) as number;
        if (v < 0) throw new Fault('R_NOT_FINITE', at);
        return Math.sqrt(v);
      };
    case 'clamp':
      return (c) => Math.min(Math.max(x(c) as number, y(c) as number), z(c) as number);
    case 'pow':
      return (c) => finite(Math.pow(x(c) as number, y(c) as number), at);
    case 'mod':
      return (c) => {
        const b = y(c) as number;
        if (b === 0) throw new Fault('R_DIV_ZERO', at);
        return finite(floorMod(x(c) as number, b), at);
      };
    case 'ceil_to':
    case 'floor_to': {
      const up = fn === 'ceil_to';
      return (c) => {
        const v = x(c) as number;
        const step = y(c) as number;
        if (step === 0) throw new Fault('R_DIV_ZERO', at);
        return finite(stepTo(v, step, up), at);
      };
    }
    default: // len, the last name in ARITY
      return (c) => charCount(x(c) as string);
  }
}
