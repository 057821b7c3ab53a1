import { Fault, type Val } from './fault';
import type { Price } from './types';

export type Fn = (c: Ctx) => Val;

const UNKNOWN = 0;
const BUSY = 1;
export const DONE = 2;
const FAILED = 3;

/** What instantiate() decided about the memo slots: the closure computing each one and a name for messages. */
export interface SlotTable {
  readonly fns: Fn[];
  readonly names: string[];
  /** By slot: the work units computing it costs at most (runtime/cost.ts). */
  readonly costs: number[];
}

/**
 * Per-evaluation state. Every field value, let and condition has a slot (an array index fixed at instantiate
 * time) so that lazy evaluation memoizes without string lookups. One Ctx per model is reused: evaluate() is
 * synchronous and closures never re-enter it, so a reset replaces allocation.
 */
export class Ctx {
  readonly v: Val[];
  readonly st: Uint8Array;
  readonly failed: (Fault | undefined)[];
  /** Slots being computed, innermost last: when a fault unwinds them they are marked failed, not left busy. */
  private readonly stack: Int32Array;
  private sp = 0;
  /** Configuration values as sent, by field index (undefined: not sent). */
  readonly raw: unknown[];
  /** Fields whose sent value failed validation; their problems are collected afterwards, in field order. */
  readonly bad: Uint8Array;
  quantity = 0;
  /** Set once the price is known, for the output items that read it (`price.total`); null before, or without one. */
  price: Price | null = null;
  /**
   * Work units spent so far (runtime/cost.ts): every reset costs its slots, every slot computed its cost. Only
   * ever grows; a budget (src/lang/configure/budget.ts) charges the difference between two readings.
   */
  work = 0;
  /** Counts resets: a field read since the last one has `readIn` equal to it. */
  epoch = 0;
  /**
   * By field: the reset in which its value was last computed, so that a search learns which fields a failed check
   * read (configure/exact/residual.ts tells the solver, which backjumps past the others).
   */
  readonly readIn: Uint32Array;
  /** The slot table's parts, held here so that `force` reaches them without a load through the table. */
  private readonly fns: readonly Fn[];
  private readonly costs: readonly number[];
  private readonly names: readonly string[];

  constructor(slots: SlotTable, fieldCount: number) {
    const n = slots.fns.length;
    this.fns = slots.fns;
    this.costs = slots.costs;
    this.names = slots.names;
    this.v = new Array<Val>(n).fill(0);
    this.st = new Uint8Array(n);
    this.failed = new Array<Fault | undefined>(n).fill(undefined);
    this.stack = new Int32Array(n);
    this.raw = new Array<unknown>(fieldCount).fill(undefined);
    this.bad = new Uint8Array(fieldCount);
    this.readIn = new Uint32Array(fieldCount);
  }

  reset(quantity: number): void {
    // `failed` is only read for slots in state FAILED, so it needs no clearing. Plain loops: these arrays are
    // short, and fill() costs more in call overhead than the stores.
    const { st, raw, bad } = this;
    for (let i = 0; i < st.length; i++) st[i] = UNKNOWN;
    for (let i = 0; i < raw.length; i++) {
      raw[i] = undefined;
      bad[i] = 0;
    }
    this.work += st.length + raw.length;
    this.sp = 0;
    this.epoch = (this.epoch + 1) >>> 0;
    this.quantity = quantity;
    this.price = null;
  }

  /**
   * Gives field i the raw value `raw` without a reset: its slot, the slots of `readers` (the fields whose value
   * reads it) and every slot past the fields (lets, conditions) are computed again when next read. For a caller
   * trying many values of one field on the same configuration (configure's reasons).
   */
  rewrite(i: number, raw: unknown, readers: readonly number[]): void {
    const { st, bad } = this;
    this.raw[i] = raw;
    st[i] = UNKNOWN;
    bad[i] = 0;
    for (const j of readers) {
      st[j] = UNKNOWN;
      bad[j] = 0;
    }
    const fields = this.raw.length;
    for (let s = fields; s < st.length; s++) st[s] = UNKNOWN;
    this.work += 1 + readers.length + st.length - fields;
  }

  force(s: number): Val {
    const state = this.st[s];
    if (state === FAILED) throw this.failed[s];
    if (state === BUSY) throw new Fault('R_CYCLE', undefined, { name: this.names[s] ?? '?' });
    this.st[s] = BUSY;
    // Field slots come first (model.ts).
    if (s < this.readIn.length) this.readIn[s] = this.epoch;
    this.work += this.costs[s] as number;
    this.stack[this.sp++] = s;
    const v = (this.fns[s] as Fn)(this);
    this.sp--;
    this.v[s] = v;
    this.st[s] = DONE;
    return v;
  }

  /** Called where a fault is caught: the slots it interrupted keep it, so later readers re-throw it. */
  unwind(fault: Fault): void {
    while (this.sp > 0) {
      const s = this.stack[--this.sp] as number;
      this.st[s] = FAILED;
      this.failed[s] = fault;
    }
  }
}

export function slotReader(s: number): Fn {
  return (c) => (c.st[s] === DONE ? (c.v[s] as Val) : c.force(s));
}
