// A text the schema editor sends to /validate, as the draft and for the preview is analysed once per isolate;
// only the last few texts are kept.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lang';
import { analyzed } from '../../src/products/analyses';

const pvc = readFileSync('examples/pvc-window.cpq', 'utf8');

describe('analyses kept per isolate', () => {
  it('answer a text seen before with the same analysis, equal to a fresh one', () => {
    const first = analyzed(pvc);
    expect(analyzed(`${pvc}`)).toBe(first);
    expect(first).toEqual(analyze(pvc));
  });

  it('keep only the last four texts', () => {
    const first = analyzed(`${pvc}\n// 0`);
    for (let i = 1; i <= 4; i++) analyzed(`${pvc}\n// ${i}`);
    const again = analyzed(`${pvc}\n// 0`);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('keep large texts only while they total at most 4 MiB: the last one always', () => {
    const large = (i: number) => `${pvc}\n// ${i} ${'x'.repeat(1.5 * 1024 * 1024)}`;
    const first = analyzed(large(0));
    expect(analyzed(large(0))).toBe(first);
    analyzed(large(1));
    analyzed(large(2));
    expect(analyzed(large(0))).not.toBe(first);
  });
});
