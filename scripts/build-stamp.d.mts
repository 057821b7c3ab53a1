import type { BuildResult } from 'esbuild';

export declare function buildKey(root: string, parts: readonly string[], files: readonly string[]): string;
export declare function isFresh(stamp: string, key: string): boolean;
export declare function writeStamp(
  stamp: string,
  build: { key: string; inputs: Iterable<string>; outputs: Iterable<string>; started: number },
): void;
export declare function metafileInputs(result: BuildResult<{ metafile: true }>, workingDir: string): string[];
