// The order test/e2e/run.mjs runs the suites in: by name, then, in a second `node --test`, the ones that load the
// server. A burst of concurrent requests through `wrangler dev`'s proxy leaves it refusing connections for a moment
// (longer on a loaded machine), which the next suite's first
// requests met as `fetch failed`. The backoffice suite, which starts from an empty store list, still runs before
// any suite that creates a store.
const LOAD = ['quotes.e2e.mjs', 'burst.e2e.mjs'];

/** File names of e2e suites, in the groups to run one after the other; no group is empty. */
export function suiteGroups(files) {
  const sorted = [...files].sort();
  return [sorted.filter((f) => !LOAD.includes(f)), sorted.filter((f) => LOAD.includes(f))].filter((g) => g.length > 0);
}
