import type { Span } from '../ir';

/** A value of the language: numbers, strings (choice ids, texts, dates) and booleans. */
/** A list is a multi-select field's option ids. */
export type Val = number | string | boolean | readonly string[];

export type FaultCode = 'R_DIV_ZERO' | 'R_NOT_FINITE' | 'R_TABLE_RANGE' | 'R_TABLE_KEY' | 'R_CYCLE';

/**
 * An evaluation error raised inside a closure. Closures throw it (no Error: no stack capture) and evaluate()
 * catches it once per top-level unit, so there is no try/catch per expression node.
 */
export class Fault {
  /** Set once the fault became an Issue: a memoized value that failed re-throws the same Fault. */
  reported = false;

  constructor(
    readonly code: FaultCode,
    readonly at: Span | undefined,
    readonly params: { readonly [key: string]: string } = {},
  ) {}
}

export function finite(v: number, at: Span): number {
  if (!Number.isFinite(v)) throw new Fault('R_NOT_FINITE', at);
  return v;
}
