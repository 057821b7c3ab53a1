// What the big-model benchmarks share: the schema compiled stage by stage, percentiles, and buyers walking a model
// through the options it offers.
import { check } from '../../src/lang/check/index';
import { compile } from '../../src/lang/compile/index';
import { Diagnostics } from '../../src/lang/diagnostics';
import { expand } from '../../src/lang/expand/index';
import type { Model } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { parse } from '../../src/lang/syntax/parse';
import { SourceMap } from '../../src/lang/syntax/source';

export const now = () => performance.now();

/** The IR without the save's checks of size and satisfiability (what the benchmarks time apart). */
export function irOf(source: string): ProductIR {
  const diags = new Diagnostics();
  const map = new SourceMap(source);
  const parsed = parse(map, diags);
  if (parsed === null) throw new Error('does not parse');
  const ir = compile(check(expand(parsed, map, diags), diags), map.text);
  if (diags.hasErrors()) throw new Error(diags.sorted()[0]!.message);
  return ir;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}

export interface Walks {
  /** Milliseconds of each configure call. */
  times: number[];
  /** The most work units a call spent (of MAX_WORK_UNITS). */
  maxUnits: number;
  /** The work units of every call together: steadier than times on a loaded machine. */
  totalUnits: number;
  priced: number;
  incomplete: number;
}

/** How a walk asks: `compact` answers (each field's available option ids, no reasons) or full ones. */
export interface WalkOptions {
  compact?: boolean;
  /** Sees each state before it is configured. */
  visit?: (state: Record<string, string>) => void;
}

/**
 * `walks` buyers, each choosing an option reported available for a random field not yet set until every field is
 * set, every state one timed configure call; how many then price. Compact and full answers offer the same options.
 */
export function walk(model: Model, next: () => number, walks: number, o: WalkOptions = {}): Walks {
  const out: Walks = { times: [], maxUnits: 0, totalUnits: 0, priced: 0, incomplete: 0 };
  const ask = o.compact ? { compact: true, explain: [] } : {};
  for (let w = 0; w < walks; w++) {
    const configuration: Record<string, string> = {};
    for (;;) {
      o.visit?.({ ...configuration });
      const started = now();
      const answer = model.configure({ configuration, quantity: 1, ...ask });
      out.times.push(now() - started);
      out.maxUnits = Math.max(out.maxUnits, answer.units);
      out.totalUnits += answer.units;
      if (!answer.complete) out.incomplete++;
      const open = answer.fields.filter((f) => !(f.id in configuration));
      if (open.length === 0) break;
      const f = open[Math.floor(next() * open.length)]!;
      const available = f.available ?? f.options!.filter((x) => x.available).map((x) => x.id);
      if (available.length === 0) break;
      configuration[f.id] = available[Math.floor(next() * available.length)]!;
    }
    if (model.evaluate({ configuration, quantity: 1 }).errors.length === 0) out.priced++;
  }
  return out;
}
