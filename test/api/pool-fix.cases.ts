import { createExecutionContext } from 'cloudflare:test';
import { createWorkerEntrypointWrapper } from 'cloudflare:test-internal';
import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';

// workerd constructs the pool's wrapper of the Worker once per request (and of a Durable Object once per object,
// by the same code); each construction used to wrap the prototype in one more Proxy, so every request slowed all
// later ones in a test file (scripts/vitest-pool-fix.mjs, cloudflare/workers-sdk#15092).
it("the test pool's wrapper of the Worker keeps one prototype however often it is constructed", () => {
  const Wrapper = createWorkerEntrypointWrapper('default');
  new Wrapper(createExecutionContext(), env);
  const first = Wrapper.prototype;
  for (let i = 0; i < 3; i++) new Wrapper(createExecutionContext(), env);
  expect(Wrapper.prototype).toBe(first);
});
