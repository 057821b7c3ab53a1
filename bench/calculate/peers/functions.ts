// The language's built-in functions for the peer engines, on the runtime's numeric helpers so that every engine
// computes the same values; only the engines' evaluation differs.
import { charCount } from '../../../src/lang/functions';
import { floorMod, roundHalfAway, roundTo, snapSelf, stepTo } from '../../../src/lang/runtime/numeric';

export type Builtin = (...args: never[]) => number | boolean;

export const BUILTINS: Readonly<Record<string, Builtin>> = {
  min: (...xs: number[]) => Math.min(...xs),
  max: (...xs: number[]) => Math.max(...xs),
  round: (x: number, places?: number) => (places === undefined ? roundHalfAway(x) : roundTo(x, places)),
  ceil: (x: number) => Math.ceil(snapSelf(x)),
  floor: (x: number) => Math.floor(snapSelf(x)),
  abs: (x: number) => Math.abs(x),
  sqrt: (x: number) => Math.sqrt(x),
  clamp: (x: number, lo: number, hi: number) => Math.min(Math.max(x, lo), hi),
  pow: (x: number, y: number) => x ** y,
  mod: (a: number, b: number) => floorMod(a, b),
  ceil_to: (x: number, step: number) => stepTo(x, step, true),
  floor_to: (x: number, step: number) => stepTo(x, step, false),
  len: (s: string) => charCount(s),
  count: (xs: readonly string[]) => xs.length,
  // The peers' spelling of `x in extras` (a multi-select field), which print.ts writes as has(extras, x).
  has: (xs: readonly string[], x: string) => xs.includes(x),
};
