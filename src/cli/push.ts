// `cpq push <dir> --store <id>`: publishes every schema of a directory whose source differs from the store's
// current version, each with a note. All or nothing on the schemas' side: every file is checked first (the whole
// pipeline, tests included), and nothing is published while any has an error or a file name is no product id.
import { analyze } from '../lang';
import { adminApi, type RemoteOptions } from './admin-api';
import { CliError, EXIT, type ExitCode } from './exit';
import { productIdOf, readSchema, schemaFiles } from './files';
import { diagnosticLines, hasErrors } from './report';
import { bold, dim, green, red } from './style';

export interface PushOptions extends RemoteOptions {
  store: string;
  note?: string;
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
  let published = 0;
  for (const { file, id, source } of schemas) {
    const current = await api.product(options.store, id);
    if (current?.source === source) {
      console.log(dim(`= ${id} v${current.current_version} unchanged`));
      continue;
    }
    const saved = await api.save(options.store, id, source, options.note ?? `cpq push ${file}`);
    if (saved.unchanged) {
      console.log(dim(`= ${id} v${saved.version} unchanged`));
      continue;
    }
    published++;
    console.log(`${green('↑')} ${id} v${saved.version}${current ? '' : ' (new)'}`);
  }
  console.log(bold(`${published} published, ${schemas.length - published} unchanged (store ${options.store})`));
  return EXIT.OK;
}
