// Reading schema files and naming their products: a product's id is its file name without `.cpq`, as
// `cpq pull` writes it, and must be an id the admin API accepts.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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

/**
 * The file `cpq pull` writes a product to: `<dir>/<id>.cpq`, for an id the service gave. From a server that is not
 * this service, or a broken one, an id may be a path: one that leads out of `dir` or into a folder of it
 * (`../../x`, `sub/dir`) is refused, and so is any other id that is no product id, before anything is written.
 */
export function productFile(dir: string, id: unknown): string {
  const shown = JSON.stringify(id)?.slice(0, 140) ?? String(id);
  const name = `${String(id)}${EXTENSION}`;
  if (dirname(resolve(dir, name)) !== resolve(dir)) {
    throw new CliError(
      `the service named a product ${shown}, a path out of ${dir} or into a folder: nothing written`,
      EXIT.SERVICE,
    );
  }
  const valid = ExternalId.safeParse(id);
  if (!valid.success) {
    const reason = valid.error.issues[0]?.message;
    throw new CliError(
      `the service named a product ${shown}, which is not a product id (${reason}): nothing written`,
      EXIT.SERVICE,
    );
  }
  return join(dir, name);
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
