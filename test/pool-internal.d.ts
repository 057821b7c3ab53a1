// The pool's own module, which test/api/pool-fix.cases.ts reaches to check scripts/vitest-pool-fix.mjs.
declare module 'cloudflare:test-internal' {
  export function createWorkerEntrypointWrapper(entrypoint: string): new (ctx: ExecutionContext, env: Env) => object;
}
