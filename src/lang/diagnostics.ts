import type { Span } from './syntax/ast';

/** Every code the front end emits; docs/schema-language.md lists the same ones. */
export const DIAGNOSTIC_CODES = [
  'E_SYNTAX',
  'E_LIMIT',
  'E_NO_PRODUCT',
  'E_DUPLICATE',
  'E_RESERVED',
  'E_UNDEFINED',
  'E_TYPE',
  'E_UNKNOWN_FUNCTION',
  'E_ARITY',
  'E_UNKNOWN_OPTION',
  'E_CYCLE',
  'E_RANGE',
  'E_DEFAULT',
  'E_LABEL_MISSING',
  'E_PROPERTY',
  'E_VALUE',
  'E_TABLE',
  'E_TABLE_KEY_MISSING',
  'E_UNSATISFIABLE',
  'E_TEST_FAILED',
  'E_REPEAT',
  'E_LIST_PRICE',
  'W_UNUSED',
  'W_UNREACHABLE',
  'W_EMPTY_GROUP',
  'W_NEVER_AVAILABLE',
  'W_SEARCHED',
  'W_TRANSLATION_MISSING',
  'W_OUTPUT_LABEL_MISSING',
  'W_TEST_NOT_RUN',
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

/**
 * Codes of analysis notes: what the analysis found that asks nothing of the modeller (issue 44), reported apart from
 * the diagnostics (`cpq check --verbose`, the validate answer's `notes`, the editor's info), never as a warning.
 */
export const NOTE_CODES = ['I_SEARCHED'] as const;

export type NoteCode = (typeof NOTE_CODES)[number];

/** An analysis note: a diagnostic's position and message, of severity `info`. */
export interface Note extends Omit<Diagnostic, 'code' | 'severity'> {
  code: NoteCode;
  severity: 'info';
}

/** A problem found in a schema. Positions are 1-based; columns count Unicode code points (an emoji is one). */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: 'error' | 'warning';
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Diagnostics of each severity an analysis keeps: the first ones by position; the rest are only counted. */
export const MAX_DIAGNOSTICS = 100;

/** How many diagnostics of each severity an analysis counted but did not keep. */
export interface Omitted {
  errors: number;
  warnings: number;
}

const byPosition = (a: Pick<Diagnostic, 'line' | 'column'>, b: Pick<Diagnostic, 'line' | 'column'>) =>
  a.line - b.line || a.column - b.column;

/**
 * Collects diagnostics of every stage of one analysis, keeping per severity the MAX_DIAGNOSTICS first by position
 * (in O(log MAX_DIAGNOSTICS) amortized per diagnostic) and counting all, so a schema of a million mistakes costs
 * no more memory or sorting than one of a hundred.
 */
export class Diagnostics {
  private readonly errors: Diagnostic[] = [];
  private readonly warnings: Diagnostic[] = [];
  private errorCount = 0;
  private warningCount = 0;

  /** Source ranges written once for several instances (repeats), sorted; see collapse(). */
  private readonly collapsed: Span[] = [];
  /** Diagnostics already reported inside those ranges. */
  private readonly seen = new Set<string>();

  /**
   * Text from `span` is checked once per instance of a repeat: a mistake there is reported once, for the first
   * instance it shows in (whose names its message uses), not again with the same code at the same place. Ranges
   * are registered in source order.
   */
  collapse(span: Span): void {
    this.collapsed.push(span);
  }

  private isRepeat(code: DiagnosticCode, span: Span): boolean {
    let lo = 0;
    let hi = this.collapsed.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.collapsed[mid]?.start ?? 0) <= span.start) lo = mid;
      else hi = mid - 1;
    }
    const range = this.collapsed[lo];
    if (!range || span.start < range.start || span.start >= range.end) return false;
    const key = `${code} ${span.start} ${span.end}`;
    if (this.seen.has(key)) return true;
    this.seen.add(key);
    return false;
  }

  add(code: DiagnosticCode, span: Span, message: string): void {
    if (this.collapsed.length > 0 && this.isRepeat(code, span)) return;
    const warning = code.startsWith('W_');
    const d: Diagnostic = {
      code,
      severity: warning ? 'warning' : 'error',
      message,
      line: span.line,
      column: span.column,
      endLine: span.endLine,
      endColumn: span.endColumn,
    };
    if (warning) this.warningCount++;
    else this.errorCount++;
    const kept = warning ? this.warnings : this.errors;
    kept.push(d);
    // Sorting is stable and what was kept was found first, so diagnostics at one position keep their order.
    if (kept.length >= 2 * MAX_DIAGNOSTICS) kept.sort(byPosition).length = MAX_DIAGNOSTICS;
  }

  /** Notes, the first MAX_DIAGNOSTICS kept. */
  private readonly noted: Note[] = [];

  note(code: NoteCode, span: Span, message: string): void {
    if (this.noted.length >= MAX_DIAGNOSTICS) return;
    const { line, column, endLine, endColumn } = span;
    this.noted.push({ code, severity: 'info', message, line, column, endLine, endColumn });
  }

  /** The notes kept, by position. */
  notes(): Note[] {
    return [...this.noted].sort(byPosition);
  }

  hasErrors(): boolean {
    return this.errorCount > 0;
  }

  /** What was kept, errors first, in the order found (or sorted, once more than MAX_DIAGNOSTICS were found). */
  get list(): Diagnostic[] {
    return [...this.errors, ...this.warnings];
  }

  /** What was kept, by position. */
  sorted(): Diagnostic[] {
    const trim = (kept: Diagnostic[]) => kept.sort(byPosition).slice(0, MAX_DIAGNOSTICS);
    return [...trim(this.errors), ...trim(this.warnings)].sort(byPosition);
  }

  omitted(): Omitted {
    return { errors: Math.max(0, this.errorCount - MAX_DIAGNOSTICS), warnings: Math.max(0, this.warningCount - MAX_DIAGNOSTICS) };
  }
}
