// Buyers' walks through /v1/configure's answers, shared by the in-process walks (test/lang/configure-walk.test.ts)
// and the HTTP ones (test/api/configure-walks.cases.ts), so both check the no-dead-end promise the same way
// (issue 23): a buyer who sets only fields not yet set, to values configure offers (an available option, a number
// on its grid inside the offered min..max), and leaves any other field at its default (numbers, text and dates
// included), always ends with a configuration /v1/calculate prices.
//
// Many walks share their first steps: a walk is a path from the root of a tree of configurations, each node one
// configure request (asked once, however many walks pass through it), its children random next steps. `count`
// walks end in `count` leaves, each priced. The branching is spread over the depth (about count^(1/open fields)
// children per node), so walks part early and most of them are as random as walks on their own.
import { expect } from 'vitest';
import type { ConfiguredField } from '../src/lang/configure/answer-types';
import type { FieldIR, ProductIR } from '../src/lang/ir';
import { re2Matcher } from '../src/lang/runtime/pattern';
import { random } from './lang/random';

export interface WalkAnswer {
  complete: boolean;
  fields: Pick<ConfiguredField, 'id' | 'visible' | 'enabled' | 'required' | 'value' | 'source' | 'options' | 'min' | 'max'>[];
}
export type WalkField = WalkAnswer['fields'][number];

export interface Walker {
  ir: ProductIR;
  /** The engine's answer for a configuration (configure). */
  ask(configuration: Record<string, unknown>): Promise<WalkAnswer>;
  /** The status calculate answers for a configuration, and its body for the failure message. */
  price(configuration: Record<string, unknown>): Promise<{ status: number; body: unknown }>;
  /** Names the product in failure messages. */
  label: string;
}

export interface WalkFigures {
  /** Walks that ended in a configuration priced (walks that part nowhere end in the same one). */
  walks: number;
  /** Configure requests asked (each distinct configuration once). */
  asked: number;
  /** Calculate requests: the distinct configurations the walks ended in, each priced once. */
  priced: number;
}

const MAX_STEPS = 60;
/** One field in this many is left at its default rather than set (never a required field without a default). */
const LEAVE_ONE_IN = 4;

/** Texts a buyer types in: a postcode, a code, a word; the first one the field's pattern (whole value) matches. */
const TYPED = ['12345', 'AB-12', 'HELLO'];

/** Typed-in values valid for the products' text and date fields: a date's first day, a text its pattern takes. */
function typedValue(f: FieldIR): { value: unknown; first: boolean } {
  if (f.type === 'date') return { value: f.min, first: true };
  if (f.pattern === undefined) return { value: 'HELLO', first: false };
  const matches = re2Matcher(f.pattern);
  return { value: TYPED.find((t) => matches?.(t)) ?? TYPED[0], first: false };
}

/** A key for a configuration whatever the order its fields were set in. */
const keyOf = (configuration: Record<string, unknown>) =>
  JSON.stringify(
    Object.keys(configuration)
      .sort()
      .map((k) => [k, configuration[k]]),
  );

/** A value on the field's grid (min + k·step) inside lo..hi, at random; lo when the range holds no grid point. */
function onGrid(f: FieldIR, lo: number, hi: number, next: () => number): number {
  const base = typeof f.min === 'number' ? f.min : lo;
  const step = f.step ?? 1;
  const first = Math.ceil((lo - base) / step - 1e-9);
  const last = Math.floor((hi - base) / step + 1e-9);
  if (last < first) return lo;
  const k = first + Math.floor(next() * (last - first + 1));
  return Number((base + k * step).toFixed(10));
}

/** `count` walks from the empty configuration, from the seed; every answer must be complete, every end price. */
export async function walkTree(w: Walker, count: number, seed: number): Promise<WalkFigures> {
  const byId = new Map(w.ir.fields.map((f) => [f.id, f]));
  const answers = new Map<string, Promise<WalkAnswer>>();
  const prices = new Map<string, Promise<{ status: number; body: unknown }>>();
  const figures: WalkFigures = { walks: 0, asked: 0, priced: 0 };
  const ask = (configuration: Record<string, unknown>) => {
    const key = keyOf(configuration);
    let found = answers.get(key);
    if (found === undefined) {
      figures.asked++;
      found = w.ask(configuration);
      answers.set(key, found);
    }
    return found;
  };
  const end = async (configuration: Record<string, unknown>, walks: number) => {
    const key = keyOf(configuration);
    let found = prices.get(key);
    figures.walks += walks;
    if (found === undefined) {
      figures.priced++;
      found = w.price(configuration);
      prices.set(key, found);
    }
    const { status, body } = await found;
    expect(status, `${w.label}: ${JSON.stringify(configuration)} → ${JSON.stringify(body)}`).toBe(200);
  };

  /** One node: `quota` walks go on from `configuration`, where `left` holds the fields left at their defaults. */
  const node = async (
    configuration: Record<string, unknown>,
    left: ReadonlySet<string>,
    quota: number,
    next: () => number,
    step: number,
  ): Promise<void> => {
    const r = await ask(configuration);
    expect(r.complete, `${w.label}: complete for ${JSON.stringify(configuration)}`).toBe(true);
    const ticked = (id: string) => (Array.isArray(configuration[id]) ? (configuration[id] as string[]) : []);
    // At max_selected the options not ticked are unavailable (the field's own reason), so the field closes.
    const more = (f: WalkField) => (f.options ?? []).some((o) => o.available && !ticked(f.id).includes(o.id));
    const open = r.fields.filter(
      (f) =>
        f.visible &&
        f.enabled &&
        f.source !== 'derived' &&
        // A field left at its default is set after all once it becomes required without one.
        (!left.has(f.id) || (f.required && byId.get(f.id)!.default === undefined)) &&
        (!(f.id in configuration) || (Array.isArray(f.value) && more(f))),
    );
    // A text a buyer must type in (such as a postcode shown with installation) is filled in as well.
    const pickable = open.filter((f) => f.options || typeof f.value === 'number' || (f.required && typeof f.value === 'string'));
    if (pickable.length === 0 || step >= MAX_STEPS) return end(configuration, quota);
    const children = Math.max(1, Math.min(quota, Math.round(quota ** (1 / pickable.length))));
    const work: Promise<void>[] = [];
    for (let k = 0; k < children; k++) {
      const share = Math.floor(quota / children) + (k < quota % children ? 1 : 0);
      const own = random(Math.floor(next() * 2 ** 31));
      const f = pickable[Math.floor(own() * pickable.length)]!;
      const field = byId.get(f.id)!;
      // Left at its default: the walk goes on without a request (unless the field must be set).
      const mayLeave = !(f.required && field.default === undefined) && !(f.id in configuration);
      if (mayLeave && Math.floor(own() * LEAVE_ONE_IN) === 0) {
        work.push(node(configuration, new Set([...left, f.id]), share, own, step + 1));
        continue;
      }
      work.push(node({ ...configuration, [f.id]: choose(f, field, configuration, own) }, left, share, own, step + 1));
    }
    await Promise.all(work);
  };

  const choose = (f: WalkField, field: FieldIR, configuration: Record<string, unknown>, next: () => number): unknown => {
    const ticked = Array.isArray(configuration[f.id]) ? (configuration[f.id] as string[]) : [];
    if (Array.isArray(f.value)) {
      const available = (f.options ?? []).filter((o) => o.available && !ticked.includes(o.id));
      expect(available.length, `${w.label}: ${f.id} has an option to tick in ${JSON.stringify(configuration)}`).toBeGreaterThan(
        0,
      );
      return [...ticked, available[Math.floor(next() * available.length)]!.id];
    }
    if (f.options) {
      const available = f.options.filter((o) => o.available);
      expect(available.length, `${w.label}: ${f.id} has an available option in ${JSON.stringify(configuration)}`).toBeGreaterThan(
        0,
      );
      const o = available[Math.floor(next() * available.length)]!;
      return typeof f.value === 'boolean' ? o.id === 'true' : o.id;
    }
    if (typeof f.value === 'string') return typedValue(field).value;
    const lo = f.min ?? (field.min as number);
    const hi = f.max ?? (field.max as number);
    return onGrid(field, lo, hi, next);
  };

  // Text and dates are not searched: typed in first (a date always, a text one walk in two), or left at default.
  const start = random(seed);
  const typed = w.ir.fields.filter((f) => f.type === 'text' || f.type === 'date');
  const variants = Math.min(count, typed.length === 0 ? 1 : 4);
  const roots: Promise<void>[] = [];
  for (let k = 0; k < variants; k++) {
    const share = Math.floor(count / variants) + (k < count % variants ? 1 : 0);
    const own = random(Math.floor(start() * 2 ** 31));
    const configuration: Record<string, unknown> = {};
    for (const f of typed) {
      const { value, first } = typedValue(f);
      if (first || Math.floor(own() * 2) === 0) configuration[f.id] = value;
    }
    roots.push(node(configuration, new Set(), share, own, 0));
  }
  await Promise.all(roots);
  return figures;
}
