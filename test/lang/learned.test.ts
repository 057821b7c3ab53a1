// What a model's requests keep for the next ones (exact/learned.ts): the solutions they found, known by value so
// that a search starts its repair from the nearest one (exact/index.ts, nearestKnown), within a size per model.
import { describe, expect, it } from 'vitest';
import { Learned } from '../../src/lang/configure/exact/learned';

/** A model of `vars` variables of 3 values each (flat values 3x to 3x + 2), and a solution with x0 = a, x1 = b. */
function model(vars: number) {
  const learned = new Learned(
    Int32Array.from({ length: vars }, (_, x) => 3 * x),
    3 * vars,
  );
  const solution = (a: number, b: number) => {
    const s = new Int32Array(vars);
    s[0] = a;
    s[1] = b;
    return s;
  };
  const collect = (flat: number, most = Number.POSITIVE_INFINITY) => {
    const seen: Int32Array[] = [];
    let counted = 0;
    learned.withValue(
      flat,
      (s) => {
        seen.push(s);
        return seen.length < most;
      },
      (n) => {
        counted += n;
      },
    );
    return { seen, counted };
  };
  return { learned, solution, collect };
}

describe('the solutions a model keeps', () => {
  it('passes the solutions with a value, the latest first, until told to stop, and counts what it looked at', () => {
    const { learned, solution, collect } = model(2);
    const [a, b, c] = [solution(0, 1), solution(1, 1), solution(0, 2)];
    for (const s of [a, b, c]) learned.solved(s);
    expect(collect(0).seen).toEqual([c, a]);
    expect(collect(3 + 1).seen).toEqual([b, a]);
    expect(collect(2).seen).toEqual([]);
    expect(collect(0, 1)).toEqual({ seen: [c], counted: 1 });
  });

  it('keeps the pool for good and the last solutions found within 2 MB (64 at least), forgetting the oldest', () => {
    // 12 bytes a variable: 2 MB hold 42 solutions of 4,096 variables, so it keeps 64.
    const { learned, solution, collect } = model(4_096);
    const pool = solution(2, 2);
    learned.keep([pool]);
    const first = solution(0, 0);
    learned.solved(first);
    for (let n = 0; n < 64; n++) learned.solved(solution(1, 0));
    expect(learned.solutions).toHaveLength(64);
    expect(learned.solutions).not.toContain(first);
    expect(collect(0).seen).toEqual([]);
    expect(collect(2).seen).toEqual([pool]);
    expect(collect(3).counted).toBe(65);
    // Forgotten ones are dropped from a value's list once they are most of it.
    for (let n = 0; n < 64; n++) learned.solved(solution(1, 1));
    expect(collect(3)).toEqual({ seen: [], counted: 65 });
    expect(collect(3).counted).toBe(0);
  });

  it('keeps 4 solutions a variable, as many as 2 MB hold at most', () => {
    const kept = (vars: number) => {
      const { learned, solution } = model(vars);
      for (let n = 0; n < 2_000; n++) learned.solved(solution(n % 3, 0));
      return learned.solutions.length;
    };
    // 20 variables: 80; 182 (the car line with equipment lists): 728; 1,000: 2 MB / 12,000 bytes.
    expect([10, 20, 182, 1_000].map(kept)).toEqual([64, 80, 728, 174]);
  });
});
