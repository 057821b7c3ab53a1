// The language's built-in functions, one registry for every stage (modelled on cel-js's functionOverload): each
// overload gives its parameter types and return type, which the checker uses, and its implementation, which the
// runtime compiles to a closure. Each function also says how JSON Logic writes it: with standard operations, or as
// the extra operation of its own name (src/lang/logic-ops.ts), which runs this implementation.
import type { Span, ValueType } from './ir';
import type { Fn } from './runtime/context';
import { Fault, finite } from './runtime/fault';
import { floorMod, roundHalfAway, roundTo, snapSelf, stepTo } from './runtime/numeric';

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

export interface Overload {
  params: readonly ValueType[];
  /** The type of any further arguments: a variadic overload takes params.length or more. */
  rest?: ValueType;
  returns: ValueType;
  /** Arguments are finite (every producer checks), so only results that can leave the finite range are checked. */
  compile(args: Fn[], at: Span): Fn;
}

export interface FunctionSpec {
  /** How a call is written, for messages and the docs: "round(x) or round(x, places)". */
  usage: string;
  /** What it computes, for the docs' function table. */
  doc: string;
  /** At most one overload per number of arguments: calls are resolved by their argument count. */
  overloads: readonly Overload[];
  /**
   * The JSON Logic of a call from its translated arguments, written with standard operations of the same meaning;
   * or 'extra': the extra operation of the function's name, `{"name": [args…]}`, defined by this implementation.
   */
  jsonLogic: ((args: unknown[]) => unknown) | 'extra';
}

const N = 'number' as const;
const num1 = [N] as const;
const num2 = [N, N] as const;

// Each implementation compiles to a closure of its own (no shared wrapper calling a per-function callback): a
// shared closure's inner call site would see every function and stop being inlined, costing the hot path.
const one = (args: Fn[]) => args[0] as Fn;
const two = (args: Fn[]) => args as [Fn, Fn];

function extreme(pick: (a: number, b: number) => number): Overload {
  return {
    params: num1,
    rest: N,
    returns: N,
    compile: (args) => {
      const [a, b] = two(args);
      if (args.length === 1) return a;
      if (args.length === 2) return (c) => pick(a(c) as number, b(c) as number);
      return (c) => {
        let m = a(c) as number;
        for (let i = 1; i < args.length; i++) m = pick(m, (args[i] as Fn)(c) as number);
        return m;
      };
    },
  };
}

function toStep(up: boolean): Overload {
  return {
    params: num2,
    returns: N,
    compile: (args, at) => {
      const [x, y] = two(args);
      return (c) => {
        const v = x(c) as number;
        const step = y(c) as number;
        if (step === 0) throw new Fault('R_DIV_ZERO', at);
        return finite(stepTo(v, step, up), at);
      };
    },
  };
}

export const FUNCTIONS = {
  min: {
    usage: 'min(a, b, …)',
    doc: 'the smallest argument (one or more)',
    overloads: [extreme(Math.min)],
    jsonLogic: (xs) => ({ min: xs }),
  },
  max: {
    usage: 'max(a, b, …)',
    doc: 'the largest argument (one or more)',
    overloads: [extreme(Math.max)],
    jsonLogic: (xs) => ({ max: xs }),
  },
  round: {
    usage: 'round(x) or round(x, places)',
    doc: 'rounded half away from zero, to an integer or to `places` decimals (negative: tens, hundreds, …)',
    overloads: [
      {
        params: num1,
        returns: N,
        compile: (args) => {
          const x = one(args);
          return (c) => roundHalfAway(x(c) as number);
        },
      },
      {
        params: num2,
        returns: N,
        compile: (args, at) => {
          const [x, p] = two(args);
          return (c) => finite(roundTo(x(c) as number, p(c) as number), at);
        },
      },
    ],
    jsonLogic: 'extra',
  },
  // ceil/floor snap first so that ceil(0.1 * 3 * 10) is 3, not 4.
  ceil: {
    usage: 'ceil(x)',
    doc: 'the smallest integer ≥ x',
    overloads: [
      {
        params: num1,
        returns: N,
        compile: (args) => {
          const x = one(args);
          return (c) => Math.ceil(snapSelf(x(c) as number));
        },
      },
    ],
    jsonLogic: 'extra',
  },
  floor: {
    usage: 'floor(x)',
    doc: 'the largest integer ≤ x',
    overloads: [
      {
        params: num1,
        returns: N,
        compile: (args) => {
          const x = one(args);
          return (c) => Math.floor(snapSelf(x(c) as number));
        },
      },
    ],
    jsonLogic: 'extra',
  },
  abs: {
    usage: 'abs(x)',
    doc: 'the absolute value',
    overloads: [
      {
        params: num1,
        returns: N,
        compile: (args) => {
          const x = one(args);
          return (c) => Math.abs(x(c) as number);
        },
      },
    ],
    // Extra rather than if(x < 0, -x, x): that repeats x, and nested calls would grow exponentially.
    jsonLogic: 'extra',
  },
  sqrt: {
    usage: 'sqrt(x)',
    doc: 'the square root; an evaluation error for a negative x',
    overloads: [
      {
        params: num1,
        returns: N,
        compile: (args, at) => {
          const x = one(args);
          return (c) => {
            const v = x(c) as number;
            if (v < 0) throw new Fault('R_NOT_FINITE', at);
            return Math.sqrt(v);
          };
        },
      },
    ],
    jsonLogic: 'extra',
  },
  clamp: {
    usage: 'clamp(x, lo, hi)',
    doc: 'x limited to lo … hi',
    overloads: [
      {
        params: [N, N, N],
        returns: N,
        compile: (args) => {
          const [x, lo, hi] = args as [Fn, Fn, Fn];
          return (c) => Math.min(Math.max(x(c) as number, lo(c) as number), hi(c) as number);
        },
      },
    ],
    jsonLogic: ([x, lo, hi]) => ({ min: [{ max: [x, lo] }, hi] }),
  },
  pow: {
    usage: 'pow(x, y)',
    doc: 'x to the power y',
    overloads: [
      {
        params: num2,
        returns: N,
        compile: (args, at) => {
          const [x, y] = two(args);
          return (c) => finite((x(c) as number) ** (y(c) as number), at);
        },
      },
    ],
    jsonLogic: 'extra',
  },
  mod: {
    usage: 'mod(a, b)',
    doc: 'the floored remainder of a / b (the sign of b); an evaluation error for b = 0',
    overloads: [
      {
        params: num2,
        returns: N,
        compile: (args, at) => {
          const [x, y] = two(args);
          return (c) => {
            const a = x(c) as number;
            const b = y(c) as number;
            if (b === 0) throw new Fault('R_DIV_ZERO', at);
            return finite(floorMod(a, b), at);
          };
        },
      },
    ],
    jsonLogic: 'extra',
  },
  ceil_to: { usage: 'ceil_to(x, step)', doc: 'the smallest multiple of step ≥ x', overloads: [toStep(true)], jsonLogic: 'extra' },
  floor_to: {
    usage: 'floor_to(x, step)',
    doc: 'the largest multiple of step ≤ x',
    overloads: [toStep(false)],
    jsonLogic: 'extra',
  },
  len: {
    usage: 'len(s)',
    doc: 'the length of a string in characters (code points)',
    overloads: [
      {
        params: ['string'],
        returns: N,
        compile: (args) => {
          const s = one(args);
          return (c) => charCount(s(c) as string);
        },
      },
    ],
    jsonLogic: 'extra',
  },
  count: {
    usage: 'count(extras)',
    doc: 'how many options a multi-select field holds',
    overloads: [
      {
        params: ['list'],
        returns: N,
        compile: (args) => {
          const xs = one(args);
          return (c) => (xs(c) as readonly string[]).length;
        },
      },
    ],
    // JSON Logic has no length operator; a reduce counts, and counts a missing value as 0.
    jsonLogic: ([xs]) => ({ reduce: [xs, { '+': [{ var: 'accumulator' }, 1] }, 0] }),
  },
} satisfies Record<string, FunctionSpec>;

export type FunctionName = keyof typeof FUNCTIONS;

export const FUNCTION_NAMES = Object.keys(FUNCTIONS) as FunctionName[];

export function functionNamed(name: string): FunctionSpec | undefined {
  return Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name as FunctionName] : undefined;
}

/** The overload a call with `count` arguments resolves to. */
export function overloadFor(fn: FunctionSpec, count: number): Overload | undefined {
  return fn.overloads.find((o) => count === o.params.length || (o.rest !== undefined && count > o.params.length));
}

/** A built-in function call; the checker has resolved it, so a call no overload takes is an invalid IR. */
export function compileCall(name: string, args: Fn[], at: Span): Fn {
  const fn = functionNamed(name);
  const overload = fn && overloadFor(fn, args.length);
  if (overload === undefined) throw new Error(`invalid IR: ${name}() with ${args.length} argument(s)`);
  return overload.compile(args, at);
}
