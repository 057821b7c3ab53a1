import { bundles } from './generated/bundles';

/** A browser bundle (src/browser/<name>/, built by scripts/build-browser.mjs); a missing one fails at start-up, not on a page. */
export function bundle(name: string): { readonly js: string; readonly hash: string } {
  const found = bundles[name];
  if (!found) throw new Error(`The browser bundle "${name}" is missing: run \`npm run build:browser\``);
  return found;
}
