// Front-end speed against schema size: analyze() (parse + check + compile to IR) on synthetic schemas of about
// 100, 1,000 and 10,000 lines, and each stage on its own (its input prepared outside the timing): the lexer/split,
// the fast recursive-descent parser, the Ohm path (which parses what the fast parser refuses, and every syntax
// error), the checker and the compilation to IR. The time must grow linearly with the size.
import grammar from '../grammar/cpq.ohm-bundle.js';
import { check } from '../src/lang/check/index';
import { compile } from '../src/lang/compile';
import { Diagnostics } from '../src/lang/diagnostics';
import { expand } from '../src/lang/expand/index';
import { analyze } from '../src/lang/index';
import { fastParseDeclaration } from '../src/lang/syntax/fast-parse';
import { parse } from '../src/lang/syntax/parse';
import { buildDeclaration } from '../src/lang/syntax/parse-semantics';
import { SourceMap } from '../src/lang/syntax/source';
import { split } from '../src/lang/syntax/split';
import { lineCount, syntheticSchema } from './compile/synthetic';
import { fmt3, fmtRatio, medianMs, section, table } from './harness';

/** Schema size in lines, then timed and untimed (warm-up) runs: of each stage, and of the much slower Ohm path. */
const SIZES: [lines: number, runs: number, warmup: number, ohmRuns: number][] = [
  [100, 200, 20, 20],
  [1_000, 60, 10, 10],
  [10_000, 7, 2, 3],
];
/** The design target: a 1,000-line schema validates within this many milliseconds. */
const TARGET_MS = 10;

interface Measured {
  lines: number;
  chars: number;
  analyze: number;
  split: number;
  fast: number;
  /** Declarations the fast parser vouched for, of all. */
  fastShare: string;
  match: number;
  semantics: number;
  check: number;
  compile: number;
}

function measure(text: string, runs: number, warmup: number, ohmRuns: number): Measured {
  const { ir, diagnostics } = analyze(text);
  if (!ir) {
    const errors = diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}:${d.column} ${d.message}`);
    throw new Error(`the synthetic schema does not compile: ${errors.join('; ')}`);
  }
  const map = new SourceMap(text);
  const chunks = split(map, new Diagnostics())?.chunks ?? [];
  const parsed = parse(map, new Diagnostics());
  if (!parsed) throw new Error('a limit stopped the synthetic schema');
  const schema = expand(parsed, map, new Diagnostics());
  // The checker does not modify the AST, so one AST serves every run.
  const model = check(schema, new Diagnostics());
  const time = (fn: () => unknown) => medianMs(fn, runs, warmup);
  const fastPath = {
    analyze: time(() => analyze(text)),
    split: time(() => split(new SourceMap(text), new Diagnostics())),
    fast: time(() => chunks.map((c) => fastParseDeclaration(map, c.start, c.end))),
    fastShare: `${chunks.filter((c) => fastParseDeclaration(map, c.start, c.end) !== null).length} of ${chunks.length}`,
    check: time(() => check(schema, new Diagnostics())),
    compile: time(() => compile(model, text)),
  };
  // Ohm's match results keep their memo tables: made last, so that they do not weigh on the other timings.
  const matches = chunks.map((c) => ({ start: c.start, match: grammar.match(text.slice(c.start, c.end), 'Declaration') }));
  return {
    lines: lineCount(text),
    chars: text.length,
    ...fastPath,
    match: medianMs(() => chunks.map((c) => grammar.match(text.slice(c.start, c.end), 'Declaration').succeeded()), ohmRuns),
    semantics: medianMs(() => matches.map((m) => buildDeclaration(m.match, map, m.start, new Diagnostics())), ohmRuns),
  };
}

const measured = SIZES.map(([lines, runs, warmup, ohmRuns]) => measure(syntheticSchema(lines), runs, warmup, ohmRuns));
const ms = (x: number): string => fmt3(x);
const size = (m: Measured) => `${m.lines.toLocaleString('en-US')} lines`;

section(
  'compile: analyze() time against schema size (median of runs)',
  table(
    ['schema', 'chars', 'analyze ms', 'chars/µs', 'lines/ms', 'µs per line', 'growth (time ratio ÷ size ratio)'],
    measured.map((m, i) => {
      const prev = measured[i - 1];
      const growth = prev === undefined ? '—' : fmtRatio(m.analyze / prev.analyze / (m.chars / prev.chars));
      return [
        size(m),
        m.chars.toLocaleString('en-US'),
        ms(m.analyze),
        fmt3(m.chars / (m.analyze * 1000)),
        fmt3(m.lines / m.analyze),
        fmt3((m.analyze * 1000) / m.lines),
        growth,
      ];
    }),
  ),
);
section(
  'compile: time per stage in ms (median; the Ohm columns time every declaration through Ohm, as when the fast parser refuses them)',
  table(
    ['schema', 'split (lexer)', 'fast parser', 'declarations it takes', 'check', 'compile to IR', 'Ohm match', 'Ohm semantics'],
    measured.map((m) => [
      size(m),
      ms(m.split),
      ms(m.fast),
      m.fastShare,
      ms(m.check),
      ms(m.compile),
      ms(m.match),
      ms(m.semantics),
    ]),
  ),
);

// Where Ohm spends its time (the path of declarations with errors): the 1,000-line schema's declarations, by kind.
const text = syntheticSchema(1_000);
const byKind = new Map<string, { chars: number; texts: string[] }>();
for (const c of split(new SourceMap(text), new Diagnostics())?.chunks ?? []) {
  const kind = byKind.get(c.keyword) ?? { chars: 0, texts: [] };
  kind.chars += c.end - c.start;
  kind.texts.push(text.slice(c.start, c.end));
  byKind.set(c.keyword, kind);
}
const kinds = [...byKind].map(([keyword, k]) => ({
  keyword,
  ...k,
  ms: medianMs(() => k.texts.map((t) => grammar.match(t, 'Declaration').succeeded()), 15, 3),
}));
const matchTotal = kinds.reduce((s, k) => s + k.ms, 0);
section(
  'compile: Ohm match time by declaration kind (1,000-line schema)',
  table(
    ['declaration', 'count', 'chars', 'match ms', 'µs per char', 'share of match'],
    kinds
      .sort((a, b) => b.ms - a.ms)
      .map((k) => [
        k.keyword,
        String(k.texts.length),
        k.chars.toLocaleString('en-US'),
        ms(k.ms),
        fmt3((k.ms * 1000) / k.chars),
        `${((100 * k.ms) / matchTotal).toFixed(0)} %`,
      ]),
  ),
);

const thousand = measured[1] as Measured;
console.log(
  `A ${size(thousand)} schema validates in ${ms(thousand.analyze)} ms: ${thousand.analyze <= TARGET_MS ? 'within' : 'NOT within'} the ${TARGET_MS} ms target.`,
);
