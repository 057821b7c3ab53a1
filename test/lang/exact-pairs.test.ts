// Tables of two columns held as partner sets (src/lang/configure/exact/pairs.ts), on the car line's shape in small:
// a hub whose options are grouped in lists, each group allowing a list of a partner's options (or "*"), and a few
// tables between partners. After every assignment, removal, push and pop of a random sequence the solver's domains
// must be exactly the arc-consistent closure of the choices in force, computed here from the rows as written. With
// row sets a list row stayed possible while any of its options did, so a partner kept options no hub option left
// allowed (issue 33): this closure is what the solver now keeps.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Solver } from '../../src/lang/configure/exact/solver';
import { tablesOf } from '../../src/lang/configure/exact/tables';
import { analyze } from '../../src/lang/index';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';
import { random } from './random';

/** A cell: the option indexes it allows. */
interface Star {
  source: string;
  domains: number[];
  tables: { columns: [number, number]; rows: [number[], number[]][] }[];
}

function star(seed: number): Star {
  const r = random(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const domains = [40, ...Array.from({ length: 8 }, () => int(2, 9))];
  const some = (n: number, must?: number) => {
    const out = [...Array(n).keys()].filter((k) => k === must || r() < 0.35);
    return out.length > 0 ? out : [int(0, n - 1)];
  };
  // A configuration every table allows, so that the product can be saved.
  const planted = domains.map((d) => int(0, d - 1));
  const tables: Star['tables'] = [];
  for (let p = 1; p < domains.length; p++) {
    // The hub's options grouped by the partner's options they allow, as a modeller writes them.
    const groups = new Map<string, number[]>();
    for (let v = 0; v < domains[0]!; v++) {
      if (v !== planted[0] && r() < 0.1) continue;
      const allows = some(domains[p]!, v === planted[0] ? planted[p] : undefined).join(',');
      groups.set(allows, [...(groups.get(allows) ?? []), v]);
    }
    tables.push({ columns: [0, p], rows: [...groups].map(([allows, hub]) => [hub, allows.split(',').map(Number)]) });
  }
  for (let k = 0; k < 3; k++) {
    const a = int(1, domains.length - 1);
    const b = a === domains.length - 1 ? 1 : a + 1;
    const rows = Array.from({ length: int(2, 5) }, (): [number[], number[]] => [some(domains[a]!), some(domains[b]!)]);
    tables.push({ columns: [a, b], rows: [...rows, [[planted[a]!], [planted[b]!]]] });
  }
  const cell = (values: number[], n: number) =>
    values.length === n ? '"*"' : values.length === 1 ? `"v${values[0]}"` : `[${values.map((v) => `"v${v}"`).join(',')}]`;
  const source = [
    'product "Star" {',
    '  language: en',
    '  currency: EUR',
    '}',
    ...domains.map(
      (d, i) =>
        `field f${i}: dropdown { label: "F${i}", options { ${Array.from({ length: d }, (_, k) => `v${k} { label: "${k}" }`).join(', ')} } }`,
    ),
    ...tables.map(
      (t, k) =>
        `constraint t${k} { table: [f${t.columns[0]}, f${t.columns[1]}], allow: [${t.rows
          .map(([a, b]) => `[${cell(a, domains[t.columns[0]]!)},${cell(b, domains[t.columns[1]]!)}]`)
          .join(',')}], message: "No" }`,
    ),
    'price { line base: "Base" = 1 }',
    '',
  ].join('\n');
  return { source, domains, tables };
}

type Choice = { field: number; option: number; assign: boolean };

/** By field, by option: whether it is left once every table is arc consistent with the choices; null when one empties. */
function closure(s: Star, choices: readonly Choice[]): boolean[][] | null {
  const alive = s.domains.map((d) => Array.from({ length: d }, () => true));
  for (const { field, option, assign } of choices) {
    if (assign) alive[field] = alive[field]!.map((a, k) => a && k === option);
    else alive[field]![option] = false;
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of s.tables) {
      for (const j of [0, 1]) {
        const [f, g] = [t.columns[j]!, t.columns[1 - j]!];
        alive[f]!.forEach((a, k) => {
          if (a && !t.rows.some((row) => row[j]!.includes(k) && row[1 - j]!.some((u) => alive[g]![u]))) {
            alive[f]![k] = false;
            changed = true;
          }
        });
      }
    }
    if (alive.some((d) => !d.includes(true))) return null;
  }
  return alive;
}

describe('tables of two columns, held as partner sets, against the arc-consistent closure of their rows', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`star ${seed}: random assignments, removals, pushes and pops`, () => {
      const st = star(seed);
      const { ir, diagnostics } = analyze(st.source, { tests: false });
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const m = compileModel(ir!);
      const t = tablesOf(m, new Ctx(m.slots, m.ir.fields.length), analysisOf(m))!;
      expect(t.tables.every((x) => x.pair !== undefined)).toBe(true);
      const optionAt = (f: number, k: number) => t.values[t.varOf[f]!]!.indexOf(`v${k}`);
      const domains = (s: Solver) =>
        st.domains.map((d, f) => Array.from({ length: d }, (_, k) => s.has(t.varOf[f]!, optionAt(f, k))));
      const s = new Solver(t);
      const root = closure(st, []);
      expect(s.start()).toBe(true);
      expect(domains(s)).toEqual(root);
      const next = random(seed * 17);
      const levels: Choice[][] = [[]];
      let failures = 0;
      let narrowed = 0;
      for (let step = 0; step < 300; step++) {
        if (next() < 0.3 && levels.length > 1) {
          s.pop();
          levels.pop();
        } else {
          const now = domains(s);
          const open = st.domains.map((_, f) => f).filter((f) => now[f]!.filter(Boolean).length > 1);
          if (open.length === 0) continue;
          const field = open[Math.floor(next() * open.length)]!;
          const left = now[field]!.flatMap((a, k) => (a ? [k] : []));
          const choice = { field, option: left[Math.floor(next() * left.length)]!, assign: next() < 0.4 };
          s.push();
          levels.push([choice]);
          const x = t.varOf[field]!;
          const v = optionAt(field, choice.option);
          const ok = (choice.assign ? s.assign(x, v) : s.remove(x, v)) && s.propagate();
          const expected = closure(st, levels.flat());
          expect(ok, `step ${step}`).toBe(expected !== null);
          if (!ok) {
            failures++;
            s.pop();
            levels.pop();
          } else if (JSON.stringify(expected) !== JSON.stringify(closure(st, levels.flat().slice(0, -1)))) narrowed++;
        }
        expect(domains(s), `step ${step}`).toEqual(closure(st, levels.flat()));
      }
      // Both kinds of step happened: choices that failed, and choices that took other options out.
      expect(failures + narrowed).toBeGreaterThan(0);
    });
  }
});
