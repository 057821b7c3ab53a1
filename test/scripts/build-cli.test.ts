import { statSync } from 'node:fs';
import { expect, it } from 'vitest';
import { buildCli, CLI } from '../../scripts/build-cli.mjs';

// vitest and the e2e runner both build the `cpq` bundle, and a contributor may run both at once: a rebuild of
// unchanged source must not rewrite the file a CLI test may be spawning at that moment.
it('leaves an unchanged cpq bundle untouched', { timeout: 30_000 }, () => {
  buildCli();
  const before = statSync(CLI).mtimeMs;
  buildCli();
  expect(statSync(CLI).mtimeMs).toBe(before);
});
