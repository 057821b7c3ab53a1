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
