import { admin, createStore, saveProduct } from '../helpers';

/** A window whose list prices are a matrix, a map table, an option attribute and a line (keys as docs/schema-language.md). */
export const WINDOW = [
  'product "Window" { currency: EUR, list_prices: [base, glass_m2, opening.price, price.fixed] }',
  'field width: number { label: "Width", min: 100, max: 2000, default: 500 }',
  'field glass: dropdown { label: "Glass", options { double { label: "Double" }, triple { label: "Triple" } } }',
  'field opening: radio { label: "Opening", options { tilt { label: "Tilt", price: 42 }, fixed { label: "Fixed", price: 0 } } }',
  'table base: matrix { lookup: next, rows: [1000, 2000], columns: [1000, 2000], values: [[100, 150], [150, 200]] }',
  'table glass_m2: map { double: 38, *: 55.5 }',
  'price {',
  '  line frame: "Frame" = base(width, width) + glass_m2[glass]',
  '  line fixed: "Fixed" = 65',
  '  line hw: "Fittings" = opening.price',
  '}',
].join('\n');

/** A product with n × n price points (a matrix of list prices), for the bounds of a write. */
export function gridProduct(n: number): string {
  const bands = Array.from({ length: n }, (_, i) => (i + 1) * 10);
  const values = bands.map((_, i) => `[${bands.map((__, j) => i + j + 1).join(', ')}]`).join(', ');
  return [
    'product "Grid" { currency: EUR, list_prices: [cell] }',
    `field w: number { label: "W", min: 1, max: ${n * 10}, default: 10 }`,
    `table cell: matrix { lookup: next, rows: [${bands.join(', ')}], columns: [${bands.join(', ')}], values: [${values}] }`,
    'price {',
    '  line a: "A" = cell(w, w)',
    '}',
  ].join('\n');
}

export async function ok<T = Record<string, unknown>>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${await r.text()}`);
  return r.json<T>();
}

/** A store with the window saved and the lists given (POST bodies). */
export async function storeWithWindow(...lists: Record<string, unknown>[]): Promise<string> {
  const s = await createStore();
  const saved = await saveProduct(s, 'window', WINDOW);
  if (saved.status !== 201) throw new Error(`save: ${saved.status} ${await saved.text()}`);
  for (const list of lists) await ok(admin('POST', `/stores/${s}/price-lists`, list), 201);
  return s;
}
