// The size of the heavy checks (random walks, sampled properties, oracles, concurrent requests): small under
// `npm test`, soak size under `npm run test:soak` (CPQ_SOAK=1, which vitest.config.ts provides to both projects;
// the e2e suites read the same variable). Each such test runs the same assertions at either size.
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    soak: boolean;
  }
}

const SOAK = inject('soak');

/**
 * `small` under `npm test`, `soak` under `npm run test:soak`. The only way a test reads the knob, so that
 * scripts/test-soak.mjs finds every test with a soak size by its calls.
 */
export const bySize = <T>(small: T, soak: T): T => (SOAK ? soak : small);

/**
 * The time limit of a heavy check: 2 minutes at the small size (such a check takes seconds on an idle box, and up to
 * ten times that on a loaded one), 10 at soak size, which does up to ten times the work. A hang fails `npm test`
 * within 2 minutes.
 */
export const HEAVY_TIMEOUT_MS = bySize(120_000, 600_000);
