import { describe, expect, it } from 'vitest';
import { errorsFor, instantiate } from '../../../src/lang/instantiate';
import { bin, bool, evaluate, field, num, product, ref, withOutputs } from './build';

// Output items come back as ranges of two arrays that all groups of an evaluation share (runtime/items.ts).
describe('output groups as an evaluation returns them', () => {
  const items = Object.fromEntries(Array.from({ length: 24 }, (_, k) => [`i${k}`, num(k * 1.5)]));

  it('a long group looks every item up (past the linear scan) and iterates in declaration order', () => {
    const out = evaluate(withOutputs(items)).outputs.get('out')!;
    expect(out.size).toBe(24);
    expect(out.get('i0')).toBe(0);
    expect(out.get('i23')).toBe(34.5);
    expect(out.has('i17')).toBe(true);
    expect(out.has('i24')).toBe(false);
    expect(out.get('toString')).toBeUndefined();
    expect([...out.keys()]).toEqual(Object.keys(items));
    expect([...out.values()]).toEqual(Object.keys(items).map((_, k) => k * 1.5));
    const seen: [string, number][] = [];
    out.forEach((v, id) => {
      seen.push([id, v]);
    });
    expect(seen).toEqual([...out]);
  });

  it('groups keep their own items, those whose condition is false left out, and the group list its order', () => {
    const ir = product({
      outputs: [
        {
          id: 'a',
          internal: false,
          items: [
            { id: 'x', value: num(1) },
            { id: 'y', value: num(2), when: bool(false) },
          ],
        },
        { id: 'b', internal: true, items: [] },
        {
          id: 'c',
          internal: false,
          items: [
            { id: 'x', value: num(3) },
            { id: 'z', value: num(0.1 + 0.2) },
          ],
        },
      ],
    });
    const ev = evaluate(ir);
    expect([...ev.outputs.keys()]).toEqual(['a', 'b', 'c']);
    expect(Object.fromEntries(ev.outputs.get('a')!)).toEqual({ x: 1 });
    expect(ev.outputs.get('a')!.has('y')).toBe(false);
    expect(ev.outputs.get('b')!.size).toBe(0);
    expect(Object.fromEntries(ev.outputs.get('c')!)).toEqual({ x: 3, z: 0.3 });
    expect(ev.outputs.get('d')).toBeUndefined();
  });

  it('a fault of an item is kept apart from the errors, once per group that meets it, and the other items stay', () => {
    const ir = product({
      fields: [field('zero', 'number')],
      lets: { bad: bin('/', num(1), ref('zero')) },
      outputs: [
        {
          id: 'a',
          internal: false,
          items: [
            { id: 'bad', value: ref('bad') },
            { id: 'ok', value: num(2) },
          ],
        },
        { id: 'b', internal: false, items: [{ id: 'bad', value: ref('bad') }] },
        { id: 'c', internal: false, items: [{ id: 'ok', value: num(4), when: bool(true) }] },
      ],
    });
    const ev = instantiate(ir).evaluate({ configuration: {}, quantity: 1 });
    expect(ev.errors).toEqual([]);
    expect([...ev.outputErrors.keys()]).toEqual(['a', 'b']);
    expect(ev.outputErrors.get('a')).toHaveLength(1);
    // One memoized fault, one issue, wherever it is met.
    expect(ev.outputErrors.get('a')![0]).toBe(ev.outputErrors.get('b')![0]);
    expect(errorsFor(ev, new Set(['c']))).toEqual([]);
    expect(errorsFor(ev, null).map((e) => e.code)).toEqual(['R_DIV_ZERO']);
    expect(Object.fromEntries(ev.outputs.get('a')!)).toEqual({ ok: 2 });
    expect(evaluate(product({})).outputErrors.size).toBe(0);
  });
});
