// `cpq push <dir> --store <id>`: publishes every schema of a directory whose source differs from the store's
// current version, each with a note. All or nothing before the first publish: every file is checked first (the
// whole pipeline, tests included), and nothing is published while any has an error, a file name is no product id,
// or a product changed in the store since the directory was last in sync with it (its base version, bases.ts):
// publishing would silently undo that change. --force publishes over it.
import { analyze } from '../lang';
import { adminApi, type RemoteOptions } from './admin-api';
import { Bases } from './bases';
import { CliError, EXIT, type ExitCode } from './exit';
import { productIdOf, readSchema, schemaFiles } from './files';
import { diagnosticLines, hasErrors } from './report';
import { printSourceDiff } from './source-diff';
import { bold, dim, green, red } from './style';

export interface PushOptions extends RemoteOptions {
  store: string;
  note?: string;
  force?: boolean;
}

/** Why publishing over the store's product would undo a change made there since `base`. */
function moved(base: number, current: number): string {
  if (current === 0) return `deleted from the store since v${base}`;
  if (base === 0) return `the store has v${current}, which this directory never pulled`;
  return `the store has v${current}, this directory was in sync with v${base}`;
}

export async function push(dir: string, options: PushOptions): Promise<ExitCode> {
  const files = schemaFiles(dir);
  if (files.length === 0) throw new CliError(`no *.cpq files in ${dir}`, EXIT.USAGE);
  const schemas = files.map((file) => ({ file, id: productIdOf(file), source: readSchema(file) }));
  let broken = 0;
  for (const { file, source } of schemas) {
    const analysis = analyze(source);
    for (const line of diagnosticLines(file, analysis)) console.log(line);
    if (hasErrors(analysis)) broken++;
  }
  if (broken > 0) {
    console.log(red(`${broken} of ${files.length} schemas have errors: nothing published`));
    return EXIT.PROBLEMS;
  }

  const api = adminApi(options);
  const bases = new Bases(dir, options.store);
  const remote = [];
  for (const schema of schemas) remote.push({ ...schema, current: await api.product(options.store, schema.id) });
  const conflicts = options.force
    ? []
    : remote.filter(({ id, source, current }) => current?.source !== source && (current?.current_version ?? 0) !== bases.of(id));
  for (const { id, file, source, current } of conflicts) {
    console.log(red(`✗ ${id}: ${moved(bases.of(id), current?.current_version ?? 0)}; the store's source → ${file}:`));
    printSourceDiff(current?.source ?? '', source);
  }
  if (conflicts.length > 0) {
    console.log(
      red(
        `${conflicts.length} of ${files.length} products changed in store ${options.store} since this directory was in sync: nothing published (pull and merge, or push --force)`,
      ),
    );
    return EXIT.CONFLICT;
  }

  let published = 0;
  try {
    for (const { file, id, source, current } of remote) {
      if (current?.source === source) {
        bases.set(id, current.current_version);
        console.log(dim(`= ${id} v${current.current_version} unchanged`));
        continue;
      }
      const base = options.force ? undefined : bases.of(id);
      const saved = await api.save(options.store, id, source, options.note ?? `cpq push ${file}`, base);
      bases.set(id, saved.version);
      if (saved.unchanged) {
        console.log(dim(`= ${id} v${saved.version} unchanged`));
        continue;
      }
      published++;
      console.log(`${green('↑')} ${id} v${saved.version}${current ? '' : ' (new)'}`);
    }
  } finally {
    // What was published before a failure is in sync all the same.
    bases.save();
  }
  console.log(bold(`${published} published, ${schemas.length - published} unchanged (store ${options.store})`));
  return EXIT.OK;
}
