// The run-time checks of sent values, one factory per kind of value. The field types' `checker` facets use them,
// and so does the `sent` JSON Logic operation (src/lang/logic-ops.ts), so a storefront refuses exactly the values
// the server refuses. Plain TypeScript without zod or platform APIs: browser code imports this module too.

import { charCount } from '../functions';
import type { FieldIR } from '../ir';
import { type Checker, echo, isRealDate, report } from './fields';
import { formatNumber, stepGrid } from './numeric';

/** What the checks read of a field: its bounds, step, length, pattern and options. */
export type CheckedField = Pick<FieldIR, 'min' | 'max' | 'step' | 'unit' | 'maxLength' | 'pattern' | 'options'>;

const DECIMAL = /^-?\d{1,30}(?:\.\d{1,30})?$/;

/** A sent number: a JSON number, or a decimal string as HTML inputs give it. */
function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string' && DECIMAL.test(raw)) return Number(raw);
  return undefined;
}

export function numberChecker(f: CheckedField): Checker {
  const min = typeof f.min === 'number' ? f.min : undefined;
  const max = typeof f.max === 'number' ? f.max : undefined;
  const step = f.step !== undefined && f.step > 0 ? f.step : undefined;
  const base = min ?? 0;
  const grid = step === undefined ? undefined : { step, holds: stepGrid(base, step) };
  const unit = f.unit === undefined ? '' : ` ${f.unit}`;
  return (raw, out) => {
    const v = toNumber(raw);
    if (v === undefined) return report(out, 'INVALID_TYPE', 'INVALID_NUMBER');
    let ok = true;
    if (min !== undefined && v < min) {
      ok = false;
      report(out, 'BELOW_MIN', 'BELOW_MIN', { min: formatNumber(min), unit });
    }
    if (max !== undefined && v > max) {
      ok = false;
      report(out, 'ABOVE_MAX', 'ABOVE_MAX', { max: formatNumber(max), unit });
    }
    if (grid !== undefined && !grid.holds(v)) {
      ok = false;
      report(out, 'OFF_STEP', 'OFF_STEP', { step: formatNumber(grid.step), base: formatNumber(base), unit });
    }
    return ok ? v : undefined;
  };
}

export function dateChecker(f: CheckedField): Checker {
  const min = typeof f.min === 'string' ? f.min : undefined;
  const max = typeof f.max === 'string' ? f.max : undefined;
  return (raw, out) => {
    if (typeof raw !== 'string') return report(out, 'INVALID_TYPE', 'INVALID_TEXT');
    if (!isRealDate(raw)) return report(out, 'INVALID_DATE', 'INVALID_DATE');
    if (min !== undefined && raw < min) return report(out, 'BELOW_MIN', 'BELOW_MIN_DATE', { min });
    if (max !== undefined && raw > max) return report(out, 'ABOVE_MAX', 'ABOVE_MAX_DATE', { max });
    return raw;
  };
}

/** Longest pattern source, in UTF-16 units. */
export const MAX_PATTERN_LENGTH = 500;
/**
 * Largest compiled pattern (RE2's program size, about one instruction per character class or repetition copy):
 * matching costs up to program size × value length, and a first match builds its automaton from the program.
 */
export const MAX_PATTERN_PROGRAM = 300;
/** A value longer than this is not tried against a pattern (it is TOO_LONG), whatever max_length says. */
export const MAX_PATTERN_INPUT = 5000;

/** The longest value a field accepts: its max_length, and never more than a pattern may be tried on. */
export function maxLengthOf(f: CheckedField): number | undefined {
  return f.pattern === undefined ? f.maxLength : Math.min(f.maxLength ?? MAX_PATTERN_INPUT, MAX_PATTERN_INPUT);
}

/**
 * A text pattern as a test of whole values, or null when it cannot run (such a pattern matches nothing). The server
 * uses RE2 (`re2Matcher` in pattern.ts); it is passed in so that browser code can leave re2js out of its bundle
 * when no product it shows has a pattern.
 */
export type PatternMatcher = (pattern: string) => ((value: string) => boolean) | null;

export function textChecker(f: CheckedField, matcher: PatternMatcher): Checker {
  const pattern = f.pattern === undefined ? undefined : matcher(f.pattern);
  const maxLength = maxLengthOf(f);
  return (raw, out) => {
    if (typeof raw !== 'string') return report(out, 'INVALID_TYPE', 'INVALID_TEXT');
    // The pattern is never tried on an over-long text: the length is what bounds the work a pattern can cost.
    if (maxLength !== undefined && charCount(raw) > maxLength) {
      return report(out, 'TOO_LONG', 'TOO_LONG', { max: String(maxLength) });
    }
    if (pattern === undefined) return raw;
    return pattern?.(raw) ? raw : report(out, 'PATTERN_MISMATCH', 'PATTERN_MISMATCH');
  };
}

export function choiceChecker(f: CheckedField): Checker {
  const ids = new Set((f.options ?? []).map((o) => o.id));
  return (raw, out) => {
    if (typeof raw !== 'string') return report(out, 'INVALID_TYPE', 'INVALID_CHOICE');
    return ids.has(raw) ? raw : report(out, 'UNKNOWN_OPTION', 'UNKNOWN_OPTION', { value: echo(raw) });
  };
}

/**
 * A multi-select field's value: an array of distinct known option ids, between min_selected (`min`) and
 * max_selected (`max`) of them. An array longer than the options is refused before any item is read.
 */
export function selectionChecker(f: CheckedField): Checker {
  const ids = new Set((f.options ?? []).map((o) => o.id));
  const min = typeof f.min === 'number' ? f.min : 0;
  const max = typeof f.max === 'number' ? f.max : ids.size;
  return (raw, out) => {
    if (!Array.isArray(raw)) return report(out, 'INVALID_TYPE', 'NOT_A_SELECTION');
    if (raw.length > ids.size) return report(out, 'ABOVE_MAX', 'TOO_MANY_SELECTED', { max: String(max) });
    const seen = new Set<string>();
    for (const id of raw) {
      if (typeof id !== 'string') return report(out, 'INVALID_TYPE', 'NOT_A_SELECTION');
      if (seen.has(id)) return report(out, 'INVALID_TYPE', 'INVALID_SELECTION');
      if (!ids.has(id)) return report(out, 'UNKNOWN_OPTION', 'UNKNOWN_OPTION', { value: echo(id) });
      seen.add(id);
    }
    if (seen.size < min) return report(out, 'BELOW_MIN', 'TOO_FEW_SELECTED', { min: String(min) });
    if (seen.size > max) return report(out, 'ABOVE_MAX', 'TOO_MANY_SELECTED', { max: String(max) });
    return raw as string[];
  };
}

/** A checkbox: a JSON boolean, or the option id configure offers for it (`"true"`, `"false"`), as `"1200"` is a number. */
const BOOLEAN_IDS: Readonly<Record<string, boolean>> = { true: true, false: false };

export const booleanChecker = (): Checker => (raw, out) => {
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'string' && Object.hasOwn(BOOLEAN_IDS, raw)) return BOOLEAN_IDS[raw];
  return report(out, 'INVALID_TYPE', 'INVALID_BOOLEAN');
};
