// The version each file of a directory was last in sync with, per store: `<dir>/.cpq-base.json`, written by
// `cpq pull` and `cpq push`, read by `cpq push` to send as If-Match so that it never undoes a change made in the
// store since (docs/cli.md, "The base versions"). Kept apart from the .cpq files, whose source stays the schema's.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, EXIT } from './exit';

export const BASE_FILE = '.cpq-base.json';

/** store id → product id → version. */
type Versions = Map<string, Map<string, number>>;

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isVersion = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0;

function read(file: string): Versions {
  if (!existsSync(file)) return new Map();
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CliError(`${file} is not JSON (${(e as Error).message}); delete it and pull again`, EXIT.USAGE);
  }
  if (!isMap(data) || !Object.values(data).every((s) => isMap(s) && Object.values(s).every(isVersion))) {
    throw new CliError(`${file} is not {"<store>": {"<product>": <version>}}; delete it and pull again`, EXIT.USAGE);
  }
  return new Map(Object.entries(data).map(([store, v]) => [store, new Map(Object.entries(v as Record<string, number>))]));
}

/** The base versions of a directory's files in one store. */
export class Bases {
  readonly #file: string;
  readonly #all: Versions;
  readonly #store: Map<string, number>;

  constructor(dir: string, store: string) {
    this.#file = join(dir, BASE_FILE);
    this.#all = read(this.#file);
    this.#store = this.#all.get(store) ?? new Map();
    this.#all.set(store, this.#store);
  }

  /** The version a product's file was last in sync with; 0 for never (a product the store did not have). */
  of(id: string): number {
    return this.#store.get(id) ?? 0;
  }

  set(id: string, version: number): void {
    this.#store.set(id, version);
  }

  /** Sorted, so that a directory kept in git shows a one-line change per product. */
  save(): void {
    const sorted = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
    const stores = sorted(this.#all).filter(([, v]) => v.size > 0);
    const out = Object.fromEntries(stores.map(([store, v]) => [store, Object.fromEntries(sorted(v))]));
    writeFileSync(this.#file, `${JSON.stringify(out, null, 2)}\n`);
  }
}
