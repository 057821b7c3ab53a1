// The schema editor sends one text three times on a pause in typing: to /validate, as the draft (PUT …/draft), and
// for the preview (…/draft/form compiles it). Analysing a 5,000-line schema takes tens of milliseconds of CPU, so
// each isolate keeps the analyses of the last few texts and analyses a text once, not three times.
import { analyze, type SchemaAnalysis } from '../lang';

const MAX_KEPT = 4;
/**
 * Characters of the texts kept, at most: what an analysis holds (its IR, its diagnostics) grows with its text, so
 * several large texts are not kept together; the last one is always kept.
 */
const MAX_KEPT_CHARS = 4 * 1024 * 1024;
const kept = new Map<string, SchemaAnalysis>();
let keptChars = 0;

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
  while (kept.size > 0 && (kept.size >= MAX_KEPT || keptChars + source.length > MAX_KEPT_CHARS)) {
    const oldest = kept.keys().next().value!;
    kept.delete(oldest);
    keptChars -= oldest.length;
  }
  kept.set(source, analysis);
  keptChars += source.length;
  return analysis;
}
