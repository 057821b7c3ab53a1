// The JSON Logic equivalence property, shared by the node test (thousands of configurations per example, against
// the runtime) and the workers test (a few hundred, against the HTTP endpoint): random configurations of a product,
// and one comparison of the states the server computes with those json-logic-js computes from the form document.
// To hold another answer to the form's logic (say /v1/configure), compare its states with `logicStates`; to shape
// the configurations of a product, add a generator to GENERATORS.
import jsonLogic from 'json-logic-js';
import { formDocument } from '../../src/configurator/form';
import type { Expr, FieldIR, ProductIR } from '../../src/lang/ir';
import { type FormForStates, formStates, type States } from '../../src/lang/logic-ops';
import { re2Matcher } from '../../src/lang/runtime/pattern';
import { random } from './random';

export type Configuration = Record<string, unknown>;
export interface Sample {
  configuration: Configuration;
  /** Usually a valid quantity; sometimes missing (undefined) or refused. */
  quantity: unknown;
}

/** The form document as the API serves it (a JSON round trip, so that only what JSON carries counts). */
export function formOf(ir: ProductIR, lang = ir.language): FormForStates {
  return JSON.parse(JSON.stringify(formDocument(ir, lang))) as FormForStates;
}

/** The states the form's JSON Logic gives, evaluated by json-logic-js with the extra operations registered. */
export function logicStates(form: FormForStates, sample: Sample): States {
  return formStates(form, sample.configuration, sample.quantity, jsonLogic, { pattern: re2Matcher });
}

export type StateList = Pick<States, 'fields' | 'groups'>;

/** Every difference between two answers, as readable lines; [] when they agree on every field and group. */
export function compareStates(server: StateList, logic: StateList): string[] {
  const out: string[] = [];
  const byId = <T extends { id: string }>(xs: readonly T[]) => new Map(xs.map((x) => [x.id, x]));
  const compare = (
    kind: string,
    a: readonly Record<string, unknown>[],
    b: readonly Record<string, unknown>[],
    keys: string[],
  ) => {
    const bs = byId(b as { id: string }[]);
    if (a.length !== b.length) out.push(`${kind}: the server lists ${a.length}, the logic ${b.length}`);
    for (const x of a as { id: string }[]) {
      const y = bs.get(x.id) as Record<string, unknown> | undefined;
      if (y === undefined) {
        out.push(`${kind} ${x.id}: missing from the logic's states`);
        continue;
      }
      for (const k of keys) {
        const sv = (x as Record<string, unknown>)[k];
        if (sv !== y[k]) out.push(`${kind} ${x.id}.${k}: server ${String(sv)}, logic ${String(y[k])}`);
      }
    }
  };
  compare('field', server.fields, logic.fields, ['visible', 'enabled', 'required']);
  compare('group', server.groups, logic.groups, ['visible', 'enabled']);
  return out;
}

/** Literals an expression compares with: thresholds and option ids make the interesting values. */
function literals(ir: ProductIR): { numbers: number[]; strings: string[] } {
  const numbers = new Set<number>();
  const strings = new Set<string>();
  const walk = (e: Expr | undefined): void => {
    if (e === undefined) return;
    switch (e.k) {
      case 'num':
        numbers.add(e.v);
        return;
      case 'str':
        strings.add(e.v);
        return;
      case 'bool':
      case 'ref':
      case 'attr':
        return;
      case 'bin':
        walk(e.a);
        walk(e.b);
        return;
      case 'not':
      case 'neg':
        walk(e.a);
        return;
      case 'if':
        walk(e.c);
        walk(e.t);
        walk(e.e);
        return;
      case 'in':
        walk(e.a);
        for (const x of e.list) walk(x);
        walk(e.set);
        return;
      case 'call':
      case 'table':
        for (const x of e.args) walk(x);
        return;
      case 'index':
        walk(e.key);
        return;
      case 'rows':
        for (const row of e.rows) for (const cell of row) for (const id of cell === null ? [] : [cell].flat()) strings.add(id);
        return;
    }
  };
  for (const f of ir.fields) for (const c of [f.visibleWhen, f.enabledWhen, f.requiredWhen]) walk(c?.expr);
  for (const f of ir.fields) walk(f.value);
  for (const g of ir.groups) for (const c of [g.visibleWhen, g.enabledWhen]) walk(c?.expr);
  for (const e of Object.values(ir.lets)) walk(e);
  for (const t of Object.values(ir.tables)) {
    if (t.kind === 'range') for (const b of t.bands) numbers.add(b);
    if (t.kind === 'matrix') for (const b of [...t.rows, ...t.columns]) numbers.add(b);
  }
  return { numbers: [...numbers], strings: [...strings] };
}

const JUNK: unknown[] = [null, '', 'junk', true, false, -1, 0, 1e308, [], { a: 1 }, '12abc', '1e3'];

/** Candidate values for a field: valid ones, its boundaries, the schema's literals around them, and junk. */
function candidates(f: FieldIR, lit: { numbers: number[]; strings: string[] }): unknown[] {
  const out: unknown[] = [...JUNK];
  if (f.options) out.push(...f.options.map((o) => o.id), ...f.options.map((o) => o.id), 'no-such-option', ...lit.strings);
  if (f.type === 'checkbox') out.push(true, false, true, false, 'true', 'false', 'TRUE', 1);
  if (f.valueType === 'list' && f.options) {
    // Selections of every size (valid or past the bounds), and lists the server refuses.
    const ids = f.options.map((o) => o.id);
    for (let k = 0; k <= ids.length; k++) out.push(ids.slice(0, k), ids.slice(ids.length - k), ids.slice(0, k));
    out.push([ids[0], ids[0]], ['no-such-option'], [1], ids.slice(1, 3));
  }
  if (f.valueType === 'number' && f.type !== 'hidden') {
    const step = f.step ?? 1;
    const lo = typeof f.min === 'number' ? f.min : -1000;
    const hi = typeof f.max === 'number' ? f.max : 10000;
    out.push(lo, hi, lo - step, hi + step, (lo + hi) / 2, lo + step, hi - step, lo + step / 2, String(lo), `${hi}.0`);
    if (typeof f.default === 'number') out.push(f.default);
    for (const n of lit.numbers) out.push(n, n - step, n + step, n + step / 2);
  }
  if (f.type === 'text') out.push('abc', 'A-1', 'AB-123', 'x'.repeat(300), ...lit.strings);
  if (f.type === 'date') {
    out.push('2024-01-01', '2025-06-30', '2024-02-30', '2024-2-1', ...lit.strings);
    if (typeof f.min === 'string') out.push(f.min);
    if (typeof f.max === 'string') out.push(f.max);
  }
  return out;
}

export type Generator = (rng: () => number) => Sample;

/**
 * Configurations of a product: each field missing (a third of the time) or one of its candidates; values for
 * computed fields and unknown keys now and then; the quantity usually valid, sometimes missing or refused.
 */
export function genericGenerator(ir: ProductIR): Generator {
  const lit = literals(ir);
  const perField = ir.fields.map((f) => ({ f, values: candidates(f, lit) }));
  const q = ir.quantity;
  const quantities: unknown[] = [q.min, q.max, q.default, q.min + q.step, 10, 25, 100, q.max + q.step, 0, 1.5, '2', undefined];
  return (rng) => {
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
    const configuration: Configuration = {};
    for (const { f, values } of perField) {
      if (f.type === 'hidden') {
        if (rng() < 0.1) configuration[f.id] = 12345;
        continue;
      }
      if (rng() < 0.33) continue;
      configuration[f.id] = pick(values);
    }
    if (rng() < 0.05) configuration.not_a_field = 1;
    return { configuration, quantity: rng() < 0.8 ? pick([q.default, q.min, 10, 100]) : pick(quantities) };
  };
}

/** Per-example generators; an example without one uses the generic generator. */
export const GENERATORS: Record<string, (ir: ProductIR) => Generator> = {};

export function generatorFor(example: string, ir: ProductIR): Generator {
  return (GENERATORS[example] ?? genericGenerator)(ir);
}

/** `count` samples of an example, reproducible from the seed. */
export function samples(example: string, ir: ProductIR, count: number, seed: number): Sample[] {
  const rng = random(seed);
  const gen = generatorFor(example, ir);
  return Array.from({ length: count }, () => gen(rng));
}
