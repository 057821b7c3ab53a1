// `npm run bench -- want`: what `want` (the changes that make an option available) and `conflicts` (each
// unavailable option's minimal conflict) cost on the generated large models (issue 25; test/fixtures/big-model.ts),
// next to the same request without them. The states: a buyer sets fields one by one to values of two planted
// configurations (so that some choices conflict), and at each state the options wanted are sampled among the
// unavailable ones that some configuration has. Timed in process.
import { instantiate } from '../src/lang/instantiate';
import { bigModel, CAR, TRUCK } from '../test/fixtures/big-model';
import { random } from '../test/lang/random';
import { irOf, now, percentile } from './big-models/walk';
import { fmt3, median, section, table } from './harness';

const quick = process.argv.includes('--quick');
/** States per model, and options wanted per state. */
const STATES = quick ? 4 : 12;
const WANTED = quick ? 2 : 4;

const rows: string[][] = [];
for (const shape of [CAR, TRUCK]) {
  const b = bigModel(shape);
  const model = instantiate(irOf(b.source));
  model.configure({ configuration: {}, quantity: 1 });
  const next = random(shape.seed + 1);
  const [p, q] = [b.planted[0]!, b.planted[1]!];
  const order = b.domains.map((_, i) => i).sort(() => next() - 0.5);
  const times = { plain: [] as number[], conflicts: [] as number[], want: [] as number[] };
  const units = { plain: [] as number[], conflicts: [] as number[], want: [] as number[] };
  let wanted = 0;
  let wantComplete = 0;
  let suggested = 0;
  let none = 0;
  let explained = 0;
  let unexplained = 0;
  for (let n = 1; n <= STATES; n++) {
    // 3n fields set, alternately from the two planted configurations.
    const configuration: Record<string, string> = {};
    order.slice(0, 3 * n).forEach((f, k) => {
      configuration[`f${f}`] = `v${(k % 2 === 0 ? p : q)[f]}`;
    });
    let started = now();
    const plain = model.configure({ configuration, quantity: 1 });
    times.plain.push(now() - started);
    units.plain.push(plain.units);
    started = now();
    const withConflicts = model.configure({ configuration, quantity: 1, conflicts: true });
    times.conflicts.push(now() - started);
    units.conflicts.push(withConflicts.units);
    const options = withConflicts.fields.flatMap((f) => (f.options ?? []).map((o) => ({ field: f.id, o })));
    explained += options.filter((x) => x.o.conflict !== undefined).length;
    unexplained += withConflicts.truncated.conflicts ?? 0;
    // Options wanted: unavailable ones whose conflict is not empty (some configuration has them).
    const candidates = options.filter((x) => !x.o.available && (x.o.conflict === undefined || x.o.conflict.length > 0));
    let asked = 0;
    for (let k = 0; k < candidates.length && asked < WANTED; k += 1 + Math.floor(next() * 40)) {
      const { field, o } = candidates[k]!;
      started = now();
      const answer = model.configure({ configuration, quantity: 1, want: { field, option: o.id } });
      const ms = now() - started;
      if (answer.want?.possible !== true) continue;
      asked++;
      wanted++;
      times.want.push(ms);
      units.want.push(answer.units);
      if (answer.want.complete) wantComplete++;
      suggested += answer.want.suggestions.length;
      if (answer.want.suggestions.length === 0) none++;
    }
  }
  const name = `${shape.fields} × ${shape.tables}`;
  for (const kind of ['plain', 'conflicts', 'want'] as const) {
    const t = times[kind];
    const extra =
      kind === 'conflicts'
        ? `${explained} options given a conflict, ${unexplained} left out`
        : kind === 'want'
          ? `${wanted} options wanted, ${wantComplete} complete, ${fmt3(suggested / Math.max(1, wanted))} changes each, ${none} none`
          : '';
    rows.push([name, kind, String(t.length), fmt3(median(t)), fmt3(percentile(t, 0.99)), fmt3(median(units[kind])), extra]);
  }
}

section(
  'want and conflicts: configure per request in process, with and without them',
  table(['model', 'request', 'requests', 'p50 ms', 'p99 ms', 'median units', ''], rows),
);
