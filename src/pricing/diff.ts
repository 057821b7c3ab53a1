// Two lists' entries compared, row by row: what applying `to` in place of `from` adds, removes and changes.
// O(n log n) for the sort that makes the answer stable.

export interface DiffRow {
  product: string;
  price: string;
  change: 'added' | 'removed' | 'changed';
  /** Integer minor units; null where the side has no entry. */
  from: number | null;
  to: number | null;
}

/** Entries of one list: product → price key → integer minor units. */
export type Entries = ReadonlyMap<string, ReadonlyMap<string, number>>;

export function diffEntries(from: Entries, to: Entries): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const [product, prices] of to) {
    const before = from.get(product);
    for (const [price, value] of prices) {
      const old = before?.get(price);
      if (old === undefined) rows.push({ product, price, change: 'added', from: null, to: value });
      else if (old !== value) rows.push({ product, price, change: 'changed', from: old, to: value });
    }
  }
  for (const [product, prices] of from) {
    const after = to.get(product);
    for (const [price, value] of prices) {
      if (after?.get(price) === undefined) rows.push({ product, price, change: 'removed', from: value, to: null });
    }
  }
  return rows.sort((a, b) => compare(a.product, b.product) || compare(a.price, b.price));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
