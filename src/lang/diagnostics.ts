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
  'W_UNUSED',
  'W_UNREACHABLE',
  'W_EMPTY_GROUP',
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

/** A problem found in a schema. Positions are 1-based; columns count UTF-16 code units. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: 'error' | 'warning';
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Collects diagnostics of every stage of one analysis. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];

  add(code: DiagnosticCode, span: Span, message: string): void {
    this.list.push({
      code,
      severity: code.startsWith('W_') ? 'warning' : 'error',
      message,
      line: span.line,
      column: span.column,
      endLine: span.endLine,
      endColumn: span.endColumn,
    });
  }

  hasErrors(): boolean {
    return this.list.some((d) => d.severity === 'error');
  }

  /** By position; the sort is stable, so diagnostics at one position keep the order they were found in. */
  sorted(): Diagnostic[] {
    return [...this.list].sort((a, b) => a.line - b.line || a.column - b.column);
  }
}
