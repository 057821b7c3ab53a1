// Range and matrix table lookups for the hand-written and peer implementations. The arithmetic is the runtime's
// (snap the argument, first band ≥ x, the same interpolation formula) so that results agree to the last bit.
import { snapSelf } from '../../src/lang/runtime/numeric';

/** Band position of x: its band index or, interpolating, the fractional position between two bands. */
function position(bands: readonly number[], raw: number, interpolate: boolean): number {
  const x = snapSelf(raw);
  let i = 0;
  while (i < bands.length && (bands[i] as number) < x) i++;
  if (i === bands.length) throw new RangeError(`${x} is above the last band ${bands[i - 1]}`);
  if (!interpolate || i === 0) return i;
  const lo = bands[i - 1] as number;
  return i - 1 + (x - lo) / ((bands[i] as number) - lo);
}

export function rangeNext(bands: readonly number[], values: readonly number[], x: number): number {
  return values[position(bands, x, false)] as number;
}

export function rangeInterpolate(bands: readonly number[], values: readonly number[], x: number): number {
  const p = position(bands, x, true);
  const i = Math.floor(p);
  const v0 = values[i] as number;
  return i === p ? v0 : v0 + ((values[i + 1] as number) - v0) * (p - i);
}

export function matrixNext(
  rows: readonly number[],
  cols: readonly number[],
  values: readonly (readonly number[])[],
  r: number,
  c: number,
): number {
  return (values[position(rows, r, false)] as readonly number[])[position(cols, c, false)] as number;
}

export function matrixInterpolate(
  rows: readonly number[],
  cols: readonly number[],
  values: readonly (readonly number[])[],
  r: number,
  c: number,
): number {
  const pr = position(rows, r, true);
  const pc = position(cols, c, true);
  const i = Math.floor(pr);
  const k = Math.floor(pc);
  const tr = pr - i;
  const tc = pc - k;
  const row0 = values[i] as readonly number[];
  const at00 = row0[k] as number;
  const top = at00 + ((tc === 0 ? at00 : (row0[k + 1] as number)) - at00) * tc;
  if (tr === 0) return top;
  const row1 = values[i + 1] as readonly number[];
  const at10 = row1[k] as number;
  const bottom = at10 + ((tc === 0 ? at10 : (row1[k + 1] as number)) - at10) * tc;
  return top + (bottom - top) * tr;
}
