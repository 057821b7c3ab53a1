// Reading schema files and naming their products: a product's id is its file name without `.cpq`, as
// `cpq pull` writes it, and must be an id the admin API accepts.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ExternalId } from '../api/admin/params';
import { CliError, EXIT } from './exit';

export const EXTENSION = '.cpq';

export function readSchema(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, EXIT.USAGE);
  }
}

export function productIdOf(file: string): string {
  const id = basename(file, EXTENSION);
  const valid = ExternalId.safeParse(id);
  if (!valid.success) throw new CliError(`${file}: "${id}" is not a product id (${valid.error.issues[0]?.message})`, EXIT.USAGE);
  return id;
}

/** The schema files directly in a directory, sorted, so a push publishes in the same order everywhere. */
export function schemaFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(EXTENSION))
      .sort()
      .map((f) => join(dir, f));
  } catch (e) {
    throw new CliError(`cannot read the directory ${dir}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`, EXIT.USAGE);
  }
}
