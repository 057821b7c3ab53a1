// The schema language front end: source text → diagnostics and, when there is no error, the product's IR.
import { check } from './check/index';
import { compile } from './compile';
import { Diagnostics, type Diagnostic } from './diagnostics';
import type { ProductIR } from './ir';
import { parse } from './syntax/parse';
import { SourceMap } from './syntax/source';

export { DIAGNOSTIC_CODES, type Diagnostic, type DiagnosticCode } from './diagnostics';

export interface Analysis {
  /** Only when no diagnostic is an error. */
  ir: ProductIR | null;
  /** Sorted by position. */
  diagnostics: Diagnostic[];
}

/** Parses, checks and compiles a schema. Never throws. */
export function analyze(source: string): Analysis {
  const diags = new Diagnostics();
  const map = new SourceMap(typeof source === 'string' ? source : '');
  try {
    const schema = parse(map, diags);
    if (!schema) return { ir: null, diagnostics: diags.sorted() };
    const model = check(schema, diags);
    return { ir: diags.hasErrors() ? null : compile(model, map.text), diagnostics: diags.sorted() };
  } catch (e) {
    // Expression depth is bounded, but the stack of the isolate is not ours to know: exhausting it is a limit.
    if (!(e instanceof RangeError)) throw e;
    diags.add('E_LIMIT', map.span(0, 0), 'the schema is nested too deeply to be analyzed');
    return { ir: null, diagnostics: diags.sorted() };
  }
}
