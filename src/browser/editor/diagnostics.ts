// The admin API's diagnostics (1-based lines, columns in code points) as CodeMirror ranges (UTF-16 offsets).
import type { Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';

export interface ApiDiagnostic {
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  code: string;
  message: string;
}

export interface Problem extends ApiDiagnostic {
  /** `info`: an analysis note (the validate answer's `notes`), nothing to change. */
  severity: 'error' | 'warning' | 'info';
}

/** The offset of a (line, code-point column) position, clamped to the document. */
export function offsetOf(doc: Text, line: number, column: number): number {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  let i = 0;
  for (let k = 1; k < column && i < l.length; k++) {
    const c = l.text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < l.length ? 2 : 1;
  }
  return l.from + Math.min(i, l.length);
}

/** The stretch a diagnostic marks: its own range, or the word at its start when the range is empty. */
export function rangeOf(doc: Text, d: ApiDiagnostic): { from: number; to: number } {
  const from = offsetOf(doc, d.line, d.column);
  let to = d.end_line ? offsetOf(doc, d.end_line, d.end_column) : from;
  if (to <= from) {
    const line = doc.lineAt(from);
    const word = /^[A-Za-z0-9_@."]*/.exec(line.text.slice(from - line.from))?.[0] ?? '';
    to = from + Math.max(word.length, from < line.to ? 1 : 0);
  }
  return { from, to };
}

export function toEditor(doc: Text, problems: readonly Problem[]): EditorDiagnostic[] {
  return problems.map((p) => ({ ...rangeOf(doc, p), severity: p.severity, message: p.message, source: p.code }));
}

/** Errors, warnings and notes in one list, in the order they stand in the source. */
export function problemsOf(
  errors: readonly ApiDiagnostic[],
  warnings: readonly ApiDiagnostic[],
  notes: readonly ApiDiagnostic[] = [],
): Problem[] {
  return [
    ...errors.map((d) => ({ ...d, severity: 'error' as const })),
    ...warnings.map((d) => ({ ...d, severity: 'warning' as const })),
    ...notes.map((d) => ({ ...d, severity: 'info' as const })),
  ].sort((a, b) => a.line - b.line || a.column - b.column);
}
