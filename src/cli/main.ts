// `cpq`: products as code. The schema language's pipeline, tests and calculation as the Worker runs them, in
// Node, and the admin API for publishing (docs/cli.md). Bundled into dist/cpq.mjs by scripts/build-cli.mjs.
import { Command, Option } from 'commander';
import { SERVICE_VERSION } from '../version';
import { DEFAULT_URL } from './admin-api';
import { check } from './check';
import { CliError, EXIT, type ExitCode } from './exit';
import { price } from './price';
import { pull } from './pull';
import { push } from './push';
import { diff } from './remote-diff';
import { test } from './test';

const program = new Command('cpq')
  .description('Check, test and price product schemas locally; diff, push and pull them through the admin API.')
  .version(SERVICE_VERSION)
  .showHelpAfterError()
  // commander exits 1 on a usage error; ours is 2, so 1 always means a problem with the schemas (docs/cli.md).
  .exitOverride((err) => process.exit(err.exitCode === 0 ? EXIT.OK : EXIT.USAGE))
  .addHelpText(
    'after',
    '\nExit codes: 0 ok, 1 schema errors or failed tests, 2 usage, 3 service, 4 a bug in cpq, 5 push refused: changed in the store since the pull. See docs/cli.md.',
  );

let exitCode: ExitCode = EXIT.OK;
const run =
  <A extends unknown[]>(command: (...args: A) => ExitCode | Promise<ExitCode>) =>
  async (...args: A) => {
    exitCode = await command(...args);
  };

const urlOption = () => new Option('--url <url>', `the service's base URL (env: CPQ_URL, default ${DEFAULT_URL})`);

program
  .command('check')
  .description('parse, check and compile schemas, printing every diagnostic as file:line:column: code message')
  .argument('<files...>', 'schema files')
  .addOption(
    new Option('--format <format>', 'text, or json: per file what POST /v1/validate answers')
      .choices(['text', 'json'])
      .default('text'),
  )
  .option('--verbose', 'print the analysis notes too (I_…): what the analysis found that asks nothing of you')
  .action(run((files: string[], options: { format: 'text' | 'json'; verbose?: boolean }) => check(files, options)));

program
  .command('test')
  .description('run the schemas\' test blocks: a line per test, then "N passed, M failed"')
  .argument('<files...>', 'schema files')
  .option('--store <id>', 'run the tests naming a market with the lists of this store (admin API)')
  .option('--at <date>', 'with --store: the lists in force on this day, YYYY-MM-DD (default: today, UTC)')
  .option('--prices <file.csv>', 'run them with this local list instead (every market and group)')
  .option('--currency <code>', "the local list's currency (ISO 4217)")
  .option('--factor <n>', "the local list's factor on the model's numbers (default 1)")
  .option('--rounding <rule>', "the local list's rounding of a derived amount (default minor)")
  .addOption(urlOption())
  .action(run((files: string[], options) => test(files, options)));

program
  .command('price')
  .description('print what POST /v1/calculate would answer for a configuration, offline (every permission)')
  .argument('<file>', 'a schema file; the product id is its name without .cpq')
  .requiredOption('--config <json>', 'the configuration, a JSON object of field ids to values')
  .option('--quantity <n>', "the quantity (default: the schema's)")
  .option('--lang <tag>', "the language, e.g. de or de-CH (default: the schema's)")
  .option('--groups <list>', 'output groups, comma-separated, or * for all (default: the customer-facing ones)')
  .option('--market <id>', "the market to price in (default: the store's default market)")
  .option('--group <id>', 'the customer group whose list prices (default: retail)')
  .option('--store <id>', "read the market's list in force, its bases and entries from this store (admin API)")
  .option('--at <date>', 'with --store: the list in force on this day, YYYY-MM-DD (default: today, UTC)')
  .option('--prices <file.csv>', 'a local list: a product,price,value CSV as the backoffice exports it')
  .option('--currency <code>', "the local list's currency (ISO 4217)")
  .option('--factor <n>', "the local list's factor on the model's numbers where it has no entry (default 1)")
  .option('--rounding <rule>', "the local list's rounding of a derived amount: minor, 0.05, 1, .99 … (default minor)")
  .addOption(urlOption())
  .action(run((file: string, options) => price(file, options)));

program
  .command('diff')
  .description("show what publishing a file would change: the source, and its tests' prices before and after")
  .argument('<target>', 'store/product, e.g. demo/pvc-window')
  .argument('<file>', 'the schema file')
  .addOption(urlOption())
  .action(run((target: string, file: string, options) => diff(target, file, options)));

program
  .command('push')
  .description(
    "publish every changed schema of a directory as its product's next version; nothing if any has an error or changed in the store since the pull",
  )
  .argument('<dir>', 'a directory of <product>.cpq files')
  .requiredOption('--store <id>', 'the store to publish into')
  .option('--note <text>', 'the note on each new version (default: "cpq push <file>")')
  .option('--force', 'publish even over a product changed in the store since this directory pulled or pushed it')
  .addOption(urlOption())
  .action(run((dir: string, options) => push(dir, options)));

program
  .command('pull')
  .description(
    "write the current version of each of a store's products to <dir>/<product>.cpq, noting it in <dir>/.cpq-base.json",
  )
  .argument('<dir>', 'the directory to write into (created if missing)')
  .requiredOption('--store <id>', 'the store to read')
  .addOption(urlOption())
  .action(run((dir: string, options) => pull(dir, options)));

try {
  await program.parseAsync();
  process.exitCode = exitCode;
} catch (e) {
  if (e instanceof CliError) console.error(`cpq: ${e.message}`);
  // Anything else is a bug in cpq or the pipeline: its stack, and a code of its own.
  else console.error(e);
  process.exitCode = e instanceof CliError ? e.exitCode : EXIT.BUG;
}
