// Output items as an evaluation returns them: ids and values in two arrays, filled in order. A Map per group cost a
// hash table and a hashed insert per item, the largest part of the output step; its readers iterate (a response's
// JSON) and rarely look one item up.

/** Past this many entries a lookup builds a Map index once, so that looking every entry up stays linear. */
const SCANNED = 16;

export class Items<V> implements ReadonlyMap<string, V> {
  private readonly ids: string[] = [];
  private readonly vals: V[] = [];
  private index: Map<string, number> | undefined;

  /** Ids are distinct (the checker refuses an item or group declared twice). */
  add(id: string, value: V): void {
    this.ids.push(id);
    this.vals.push(value);
    this.index = undefined;
  }

  get size(): number {
    return this.ids.length;
  }

  private find(id: string): number {
    if (this.ids.length <= SCANNED) return this.ids.indexOf(id);
    this.index ??= new Map(this.ids.map((x, k) => [x, k]));
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
    for (let k = 0; k < this.ids.length; k++) yield [this.ids[k] as string, this.vals[k] as V];
  }

  keys(): MapIterator<string> {
    return this.ids.values();
  }

  values(): MapIterator<V> {
    return this.vals.values();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, id: string, items: ReadonlyMap<string, V>) => void): void {
    for (let k = 0; k < this.ids.length; k++) fn(this.vals[k] as V, this.ids[k] as string, this);
  }
}
