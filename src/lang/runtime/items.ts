// Output items as an evaluation returns them: a range of two arrays (ids, values) that every group of one
// evaluation shares. A Map per group cost a hash table and a hashed insert per item, the largest part of the output
// step; its readers iterate (a response's JSON) and rarely look one item up.

/** Past this many entries a lookup builds a Map index once, so that looking every entry up stays linear. */
const SCANNED = 16;

export class Items<V> implements ReadonlyMap<string, V> {
  private index: Map<string, number> | undefined;

  /** Entries `from` to `to` (excluded) of `ids` and `vals`; ids are distinct (the checker refuses an item or group
   * declared twice). */
  constructor(
    private readonly ids: readonly string[],
    private readonly vals: readonly V[],
    private readonly from: number,
    private readonly to: number,
  ) {}

  get size(): number {
    return this.to - this.from;
  }

  private find(id: string): number {
    if (this.to - this.from <= SCANNED) {
      for (let k = this.from; k < this.to; k++) if (this.ids[k] === id) return k;
      return -1;
    }
    if (this.index === undefined) {
      this.index = new Map();
      for (let k = this.from; k < this.to; k++) this.index.set(this.ids[k] as string, k);
    }
    return this.index.get(id) ?? -1;
  }

  get(id: string): V | undefined {
    const k = this.find(id);
    return k < 0 ? undefined : this.vals[k];
  }

  has(id: string): boolean {
    return this.find(id) >= 0;
  }

  *entries(): MapIterator<[string, V]> {
    for (let k = this.from; k < this.to; k++) yield [this.ids[k] as string, this.vals[k] as V];
  }

  *keys(): MapIterator<string> {
    for (let k = this.from; k < this.to; k++) yield this.ids[k] as string;
  }

  *values(): MapIterator<V> {
    for (let k = this.from; k < this.to; k++) yield this.vals[k] as V;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, id: string, items: ReadonlyMap<string, V>) => void): void {
    for (let k = this.from; k < this.to; k++) fn(this.vals[k] as V, this.ids[k] as string, this);
  }
}
