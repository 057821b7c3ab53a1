/** Entry → bundle, relative to the repository's root. */
export const AB_BUNDLES: readonly (readonly [entry: string, bundle: string])[];
/** Bundles the base commit's runtime (`baseRev`), this tree's and the closures-only pass, each on its own. */
export function bundleRuntimes(root: string, baseRev: string): Promise<void>;
