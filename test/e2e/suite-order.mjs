// The order test/e2e/run.mjs runs the suites in: by name, then, in a second group, the ones that load the
// server. A burst of concurrent requests through `wrangler dev`'s proxy leaves it refusing connections for a moment
// (longer on a loaded machine), which the next suite's first
// requests met as `fetch failed`. The backoffice suite, which starts from an empty store list, still runs before
// any suite that creates a store.
//
// Within the first group the suites run side by side (`suitePhases`): they spend most of their time waiting on the
// browser and the server, not computing. The load suites stay one after the other, alone.
const LOAD = ['quotes.e2e.mjs', 'burst.e2e.mjs', 'webhook-fairness.e2e.mjs'];
/**
 * Suites that expect no store yet, and those that create none and so may run beside them. The next phase starts
 * once these have seen the empty store list (`emptyListSeen`), while they go on.
 */
const FIRST = ['backoffice.e2e.mjs'];
const STORELESS = ['api-docs.e2e.mjs'];
/**
 * Suites sharing the demo store and its plan's request budget: one after the other, in one `node --test`; markets
 * last, since it gives the store markets (and removes them after).
 */
const SHARED = [['configurator-feedback.e2e.mjs', 'configurator.e2e.mjs', 'markets.e2e.mjs']];
/**
 * The longest suites, longest first (a clean clone's `.ci/run` of 2026-11-29 07:05: 54, 51, 49, 48 and 23 s), started
 * first so that none of them is left to run alone at the end.
 */
const LONGEST = [
  'editor.e2e.mjs',
  'configurator-feedback.e2e.mjs',
  'outbox-soak.e2e.mjs',
  'pages-a11y.e2e.mjs',
  'price-lists.e2e.mjs',
];

/** File names of e2e suites, in the groups to run one after the other; no group is empty. */
export function suiteGroups(files) {
  const sorted = [...files].sort();
  return [sorted.filter((f) => !LOAD.includes(f)), sorted.filter((f) => LOAD.includes(f))].filter((g) => g.length > 0);
}

/**
 * The groups as phases, run one after the other; a phase is a list of runs that may go side by side, a run the
 * files one `node --test` takes in order. No phase is empty.
 */
export function suitePhases(files) {
  return suiteGroups(files).flatMap((group) => {
    if (group.some((f) => LOAD.includes(f))) return [[group]];
    const runs = [];
    for (const file of group) {
      const shared = SHARED.find((s) => s.includes(file));
      if (!shared) runs.push([file]);
      else if (file === shared.find((f) => group.includes(f))) runs.push(shared.filter((f) => group.includes(f)));
    }
    const first = runs.filter(([f]) => FIRST.includes(f) || STORELESS.includes(f));
    const rank = ([f]) => (LONGEST.includes(f) ? LONGEST.indexOf(f) : LONGEST.length);
    const rest = runs.filter((run) => !first.includes(run)).sort((a, b) => rank(a) - rank(b));
    // Without the backoffice suite nothing needs an empty store list: the storeless suites join the others.
    if (!first.some(([f]) => FIRST.includes(f))) return [[...first, ...rest]];
    return [first, rest].filter((phase) => phase.length > 0);
  });
}

/** Whether `phase` holds a suite that expects an empty store list, and so signals when it has seen it. */
export const seesEmptyList = (phase) => phase.some((run) => run.some((f) => FIRST.includes(f)));
