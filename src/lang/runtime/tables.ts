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

export function compileRange(name: string, t: RangeTable, arg: Fn, at: Span): Fn {
  const { bands, values } = t;
  if (t.lookup === 'next') {
    return (c) => values[position(bands, arg(c) as number, false, name, at)] as number;
  }
  return (c) => {
    const p = position(bands, arg(c) as number, true, name, at);
    const i = Math.floor(p);
    const v0 = values[i] as number;
    return i === p ? v0 : v0 + ((values[i + 1] as number) - v0) * (p - i);
  };
}

export function compileMatrix(name: string, t: MatrixTable, row: Fn, col: Fn, at: Span): Fn {
  const { rows, columns } = t;
  const width = columns.length;
  const flat = t.values.flat();
  if (t.lookup === 'next') {
    return (c) => {
      const r = position(rows, row(c) as number, false, name, at);
      return flat[r * width + position(columns, col(c) as number, false, name, at)] as number;
    };
  }
  return (c) => {
    const pr = position(rows, row(c) as number, true, name, at);
    const pc = position(columns, col(c) as number, true, name, at);
    const r = Math.floor(pr);
    const k = Math.floor(pc);
    const tr = pr - r;
    const tc = pc - k;
    const at00 = flat[r * width + k] as number;
    // Past a band edge the neighbour has weight 0, so reading it is skipped (it may be outside the matrix).
    const at01 = tc === 0 ? at00 : (flat[r * width + k + 1] as number);
    const top = at00 + (at01 - at00) * tc;
    if (tr === 0) return top;
    const at10 = flat[(r + 1) * width + k] as number;
    const at11 = tc === 0 ? at10 : (flat[(r + 1) * width + k + 1] as number);
    const bottom = at10 + (at11 - at10) * tc;
    return top + (bottom - top) * tr;
  };
}

/** `table[key]`; keys are compared as strings (a number key 2 finds the entry "2"). */
export function compileMapIndex(name: string, t: MapTable, key: Fn, at: Span): Fn {
  const entries = new Map<string, Val>(Object.entries(t.entries));
  const fallback = t.fallback;
  return (c) => {
    const k = key(c);
    const ks = typeof k === 'string' ? k : String(k);
    const v = entries.get(ks);
    if (v !== undefined) return v;
    if (fallback !== undefined) return fallback;
    throw new Fault('R_TABLE_KEY', at, { table: name, key: ks.slice(0, 100) });
  };
}
