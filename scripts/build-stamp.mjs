// Lets vitest.config.ts skip the browser bundles' and the `cpq` command's builds when nothing they are made from
// changed (together ~0.6 s of every start, most of a one-module run's slack). Each build records, in a stamp beside
// its outputs, the SHA-256 of every file esbuild read (its metafile), of every output it wrote, and a key for what
// else decides the result: the build scripts, package.json, package-lock.json, the tsconfig files, and the names of
// the files under src/, since a new file can change what an unchanged import resolves to. The build is reused only
// when all of them are as recorded; a missing or unreadable stamp means build. The npm scripts (`build:browser`,
// `check:bundles`, `build:cli`, `prepare`) always build, so a clean clone and CI build from scratch.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const sha256 = (data) => createHash('sha256').update(data).digest('hex');
/** A file's hash, or null when it is missing. */
const digest = (path) => (existsSync(path) ? sha256(readFileSync(path)) : null);
const digests = (paths) => Object.fromEntries([...new Set(paths)].sort().map((path) => [path, digest(path)]));

/**
 * The key of a build in `root`: its own `parts` (e.g. the bundles' names), the files that steer it, and the names of
 * all files under src/ except `generated` (which the builds write).
 */
export function buildKey(root, parts, files) {
  const names = readdirSync(join(root, 'src'), { recursive: true })
    .map(String)
    .filter((name) => name !== 'generated' && !name.startsWith(`generated${sep}`))
    .sort();
  return sha256(JSON.stringify({ parts, files: digests(files.map((file) => resolve(root, file))), names }));
}

/** True when the stamp says a build with this key made the outputs as they are, from the inputs as they are. */
export function isFresh(stamp, key) {
  let recorded;
  try {
    recorded = JSON.parse(readFileSync(stamp, 'utf8'));
  } catch {
    return false;
  }
  if (recorded?.key !== key || typeof recorded.files !== 'object' || recorded.files === null) return false;
  return Object.entries(recorded.files).every(([path, hash]) => hash !== null && digest(path) === hash);
}

/**
 * Records a build that began at `started` (ms since the epoch). An input written since then may have been read
 * before or after its change, so the stamp is left empty instead and the next start builds again.
 */
export function writeStamp(stamp, { key, inputs, outputs, started }) {
  const absolute = (paths) => [...paths].map((path) => resolve(path));
  const made = new Set(absolute(outputs));
  const read = absolute(inputs).filter((path) => !made.has(path));
  mkdirSync(dirname(stamp), { recursive: true });
  const changed = read.some((path) => !existsSync(path) || statSync(path).mtimeMs >= started);
  writeFileSync(stamp, changed ? '{}' : JSON.stringify({ key, files: digests([...read, ...made]) }, null, 1));
}

/** The files an esbuild build read, from its metafile, as absolute paths (they are relative to `absWorkingDir`). */
export const metafileInputs = (result, workingDir) =>
  Object.keys(result.metafile.inputs).map((path) => resolve(workingDir, path));
