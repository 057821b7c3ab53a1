// A product priced from a price list (issue 45): what applying a list costs before a request can price with it.
// On the car line of issue 33 (268 choice fields of 2–324 options, 332 compatibility tables; test/fixtures) with a
// price on every option, all declared list prices (5,260 price points), and on the PVC window example:
// - the effective amounts of a CHF list derived from the model (src/pricing/derive.ts: factor 0.97, 0.05 rounding),
//   and of one with an explicit entry for every point;
// - applyPriceBook (src/lang/price-book.ts) with every point in the book;
// - instantiate (closures, src/lang/instantiate.ts) of the priced IR, side by side with the model's own IR: the
//   "compile after apply" a first request under a new list version pays (the service caches the result per
//   product version × list version);
// - the first calculate and configure of each instantiated model (per-model analyses are built lazily, by identity).
// `npm run bench -- price-book [--quick]`.
import { readFileSync } from 'node:fs';
import { analyze } from '../src/lang/index';
import { instantiate } from '../src/lang/instantiate';
import type { ProductIR } from '../src/lang/ir';
import { applyPriceBook, type PriceBook } from '../src/lang/price-book';
import { pricePoints } from '../src/lang/price-points';
import { effectiveAmounts } from '../src/pricing/derive';
import { carLine } from '../test/fixtures/car-line';
import { EXAMPLES_DIR } from './examples';
import { fmt3, median, medianMs, section, table } from './harness';

const quick = process.argv.includes('--quick');
const RUNS = quick ? 5 : 15;
const COLD = quick ? 3 : 7;

/** The car line with a price on every option, all declared list prices, and a line summing each field's price. */
function pricedCarLine(): string {
  const { source, domains } = carLine();
  let n = 0;
  const priced = source.replace(/ (v\d+) \{ label: ("\d+") \}/g, (_, id: string, label: string) => {
    n++;
    return ` ${id} { label: ${label}, price: ${(n % 97) + 0.5} }`;
  });
  const fields = domains.map((_, i) => `f${i}`);
  const lines: string[] = [];
  for (let i = 0; i < fields.length; i += 20) {
    const terms = fields.slice(i, i + 20).map((f) => `${f}.price`);
    lines.push(`  line options_${i}: "Options ${i}" = ${terms.join(' + ')}`);
  }
  return priced
    .replace(
      '  currency: EUR\n}',
      `  currency: EUR\n  list_prices: [${fields.map((f) => `${f}.price`).join(', ')}, price.base]\n}`,
    )
    .replace('price { line base: "Base" = 1000 }', `price {\n  line base: "Base" = 1000\n${lines.join('\n')}\n}`);
}

function compiled(name: string, source: string): ProductIR {
  const { ir, diagnostics } = analyze(source, { tests: false });
  if (!ir)
    throw new Error(`${name} does not compile: ${diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('; ')}`);
  return ir;
}

/**
 * Milliseconds of the first call of `use` on a model instantiated afresh from each IR (median of COLD models each),
 * the two interleaved so that the machine's load falls on both alike.
 */
function firstUse(irs: readonly ProductIR[], use: (m: ReturnType<typeof instantiate>) => unknown): number[] {
  const times = irs.map((): number[] => []);
  for (let i = 0; i < COLD; i++) {
    irs.forEach((ir, k) => {
      const model = instantiate(JSON.parse(JSON.stringify(ir)) as ProductIR);
      const start = performance.now();
      use(model);
      times[k]?.push(performance.now() - start);
    });
  }
  return times.map(median);
}

const rows: string[][] = [];
for (const [name, source] of [
  ['car line 268 × 332, 5,260 price points', pricedCarLine()],
  ['PVC window, 53 price points', readFileSync(new URL('pvc-window.cpq', EXAMPLES_DIR), 'utf8')],
] as const) {
  const ir = compiled(name, source);
  const points = pricePoints(ir);
  const chain = [{ currency: 'CHF', factor: '0.97', rounding: '0.05', entries: new Map<string, number>() }];
  const derive = medianMs(() => effectiveAmounts(points, chain), RUNS, 2);
  const explicit = [
    { currency: 'CHF', factor: '0.97', rounding: '0.05', entries: new Map(points.map((p, i) => [p.key, 100 + i])) },
  ];
  const deriveEntries = medianMs(() => effectiveAmounts(points, explicit), RUNS, 2);
  const book: PriceBook = { currency: 'CHF', amounts: effectiveAmounts(points, chain).amounts };
  const apply = medianMs(() => applyPriceBook(ir, book), RUNS, 2);
  const priced = applyPriceBook(ir, book);
  const instModel = medianMs(() => instantiate(ir), RUNS, 2);
  const instPriced = medianMs(() => instantiate(priced), RUNS, 2);
  const input = { configuration: {}, quantity: 1 };
  const [calcPriced = 0, calcModel = 0] = firstUse([priced, ir], (m) => m.calculate(input));
  const [confPriced = 0, confModel = 0] = firstUse([priced, ir], (m) => m.configure({ configuration: {}, quantity: 1 }));
  const total = (m: ReturnType<typeof instantiate>) => m.calculate(input).price?.total;
  rows.push(
    [name, 'derive amounts', fmt3(derive), '—'],
    [name, 'amounts, all explicit', fmt3(deriveEntries), '—'],
    [name, 'applyPriceBook', fmt3(apply), '—'],
    [name, 'instantiate', fmt3(instPriced), fmt3(instModel)],
    [name, 'first calculate', fmt3(calcPriced), fmt3(calcModel)],
    [name, 'first configure', fmt3(confPriced), fmt3(confModel)],
    [name, 'total of the defaults', `${total(instantiate(priced))} CHF`, `${total(instantiate(ir))} EUR`],
  );
}
section(
  'Price lists: applying a list, then compiling (ms, median)',
  table(['product', 'step', 'priced by a CHF list', 'the model (peer)'], rows),
);
