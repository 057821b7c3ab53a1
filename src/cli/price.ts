// `cpq price`: what POST /v1/calculate answers for a schema file, offline: the route's own answer
// (src/configurator/calculation.ts) for a key with every permission, the schema compiled as a save compiles it.
import { z } from '@hono/zod-openapi';
import { FieldValues, Lang, OutputGroups, Quantity } from '../api/openapi';
import { PERMISSIONS } from '../api/permissions';
import { calculationAnswer } from '../configurator/calculation';
import { ApiError } from '../errors';
import { analyze } from '../lang';
import { instantiate } from '../lang/instantiate';
import { applyPriceBook } from '../lang/price-book';
import { CliError, EXIT, type ExitCode } from './exit';
import { productIdOf, readSchema } from './files';
import { type ListOptions, listSource } from './price-lists';
import { diagnosticLines, hasErrors } from './report';

export interface PriceOptions extends ListOptions {
  market?: string;
  group?: string;
  config: string;
  quantity?: string;
  lang?: string;
  groups?: string;
}

/** The request's fields as the route validates them (the same zod schemas), from the command line's strings. */
const PriceInput = z.object({
  configuration: FieldValues,
  quantity: Quantity.optional(),
  lang: Lang.optional(),
  output_groups: OutputGroups.optional(),
});

function parseInput(options: PriceOptions) {
  let configuration: unknown;
  try {
    configuration = JSON.parse(options.config);
  } catch (e) {
    throw new CliError(`--config is not JSON: ${(e as Error).message}`, EXIT.USAGE);
  }
  const parsed = PriceInput.safeParse({
    configuration,
    quantity: options.quantity === undefined ? undefined : Number(options.quantity),
    lang: options.lang,
    output_groups: options.groups?.split(',').map((g) => g.trim()),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new CliError(`--${issue.path[0] === 'configuration' ? 'config' : String(issue.path[0])}: ${issue.message}`, EXIT.USAGE);
  }
  return parsed.data;
}

export async function price(file: string, options: PriceOptions): Promise<ExitCode> {
  const input = parseInput(options);
  const source = listSource(options);
  if (!source && (options.market !== undefined || options.group !== undefined)) {
    throw new CliError(
      '--market and --group price from a list: add --store <id>, or --prices <file.csv> --currency <code>',
      EXIT.USAGE,
    );
  }
  // Compiled without running its tests, as a stored version is: `cpq test` is for those.
  const analysis = analyze(readSchema(file), { tests: false });
  if (hasErrors(analysis) || !analysis.ir) {
    for (const line of diagnosticLines(file, analysis)) console.error(line);
    return EXIT.PROBLEMS;
  }
  const product = productIdOf(file);
  const priced = source ? await source(product, analysis.ir, options.market, options.group) : null;
  if (priced && 'unavailable' in priced) {
    console.error(`cpq: ${priced.unavailable}`);
    return EXIT.PROBLEMS;
  }
  const ir = priced?.book ? applyPriceBook(analysis.ir, priced.book) : analysis.ir;
  // Not a stored version: version 0 and no content hash.
  const loaded = { version: 0, contentHash: '', model: instantiate(ir) };
  try {
    const answer = calculationAnswer(loaded, { product_id: product, ...input }, PERMISSIONS);
    // What priced it, as a priced response's `pricing` says (docs/api.md).
    const body = priced ? { ...answer.body, pricing: priced.pricing } : answer.body;
    console.log(JSON.stringify(body, null, 2));
    return answer.status === 200 ? EXIT.OK : EXIT.PROBLEMS;
  } catch (e) {
    // An unknown output group: the route's 400.
    if (e instanceof ApiError) throw new CliError(e.message, EXIT.USAGE);
    throw e;
  }
}
