// The built-in functions of expressions: arity and argument types. All return numbers.
import type { ValueType } from '../ir';

export interface FunctionSig {
  min: number;
  /** Infinity for variadic functions. */
  max: number;
  /** Type of every argument. */
  arg: ValueType;
  usage: string;
}

const n = (min: number, max: number, usage: string): FunctionSig => ({ min, max, arg: 'number', usage });

export const FUNCTIONS: ReadonlyMap<string, FunctionSig> = new Map([
  ['min', n(1, Infinity, 'min(a, b, …)')],
  ['max', n(1, Infinity, 'max(a, b, …)')],
  ['round', n(1, 2, 'round(x) or round(x, places)')],
  ['ceil', n(1, 1, 'ceil(x)')],
  ['floor', n(1, 1, 'floor(x)')],
  ['abs', n(1, 1, 'abs(x)')],
  ['sqrt', n(1, 1, 'sqrt(x)')],
  ['clamp', n(3, 3, 'clamp(x, lo, hi)')],
  ['pow', n(2, 2, 'pow(x, y)')],
  ['mod', n(2, 2, 'mod(a, b)')],
  ['ceil_to', n(2, 2, 'ceil_to(x, step)')],
  ['floor_to', n(2, 2, 'floor_to(x, step)')],
  ['len', { min: 1, max: 1, arg: 'string', usage: 'len(s)' }],
]);
