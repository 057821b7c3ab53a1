// @cloudflare/vitest-pool-workers 0.15.1 wraps the prototype of its entrypoint and Durable Object wrapper classes in
// one more Proxy each time workerd constructs them, that is on every request through `exports.default` and every
// new object (cloudflare/workers-sdk#15092, fixed upstream by #15106 in a later release). A property read then
// walks one Proxy per request made so far in that workerd, so a test file's requests slow down linearly with how
// many came before it: 40 health checks took 126 ms at the start of a file and 1.3 s after 320 (bench/RESULTS.md
// §12). The pool serves that module to workerd from disk through Node's fs.readFileSync; vitest.config.ts installs
// this fix in its own process, so node_modules stays as npm installed it. test/api/pool-fix.cases.ts checks that
// the wrappers keep one prototype.

import fs from 'node:fs';

const MODULE = /[\\/]@cloudflare[\\/]vitest-pool-workers[\\/]dist[\\/]worker[\\/]lib[\\/]cloudflare[\\/]test-internal\.mjs$/;
const WRAPS_EVERY_TIME = 'function Class(...args) {\n\t\tClass.prototype = new Proxy(Class.prototype, {';
const WRAPS_ONCE =
  'const unwrapped = Class.prototype;\n\tfunction Class(...args) {\n\t\tif (Class.prototype === unwrapped) Class.prototype = new Proxy(Class.prototype, {';

/** The module's text with the Proxy installed on the first construction only; unchanged if it has no such code. */
function wrapOnce(text) {
  return text.replace(WRAPS_EVERY_TIME, WRAPS_ONCE);
}

/** Serves the pool's worker module to workerd with `wrapOnce` applied. */
export function installPoolFix() {
  const read = fs.readFileSync;
  fs.readFileSync = function readFixed(path, options) {
    const contents = read.call(fs, path, options);
    return typeof path === 'string' && typeof contents === 'string' && MODULE.test(path) ? wrapOnce(contents) : contents;
  };
}
