import type { Span, TableIR } from '../ir';
import type { Fn } from './context';
import { Fault, type Val } from './fault';
import { formatNumber, snapSelf } from './numeric';

type RangeTable = Extract<TableIR, { kind: 'range' }>;
type MatrixTable = Extract<TableIR, { kind: 'matrix' }>;
type MapTable = Extract<TableIR, { kind: 'map' }>;

/** Index of the first band ≥ x (0 below the first band), or -1 above the last band. */
function firstBandAtLeast(bands: readonly number[], x: number): number {
  let lo = 0;
  let hi = bands.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((bands[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo === bands.length ? -1 : lo;
}

/**
 * Band position of an argument: the band index, or for interpolation the fractional position between bands
 * (2.25: a quarter of the way from band 2 to band 3). Artefacts are snapped first so that an area computed as
 * 1.2000000000000002 still falls in the 1.2 band.
 */
function position(bands: readonly number[], raw: number, interpolate: boolean, table: string, at: Span): number {
  const x = snapSelf(raw);
  const i = firstBandAtLeast(bands, x);
  if (i < 0) {
    const last = formatNumber(bands[bands.length - 1] as number);
    throw new Fault('R_TABLE_RANGE', at, { table, value: formatNumber(x), last });
  }
  if (!interpolate || i === 0) return i;
  const lo = bands[i - 1] as number;
  const hi = bands[i] as number;
  return i - 1 + (x - lo) / (hi - lo);
}

/** A range table's value at x: the next band's, or interpolated between bands. Shared with logic-ops.ts. */
export function rangeAt(name: string, t: RangeTable, x: number, at: Span): number {
  const { bands, values } = t;
  if (t.lookup === 'next') return values[position(bands, x, false, name, at)] as number;
  const p = position(bands, x, true, name, at);
  const i = Math.floor(p);
  const v0 = values[i] as number;
  return i === p ? v0 : v0 + ((values[i + 1] as number) - v0) * (p - i);
}

/** A matrix table's value at (row, col), by the next band or interpolated bilinearly. Shared with logic-ops.ts. */
export function matrixAt(name: string, t: MatrixTable, row: number, col: number, at: Span): number {
  const { rows, columns, values } = t;
  if (t.lookup === 'next') {
    return (values[position(rows, row, false, name, at)] as number[])[position(columns, col, false, name, at)] as number;
  }
  const pr = position(rows, row, true, name, at);
  const pc = position(columns, col, true, name, at);
  const r = Math.floor(pr);
  const k = Math.floor(pc);
  const tr = pr - r;
  const tc = pc - k;
  const top = values[r] as number[];
  const at00 = top[k] as number;
  // Past a band edge the neighbour has weight 0, so reading it is skipped (it may be outside the matrix).
  const at01 = tc === 0 ? at00 : (top[k + 1] as number);
  const upper = at00 + (at01 - at00) * tc;
  if (tr === 0) return upper;
  const bottom = values[r + 1] as number[];
  const at10 = bottom[k] as number;
  const at11 = tc === 0 ? at10 : (bottom[k + 1] as number);
  const lower = at10 + (at11 - at10) * tc;
  return upper + (lower - upper) * tr;
}

/** `table[key]`; keys are compared as strings (a number key 2 finds the entry "2"). Shared with logic-ops.ts. */
export function mapAt(name: string, t: MapTable, k: Val, at: Span): Val {
  const ks = typeof k === 'string' ? k : String(k);
  const v = Object.hasOwn(t.entries, ks) ? t.entries[ks] : undefined;
  if (v !== undefined) return v;
  if (t.fallback !== undefined) return t.fallback;
  throw new Fault('R_TABLE_KEY', at, { table: name, key: ks.slice(0, 100) });
}

export function compileRange(name: string, t: RangeTable, arg: Fn, at: Span): Fn {
  return (c) => rangeAt(name, t, arg(c) as number, at);
}

export function compileMatrix(name: string, t: MatrixTable, row: Fn, col: Fn, at: Span): Fn {
  return (c) => matrixAt(name, t, row(c) as number, col(c) as number, at);
}

export function compileMapIndex(name: string, t: MapTable, key: Fn, at: Span): Fn {
  return (c) => mapAt(name, t, key(c), at);
}
