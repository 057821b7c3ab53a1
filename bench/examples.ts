// The example products every benchmark runs on, compiled by the real front end.
import { readdirSync, readFileSync } from 'node:fs';
import { analyze } from '../src/lang/index';
import type { ProductIR } from '../src/lang/ir';

export interface Example {
  /** File name without `.cpq`: pvc-window, … */
  id: string;
  source: string;
  ir: ProductIR;
}

/** Bundled scripts live in bench/out/, so the examples are two levels up. */
export const EXAMPLES_DIR = new URL('../../examples/', import.meta.url);

export function loadExamples(): Example[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.cpq'))
    .sort()
    .map((file) => {
      const source = readFileSync(new URL(file, EXAMPLES_DIR), 'utf8');
      const { ir, diagnostics } = analyze(source);
      if (!ir)
        throw new Error(`${file} does not compile: ${diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`).join('; ')}`);
      return { id: file.slice(0, -'.cpq'.length), source, ir };
    });
}
