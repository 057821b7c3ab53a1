// Shared by the benchmarks: timing loops that report medians over several rounds, and Markdown tables that read
// well in a terminal and paste unchanged into RESULTS.md.

import { readFileSync } from 'node:fs';

/** Results are kept here so that the optimizer cannot drop the calls being timed. */
export let sink: unknown;

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const now = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Calls fn `n` times and returns the elapsed milliseconds. */
function batch(fn: () => unknown, n: number): number {
  const start = now();
  for (let i = 0; i < n; i++) sink = fn();
  return now() - start;
}

export interface RaceOptions {
  warmupMs: number;
  roundMs: number;
  rounds: number;
}

/**
 * Operations per second of each contestant, median over rounds. Rounds are interleaved (every contestant runs once
 * per round, starting with a different one each time) so that GC pauses and frequency changes spread evenly over
 * them instead of penalising whoever happens to run during one.
 */
export function race(contestants: ReadonlyMap<string, () => unknown>, o: RaceOptions): Map<string, number> {
  const names = [...contestants.keys()];
  const sizes = new Map<string, number>();
  for (const name of names) {
    const fn = contestants.get(name) as () => unknown;
    let n = 1;
    let spent = 0;
    let calls = 0;
    const until = now() + o.warmupMs;
    while (now() < until) {
      spent += batch(fn, n);
      calls += n;
      n = Math.min(n * 2, 1 << 16);
    }
    // Batches sized to last about one round at the warmed-up speed.
    sizes.set(name, Math.max(1, Math.round((calls / Math.max(spent, 1e-3)) * o.roundMs)));
  }
  const samples = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let r = 0; r < o.rounds; r++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(r + k) % names.length] as string;
      const n = sizes.get(name) as number;
      const ms = batch(contestants.get(name) as () => unknown, n);
      samples.get(name)?.push((n / ms) * 1000);
    }
  }
  return new Map(names.map((n) => [n, median(samples.get(n) as number[])]));
}

/** Median wall time of `runs` calls, in milliseconds, after `warmup` untimed calls. */
export function medianMs(fn: () => unknown, runs: number, warmup = 1): number {
  for (let i = 0; i < warmup; i++) sink = fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(batch(fn, 1));
  return median(times);
}

export const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Three significant digits, thousands separated: 1,234,000 / 12.3 / 0.123. */
export function fmt3(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return fmtInt(n);
  return Number(n.toPrecision(3)).toString();
}

export const fmtRatio = (n: number): string => `${n >= 10 ? n.toFixed(0) : n.toFixed(2)}×`;

export type Row = readonly string[];

/** A Markdown table with padded columns; columns after the first are right-aligned (they hold figures). */
export function table(headers: Row, rows: readonly Row[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: Row) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function section(title: string, body: string): void {
  console.log(`\n### ${title}\n\n${body}\n`);
}

/**
 * The workerd processes Miniflare started (this process's descendants): their CPU time is the database's work,
 * which a machine shared with other builds cannot stretch the way it stretches the wall clock.
 */
export function workerdPids(): number[] {
  const children = (pid: number): number[] => {
    let list: number[] = [];
    try {
      list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {}
    return list.flatMap((c) => [c, ...children(c)]);
  };
  return children(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('workerd');
    } catch {
      return false;
    }
  });
}
const TICK_MS = 10; // USER_HZ is 100 on Linux
export const workerdCpu = (pids: number[]) =>
  pids.reduce((ms, pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ms + (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }, 0);
