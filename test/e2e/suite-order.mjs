// The order test/e2e/run.mjs runs the suites in: by name, but the two that load the server last. A burst of
// concurrent requests through `wrangler dev`'s proxy leaves it refusing connections for a moment (longer on a
// loaded machine, as when `npm test` runs vitest beside the suites), which the next suite's first requests met
// as `fetch failed`. The rest keep their order by name, so the backoffice suite, which starts from an empty store
// list, still runs before any suite that creates a store.
const LOAD_LAST = ['quotes.e2e.mjs', 'burst.e2e.mjs'];

/** File names of e2e suites, in the order to run them. */
export function orderSuites(files) {
  const rank = (f) => LOAD_LAST.indexOf(f);
  return [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
