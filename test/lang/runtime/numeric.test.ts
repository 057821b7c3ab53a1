import { describe, expect, it } from 'vitest';
import { floorMod, formatNumber, roundHalfAway, roundTo, snapSelf, stepTo } from '../../../src/lang/runtime/numeric';

describe('roundHalfAway', () => {
  it('rounds halves away from zero', () => {
    expect(roundHalfAway(2.5)).toBe(3);
    expect(roundHalfAway(-2.5)).toBe(-3);
    expect(roundHalfAway(2.4999)).toBe(2);
    expect(roundHalfAway(-2.4999)).toBe(-2);
    expect(roundHalfAway(0.5)).toBe(1);
  });

  it('takes the value to 15 significant digits first', () => {
    expect(1.005 * 100).toBeLessThan(100.5);
    expect(roundHalfAway(1.005 * 100)).toBe(101);
    expect(roundHalfAway(-1.005 * 100)).toBe(-101);
    expect(roundHalfAway(1.255 * 100)).toBe(126);
  });

  it('never returns -0', () => {
    expect(Object.is(roundHalfAway(-0.2), 0)).toBe(true);
  });

  it('keeps large integers intact', () => {
    expect(roundHalfAway(1234567890123456)).toBe(1234567890123456);
    expect(roundHalfAway(123456789012345.5)).toBe(123456789012346);
    expect(roundHalfAway(123456789012345.4)).toBe(123456789012345);
  });
});

describe('roundTo', () => {
  it('rounds to places without artefacts', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(0.9701, 3)).toBe(0.97);
    expect(roundTo(42.303, 1)).toBe(42.3);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
  });

  it('rounds to tens and hundreds with negative places', () => {
    expect(roundTo(1250, -2)).toBe(1300);
    expect(roundTo(1249, -2)).toBe(1200);
    expect(roundTo(-15, -1)).toBe(-20);
  });

  it('truncates fractional places and survives extreme ones', () => {
    expect(roundTo(1.26, 1.9)).toBe(1.3);
    expect(roundTo(1.5, 400)).toBe(1.5);
    expect(roundTo(1e300, 300)).toBe(1e300);
    expect(roundTo(123, -400)).toBe(0);
  });
});

describe('stepTo (ceil_to / floor_to)', () => {
  it('is exact for decimal steps', () => {
    expect(stepTo(2.3, 0.1, true)).toBe(2.3);
    expect(stepTo(2.31, 0.1, true)).toBe(2.4);
    expect(stepTo(4.752, 0.1, true)).toBe(4.8);
    expect(stepTo(2.3, 0.1, false)).toBe(2.3);
    expect(stepTo(2.39, 0.1, false)).toBe(2.3);
    expect(stepTo(0.7, 0.1, true)).toBe(0.7);
  });

  it('works with whole steps, negative values and a negative step', () => {
    expect(stepTo(1001, 250, true)).toBe(1250);
    expect(stepTo(1001, 250, false)).toBe(1000);
    expect(stepTo(-2.31, 0.1, true)).toBe(-2.3);
    expect(stepTo(-2.31, 0.1, false)).toBe(-2.4);
    expect(stepTo(7, -5, true)).toBe(10);
  });
});

describe('floorMod', () => {
  it('has the sign of the divisor', () => {
    expect(floorMod(7, 3)).toBe(1);
    expect(floorMod(-7, 3)).toBe(2);
    expect(floorMod(7, -3)).toBe(-2);
  });

  it('is exact for decimals', () => {
    expect(floorMod(0.3, 0.1)).toBe(0);
    expect(floorMod(1.1, 0.5)).toBe(0.1);
    expect(floorMod(5.5, 2)).toBe(1.5);
  });
});

describe('formatNumber and snapSelf', () => {
  it('prints without float artefacts', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(1200)).toBe('1200');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(snapSelf(1.2000000000000002)).toBe(1.2);
    expect(snapSelf(7)).toBe(7);
  });

  it('snaps at the 15th digit Math.log10 names, also a few units in the last place around every power of ten', () => {
    // snap finds the exponent without Math.log10 away from the powers of ten: the two must agree everywhere.
    const reference = (v: number) => roundTo(v, 14 - Math.floor(Math.log10(Math.abs(v))));
    const bits = new Float64Array(1);
    const word = new BigUint64Array(bits.buffer);
    for (let p = -3; p <= 16; p++) {
      bits[0] = 10 ** p;
      const power = word[0] as bigint;
      for (let d = -40n; d <= 40n; d++) {
        word[0] = power + d;
        const v = bits[0] as number;
        if (!Number.isInteger(v)) expect(snapSelf(v), `${v}`).toBe(reference(v));
      }
    }
    for (const v of [0.675, 4.800000000000001, 2.3000000000000003, 999.9999999999999, 123456.789, 1e15 + 0.5]) {
      expect(snapSelf(v), `${v}`).toBe(Number.isInteger(v) ? v : reference(v));
    }
  });
});
