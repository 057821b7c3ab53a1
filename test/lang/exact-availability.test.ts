// The exact configurator engine (src/lang/configure/exact/, issue 25) against an oracle that reads the generated
// models' plain tables, not the schema: a backtracking search written here, sharing no code with the engine. On
// small models the oracle enumerates every configuration; on the large ones it decides sampled options of sampled
// partial configurations. Then buyers walk the large models choosing only options reported available, and every
// walk must end in a configuration that prices. The oracle reads the tables one row per combination, and TRUCK_FULL's
// source writes them with option lists; on models that fit both ways, both writings answer alike.
import { describe, expect, it } from 'vitest';
import { check } from '../../src/lang/check/index';
import { compile } from '../../src/lang/compile/index';
import { Diagnostics } from '../../src/lang/diagnostics';
import { expand } from '../../src/lang/expand/index';
import { analyze } from '../../src/lang/index';
import type { Model } from '../../src/lang/instantiate';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { parse } from '../../src/lang/syntax/parse';
import { SourceMap } from '../../src/lang/syntax/source';
import {
  type BigModel,
  type BigModelShape,
  bigModel,
  CAR,
  CAR_FULL,
  fieldId,
  optionId,
  TRUCK,
  TRUCK_FULL,
} from '../fixtures/big-model';
import { bySize, HEAVY_TIMEOUT_MS } from '../soak';
import { random } from './random';

/**
 * The IR of a generated model. Compiled stage by stage: the large ones are over the form's export limit
 * (MAX_LOGIC_NODES, see the report in bench/RESULTS.md), which the analysis checks after compiling.
 */
function irOf(b: BigModel): ProductIR {
  const diags = new Diagnostics();
  const map = new SourceMap(b.source);
  const parsed = parse(map, diags);
  expect(parsed).not.toBeNull();
  const ir = compile(check(expand(parsed!, map, diags), diags), map.text);
  expect(diags.sorted().filter((d) => d.severity === 'error')).toEqual([]);
  return ir;
}

const built = new Map<string, { b: BigModel; ir: ProductIR }>();
/**
 * A shape's model and IR, generated and compiled once per file (a second or more each for the large ones, which
 * several tests read); each test instantiates its own engine from the IR, so no test starts from another's state.
 */
function modelOf(shape: BigModelShape): { b: BigModel; ir: ProductIR } {
  const key = JSON.stringify(shape);
  let hit = built.get(key);
  if (hit === undefined) {
    const b = bigModel(shape);
    hit = { b, ir: irOf(b) };
    built.set(key, hit);
  }
  return hit;
}

/** Whether some complete configuration extends `fixed` (by field: an option index, or -1 for free). */
class Oracle {
  private readonly tablesOf: number[][];
  /** By table, column and option: the rows allowing it (naming it, or "*"). */
  private readonly allowing: number[][][][];
  /** By field: the other fields sharing a table with it, the only ones whose values change what fits it. */
  private readonly neighbours: number[][];
  nodes = 0;

  constructor(private readonly b: BigModel) {
    this.tablesOf = b.domains.map(() => []);
    b.tables.forEach((t, k) => {
      for (const c of t.columns) this.tablesOf[c]!.push(k);
    });
    this.neighbours = this.tablesOf.map((tables, f) => [
      ...new Set(tables.flatMap((k) => b.tables[k]!.columns).filter((c) => c !== f)),
    ]);
    this.allowing = b.tables.map((t) =>
      t.columns.map((c, j) => {
        const out: number[][] = Array.from({ length: b.domains[c]! }, () => []);
        t.rows.forEach((row, r) => {
          if (row[j]! < 0) for (const list of out) list.push(r);
          else out[row[j]!]!.push(r);
        });
        return out;
      }),
    );
  }

  /** Whether table k has a row matching every assigned column. */
  private fits(k: number, at: Int32Array): boolean {
    const t = this.b.tables[k]!;
    let best: number[] | undefined;
    t.columns.forEach((c, j) => {
      const v = at[c]!;
      if (v < 0) return;
      const rows = this.allowing[k]![j]![v]!;
      if (best === undefined || rows.length < best.length) best = rows;
    });
    if (best === undefined) return true;
    return best.some((r) => t.columns.every((c, j) => at[c]! < 0 || t.rows[r]![j]! < 0 || t.rows[r]![j] === at[c]));
  }

  /**
   * Backtracking with forward checking: at each node, every free field's values that fit its tables with what is
   * assigned; a field left with none is a dead end, and the field with the fewest is assigned next. Undefined when
   * `limit` nodes were not enough. A free field's fitting values are kept until one of its neighbours changes: a
   * node recomputes those of the assigned field's neighbours only, not of every free field (the same search, node
   * for node).
   */
  completable(fixed: readonly number[], limit: number): boolean | undefined {
    const at = Int32Array.from(fixed);
    for (let k = 0; k < this.b.tables.length; k++) if (!this.fits(k, at)) return false;
    this.nodes = 0;
    const known: (number[] | undefined)[] = [];
    const fitting = (f: number): number[] => {
      const kept = known[f];
      if (kept !== undefined) return kept;
      const out: number[] = [];
      for (let v = 0; v < this.b.domains[f]!; v++) {
        at[f] = v;
        if (this.tablesOf[f]!.every((k) => this.fits(k, at))) out.push(v);
      }
      at[f] = -1;
      known[f] = out;
      return out;
    };
    const assign = (f: number, v: number) => {
      at[f] = v;
      for (const g of this.neighbours[f]!) known[g] = undefined;
    };
    const go = (): boolean | undefined => {
      if (++this.nodes > limit) return undefined;
      let best: { f: number; values: number[] } | undefined;
      for (let f = 0; f < at.length; f++) {
        if (at[f]! >= 0) continue;
        const values = fitting(f);
        if (values.length === 0) return false;
        if (best === undefined || values.length < best.values.length) best = { f, values };
        if (values.length === 1) break;
      }
      if (best === undefined) return true;
      for (const v of best.values) {
        assign(best.f, v);
        const r = go();
        if (r !== false) {
          assign(best.f, -1);
          return r;
        }
      }
      assign(best.f, -1);
      return false;
    };
    return go();
  }
}

/** A partial configuration: `count` fields set to the values of one planted solution (so it is completable). */
function plantedPartial(b: BigModel, next: () => number, count: number): number[] {
  const p = b.planted[Math.floor(next() * b.planted.length)]!;
  const fixed = b.domains.map(() => -1);
  for (let n = 0; n < count; n++) {
    const f = Math.floor(next() * b.domains.length);
    fixed[f] = p[f]!;
  }
  return fixed;
}

function configurationOf(fixed: readonly number[]): Record<string, string> {
  const out: Record<string, string> = {};
  fixed.forEach((v, f) => {
    if (v >= 0) out[fieldId(f)] = optionId(v);
  });
  return out;
}

/** The engine's verdict on option v of field f; the configuration's own value of f is freed by the engine. */
function engineSays(model: Model, fixed: readonly number[]) {
  const answer = model.configure({ configuration: configurationOf(fixed), quantity: 1 });
  expect(answer.complete).toBe(true);
  return (f: number, v: number) => answer.fields[f]!.options!.find((o) => o.id === optionId(v))!.available;
}

/** The oracle's question for option v of field f: the configuration with f set to v (freed when it was set). */
const withValue = (fixed: readonly number[], f: number, v: number) => fixed.map((x, g) => (g === f ? v : x));

const SMALL: BigModelShape = { fields: 9, tables: 9, seed: 5, maxRows: 12, planted: 2 };

describe('exact availability against an oracle', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`small generated model ${seed}: every option of random partial configurations, as brute force has it`, () => {
      const shape = { ...SMALL, seed };
      const { b, ir } = modelOf(shape);
      const model = instantiate(ir);
      const oracle = new Oracle(b);
      const next = random(seed * 7919);
      for (let n = 0; n < 15; n++) {
        const fixed = b.domains.map((d) => (next() < 0.3 ? Math.floor(next() * d) : -1));
        const answer = model.configure({ configuration: configurationOf(fixed), quantity: 1 });
        expect(answer.complete).toBe(true);
        expect(answer.satisfiable).toBe(oracle.completable(fixed, Number.POSITIVE_INFINITY));
        b.domains.forEach((d, f) => {
          for (let v = 0; v < d; v++) {
            const available = answer.fields[f]!.options!.find((o) => o.id === optionId(v))!.available;
            expect(available, `${fieldId(f)} = ${optionId(v)} with ${JSON.stringify(configurationOf(fixed))}`).toBe(
              oracle.completable(withValue(fixed, f, v), Number.POSITIVE_INFINITY),
            );
          }
        });
      }
    });
  }

  // TRUCK_FULL, written with option lists, on fewer samples: the oracle's searches over its tables of up to 2,000
  // rows take most of the time. A third of the samples under `npm test`, all under `npm run test:soak`.
  for (const [shape, samples] of [
    [CAR, bySize(8, 25)],
    [TRUCK, bySize(8, 25)],
    [TRUCK_FULL, bySize(2, 6)],
  ] as const) {
    it(`${shape.fields} fields × ${shape.tables} tables, up to ${shape.maxRows} rows: sampled options of sampled partial configurations`, {
      timeout: HEAVY_TIMEOUT_MS,
    }, () => {
      const { b, ir } = modelOf(shape);
      const model = instantiate(ir);
      const oracle = new Oracle(b);
      const next = random(shape.seed);
      let decided = 0;
      let excluded = 0;
      for (const count of [0, 5, 20, 60]) {
        const fixed = plantedPartial(b, next, count);
        const says = engineSays(model, fixed);
        for (let n = 0; n < samples; n++) {
          const f = Math.floor(next() * b.domains.length);
          const v = Math.floor(next() * b.domains[f]!);
          const truth = oracle.completable(withValue(fixed, f, v), 2_000);
          if (truth === undefined) continue;
          decided++;
          if (!truth) excluded++;
          expect(says(f, v), `${fieldId(f)} = ${optionId(v)} with ${count} fields set`).toBe(truth);
        }
      }
      // Most samples decided, and both answers among them.
      expect(decided).toBeGreaterThan(samples * 3.2);
      expect(excluded).toBeGreaterThan(samples * 0.4);
      expect(decided - excluded).toBeGreaterThan(samples * 0.2);
    });
  }
});

describe('tables written with option lists (the compact shapes) against the same tables one row per combination', () => {
  for (const shape of [TRUCK, CAR_FULL]) {
    it(`${shape.fields} × ${shape.tables}, up to ${shape.maxRows} rows: the same configure answers`, {
      timeout: HEAVY_TIMEOUT_MS,
    }, () => {
      const [plain, compact] = [shape, { ...shape, compact: true }].map(modelOf);
      expect(compact!.b.source.length).toBeLessThan(plain!.b.source.length * 0.9);
      const models = [plain!, compact!].map(({ ir }) => instantiate(ir));
      const next = random(shape.seed + 2);
      // Completable partial configurations, and random ones most of which are not.
      const states = [0, 5, 20, 60].map((count) => plantedPartial(plain!.b, next, count));
      for (let n = 0; n < 4; n++) states.push(plain!.b.domains.map((d) => (next() < 0.05 ? Math.floor(next() * d) : -1)));
      let unsatisfiable = 0;
      for (const fixed of states) {
        const [a, b] = models.map((m) => {
          const answer = m.configure({ configuration: configurationOf(fixed), quantity: 1 });
          expect(answer.complete).toBe(true);
          return {
            satisfiable: answer.satisfiable,
            available: answer.fields.map((f) => f.options!.filter((o) => o.available).map((o) => o.id)),
          };
        });
        if (!a!.satisfiable) unsatisfiable++;
        expect(b).toEqual(a);
      }
      expect(unsatisfiable).toBeGreaterThan(0);
    });
  }
});

describe('the analysis of a generated product that saves (30 fields, 35 tables)', () => {
  it('warns W_NEVER_AVAILABLE for options no configuration has, as the oracle finds', () => {
    const b = bigModel({ fields: 30, tables: 35, seed: 30, maxRows: 200, planted: 8 });
    const analysis = analyze(b.source, { tests: false });
    expect(analysis.ir).not.toBeNull();
    const never = analysis.diagnostics.filter((d) => d.code === 'W_NEVER_AVAILABLE');
    expect(never.length).toBeGreaterThan(20);
    const oracle = new Oracle(b);
    const free = b.domains.map(() => -1);
    for (const d of never.slice(0, 20)) {
      const [, option, field] = /option "v(\d+)" of field "f(\d+)"/.exec(d.message)!;
      expect(oracle.completable(withValue(free, Number(field), Number(option)), Number.POSITIVE_INFINITY)).toBe(false);
    }
  });
});

describe('walks over the options offered on the large models', () => {
  for (const [shape, walks] of [
    [CAR, bySize(1, 2)],
    [TRUCK, 1],
  ] as const) {
    it(`${shape.fields} × ${shape.tables}: ${walks} buyers choosing available options all reach a price`, {
      timeout: HEAVY_TIMEOUT_MS,
    }, () => {
      const { ir } = modelOf(shape);
      const model = instantiate(ir);
      const next = random(shape.seed + 1);
      for (let w = 0; w < walks; w++) {
        const configuration: Record<string, string> = {};
        for (;;) {
          const answer = model.configure({ configuration, quantity: 1 });
          expect(answer.complete).toBe(true);
          expect(answer.satisfiable).toBe(true);
          const open = answer.fields.filter((f) => !(f.id in configuration));
          if (open.length === 0) break;
          const f = open[Math.floor(next() * open.length)]!;
          const available = f.options!.filter((o) => o.available);
          expect(available.length, `${f.id} offers an option`).toBeGreaterThan(0);
          configuration[f.id] = available[Math.floor(next() * available.length)]!.id;
        }
        const priced = model.evaluate({ configuration, quantity: 1 });
        expect(priced.errors).toEqual([]);
        expect(priced.price).not.toBeNull();
      }
    });
  }
});
