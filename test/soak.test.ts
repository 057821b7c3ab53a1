// The size knob reaches the tests: vitest.config.ts provides CPQ_SOAK=1 to both projects, and `npm run test:soak`
// runs this file too (it calls bySize), so both sizes are checked.
import { expect, it } from 'vitest';
import { bySize } from './soak';

it('is the soak size exactly when CPQ_SOAK=1', () => {
  expect(bySize('small', 'soak')).toBe(process.env.CPQ_SOAK === '1' ? 'soak' : 'small');
});
