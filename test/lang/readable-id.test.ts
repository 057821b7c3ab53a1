// Issue 35, item 3: the label buyers read for an output the schema gives none (docs/schema-language.md, "Labels
// buyers read").
import { expect, it } from 'vitest';
import { readableId } from '../../src/lang/readable-id';

it('makes an id readable: words at _, - and small-to-capital, the first capitalised, units and acronyms kept', () => {
  expect(readableId('weight_kg')).toBe('Weight kg');
  expect(readableId('area_m2')).toBe('Area m2');
  expect(readableId('frameDepth')).toBe('Frame depth');
  expect(readableId('totalWidthMM')).toBe('Total width MM');
  expect(readableId('EAN_code')).toBe('EAN code');
  expect(readableId('lead-time__days')).toBe('Lead time days');
  expect(readableId('weight_Kg')).toBe('Weight kg');
  expect(readableId('size2B')).toBe('Size2 B');
  expect(readableId('bom')).toBe('Bom');
  expect(readableId('_')).toBe('_');
  expect(readableId('__proto__')).toBe('Proto');
  expect(readableId('größe_cm')).toBe('Größe cm');
});

it('takes one pass: a 100,000-character id in well under a second', () => {
  const id = 'aB_'.repeat(33_334);
  const started = performance.now();
  expect(readableId(id).length).toBeGreaterThan(100_000);
  expect(performance.now() - started).toBeLessThan(1000);
});
