// A number typed between the points its domain holds is answered over tables too (issue 33, one engine:
// exact/typed.ts): the model's tables with the typed value added, only the checks reading it evaluated again, and
// kept for the buyer's next clicks. Its verdicts are those of its points, as for any other field.
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../../src/lang/configure/analysis';
import { Budget } from '../../src/lang/configure/budget';
import { exactAvailability } from '../../src/lang/configure/exact/index';
import { tablesOf } from '../../src/lang/configure/exact/tables';
import { asRead, isRequests, tablesFor } from '../../src/lang/configure/exact/typed';
import { analyze } from '../../src/lang/index';
import { instantiate } from '../../src/lang/instantiate';
import { compileModel } from '../../src/lang/runtime/compiled-model';
import { Ctx } from '../../src/lang/runtime/context';

const SOURCE = `product "P" { currency: EUR }
field width: number { label: "Width", min: 500, max: 3000, step: 10, default: 800 }
field kind: dropdown { label: "Kind", options { a { label: "A" }, b { label: "B" }, c { label: "C" } } }
field tone: dropdown { label: "Tone", options { x { label: "X" }, y { label: "Y" } } }
constraint wide_b { require: kind != "b" or width * 2 > 3000, message: "B is wide" }
constraint tones { require: kind != "c" or tone == "y", message: "C is Y" }
`;

function setUp() {
  const { ir } = analyze(SOURCE);
  const m = compileModel(ir!);
  const c = new Ctx(m.slots, ir!.fields.length);
  const a = analysisOf(m);
  const sent = (width: number) => ir!.fields.map((f) => (f.id === 'width' ? width : undefined));
  return { m, c, a, sent };
}

describe('a number typed off its points, over tables', () => {
  it('is answered exactly, its typed value added to the tables and no verdict of its own', () => {
    const { m, c, a, sent } = setUp();
    const points = a.domains[0]!;
    expect(points).not.toContain(1234);
    expect(points).not.toContain(1600);
    for (const [width, b] of [
      [1234, false],
      [1600, true],
    ] as const) {
      const t = tablesFor(m, c, a, sent(width))!;
      expect(isRequests(t)).toBe(true);
      expect(t.values[t.varOf[0]!]).toEqual([...points, width]);
      const answer = exactAvailability(m, c, a, sent(width), 1, new Budget(c))!;
      expect(answer).toMatchObject({ complete: true, satisfiable: true });
      expect(answer.verdicts[1]!.get('b')).toBe(b);
      expect(answer.verdicts[1]!.get('c')).toBe(true);
      expect([...answer.verdicts[0]!.keys()]).toEqual(points);
    }
  });

  it('keeps the tables for the next request with that value, and evaluates only the checks reading it', () => {
    const { m, c, a, sent } = setUp();
    const start = c.work;
    const model = tablesOf(m, c, a)!;
    const whole = c.work - start;
    expect(tablesFor(m, c, a, sent(800))).toBe(model);
    const before = c.work;
    const t = tablesFor(m, c, a, sent(1234))!;
    // Charged besides its evaluations: its words and values, and its solvers' copies of them.
    const allocated = 3 * (t.bits.length + t.totalWords + t.totalValues);
    // wide_b over the typed value: one evaluation per kind (3 of the model's 18); tones (6) is not evaluated again.
    const evaluated = c.work - before - allocated;
    expect(evaluated).toBeGreaterThan(0);
    expect(evaluated * 4).toBeLessThan(whole);
    const again = c.work;
    expect(tablesFor(m, c, a, sent(1234))).toBe(t);
    expect(c.work).toBe(again);
  });

  it('answers conflicts and want over them: the typed width is the conflict, and a wider one the change', () => {
    const model = instantiate(analyze(SOURCE).ir!);
    const r = model.configure({ configuration: { width: 1234, tone: 'x' }, quantity: 1, conflicts: true });
    const kind = r.fields.find((f) => f.id === 'kind')!;
    expect(kind.options!.find((o) => o.id === 'b')).toMatchObject({ available: false, conflict: ['width'] });
    expect(kind.options!.find((o) => o.id === 'c')).toMatchObject({ available: false, conflict: ['tone'] });
    const want = model.configure({ configuration: { width: 1234 }, quantity: 1, want: { field: 'kind', option: 'b' } });
    expect(want.want).toMatchObject({ available: false, possible: true, conflict: ['width'] });
    const [first] = want.want!.suggestions;
    expect(Object.keys(first!.change)).toEqual(['width']);
    expect(first!.change.width as number).toBeGreaterThan(1500);
  });

  it('verifies by evaluation a check whose combinations with the typed value pass 64, rather than tabulate them', () => {
    const five = (id: string) =>
      `field ${id}: dropdown { label: "${id}", options { ${'abcde'
        .split('')
        .map((o) => `${o} { label: "${o}" }`)
        .join(', ')} } }`;
    const { ir } = analyze(`product "P" { currency: EUR }
field width: number { label: "Width", min: 500, max: 3000, step: 10, default: 800 }
${['p', 'q', 'r'].map(five).join('\n')}
constraint wide { require: p != "a" or q != "a" or r != "a" or width > 1500, message: "Wide" }
`);
    const m = compileModel(ir!);
    const c = new Ctx(m.slots, ir!.fields.length);
    const a = analysisOf(m);
    expect(tablesOf(m, c, a)!.residual).toEqual([]);
    const sent = (p: string, width: number) => ir!.fields.map((f) => (f.id === 'width' ? width : f.id === 'p' ? p : undefined));
    const t = tablesFor(m, c, a, sent('a', 1234))!;
    expect(t.residual.map((r) => r.why)).toEqual([
      'the combinations with a value typed off its points pass the 64 evaluated per request',
    ]);
    const answer = exactAvailability(m, c, a, sent('a', 1234), 1, new Budget(c))!;
    expect(answer.complete).toBe(true);
    // q = a completes with r != a; r = a with q != a: every option stays, as enumeration has it.
    expect([...answer.verdicts[2]!.values()]).toEqual([true, true, true, true, true]);
    const wide = exactAvailability(m, c, a, sent('a', 1600), 1, new Budget(c))!;
    expect(wide.verdicts[1]!.get('a')).toBe(true);
  });
});

describe('a number typed off its points in a model whose rows are not all kept', () => {
  // Four checks over three 27-option fields keep ~19,700 rows of three cells each, and the one over two of them and
  // the width's 24 points ~17,000: past the 200,000 cells the model keeps for a request's tables, the last two checks'
  // rows are not kept, and a request's tables verify them by evaluation, while the model's tables hold them. The same
  // answers whichever they are.
  const options = Array.from({ length: 27 }, (_, k) => `o${k}`);
  const choice = (id: string) =>
    `field ${id}: dropdown { label: "${id}", options { ${options.map((o) => `${o} { label: "${o}" }`).join(', ')} } }`;
  // Seven thresholds: the width's 24 points.
  const wide = `constraint wide { require: p != "o1" or q == "o0" or width > 1500 or ${[700, 900, 1100, 2000, 2200, 2400]
    .map((w) => `width == ${w}`)
    .join(' or ')}, message: "Wide" }`;
  const wideFirst = (first: boolean) => `product "P" { currency: EUR }
field width: number { label: "Width", min: 500, max: 3000, step: 10, default: 800 }
${['p', 'q', 'r'].map(choice).join('\n')}
${first ? wide : ''}
${[1, 2, 3, 4].map((k) => `constraint c${k} { require: p != q or r != "o${k}", message: "C${k}" }`).join('\n')}
${first ? '' : wide}
`;

  it('verifies the checks whose rows were not kept by evaluation, and answers as when they are kept', () => {
    const answers = [true, false].map((first) => {
      const { ir } = analyze(wideFirst(first), { tests: false });
      const m = compileModel(ir!);
      const c = new Ctx(m.slots, ir!.fields.length);
      const a = analysisOf(m);
      const sent = ir!.fields.map((f) => (f.id === 'width' ? 1234 : f.id === 'q' ? 'o1' : undefined));
      expect(tablesOf(m, c, a).residual).toEqual([]);
      const t = tablesFor(m, c, a, sent);
      expect(isRequests(t)).toBe(true);
      const notKept = t.residual.filter((r) => r.why.includes('cells the model keeps')).map((r) => r.check);
      expect(notKept).toEqual([3, 4]);
      const answer = exactAvailability(m, c, a, sent, 1, new Budget(c));
      expect(answer.complete).toBe(true);
      return answer.verdicts.map((v) => (v === undefined ? undefined : Object.fromEntries(v)));
    });
    expect(answers[1]).toEqual(answers[0]);
    // p = o1 needs a width past 1500; 1234 is typed: o1 is out, the others in.
    expect(answers[0]![1]!.o1).toBe(false);
    expect(answers[0]![1]!.o2).toBe(true);
  });
});

describe('a value none of its field’s, over tables', () => {
  it('reads as the field’s fallback, as evaluation reads it: the same verdicts as the fallback sent', () => {
    const { m, c, a } = setUp();
    const fields = m.ir.fields;
    const with_ = (id: string, value: unknown) => fields.map((f) => (f.id === id ? value : f.id === 'kind' ? 'c' : undefined));
    const verdicts = (sent: readonly unknown[]) => {
      const answer = exactAvailability(m, c, a, sent, 1, new Budget(c));
      expect(answer, JSON.stringify(sent)).toBeDefined();
      return answer!.verdicts.map((v) => (v === undefined ? undefined : [...v]));
    };
    // The tone's fallback is x, which the kind c refuses: an option none of the tone's reads as x.
    expect(asRead(m, with_('tone', 'z'))).toEqual(with_('tone', 'x'));
    for (const bad of ['z', 7, null, ['y']]) expect(verdicts(with_('tone', bad))).toEqual(verdicts(with_('tone', 'x')));
    // A number sent as a string reads as that number; one past its bounds or no number, as its default.
    expect(asRead(m, with_('width', '1600'))).toEqual(with_('width', 1600));
    for (const bad of [99_999, 'wide']) expect(verdicts(with_('width', bad))).toEqual(verdicts(with_('width', 800)));
    const sent = with_('tone', 'y');
    expect(asRead(m, sent)).toBe(sent);
  });
});
