// The schema editor sends one text three times on a pause in typing: to /validate, as the draft (PUT …/draft), and
// for the preview (…/draft/form compiles it). Analysing a 5,000-line schema takes tens of milliseconds of CPU, so
// each isolate keeps the analyses of the last few texts and analyses a text once, not three times.
import { analyze, type SchemaAnalysis } from '../lang';

const MAX_KEPT = 4;
const kept = new Map<string, SchemaAnalysis>();

/** `analyze(source)` with its tests, remembered for the last few texts. Shared: read it, never change it. */
export function analyzed(source: string): SchemaAnalysis {
  const hit = kept.get(source);
  if (hit) {
    // Most recently used last, so that the oldest is the first to go.
    kept.delete(source);
    kept.set(source, hit);
    return hit;
  }
  const analysis = analyze(source);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(source, analysis);
  return analysis;
}
