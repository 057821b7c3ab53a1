// Validation of configuration values as sent. A checker returns the value to compute with (numbers sent as
// decimal strings become numbers) or undefined when invalid; with `out` it also lists every problem found. Each
// field type's checker is part of its record in src/lang/fields/.
import type { FieldIR } from '../ir';
import type { MessageKey } from './catalog';
import type { Val } from './fault';
import type { Params } from './messages';

export type ConfigCode =
  | 'INVALID_TYPE'
  | 'BELOW_MIN'
  | 'ABOVE_MAX'
  | 'OFF_STEP'
  | 'UNKNOWN_OPTION'
  | 'TOO_LONG'
  | 'PATTERN_MISMATCH'
  | 'INVALID_DATE';

export interface Problem {
  code: ConfigCode;
  key: MessageKey;
  params: Params;
}

export type Checker = (raw: unknown, out: Problem[] | null) => Val | undefined;

/** null and "" are how forms send "no value": the field then takes its default, like a value never sent. */
export function isAbsent(raw: unknown): boolean {
  return raw === undefined || raw === null || raw === '';
}

export function report(out: Problem[] | null, code: ConfigCode, key: MessageKey, params: Params = {}): undefined {
  out?.push({ code, key, params });
  return undefined;
}

/** Echoed values are cut so that a hostile megabyte-long value does not end up in every message. */
export function echo(s: string): string {
  return s.length > 100 ? `${cutText(s, 100)}…` : s;
}

/** The first `n` UTF-16 units of a text, without half of a surrogate pair at the cut. */
export function cutText(s: string, n: number): string {
  const code = s.charCodeAt(n - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? n - 1 : n);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isRealDate(s: string): boolean {
  const m = DATE.exec(s);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

export function isValidQuantity(q: unknown, spec: { min: number; max: number; step: number }): q is number {
  return typeof q === 'number' && Number.isInteger(q) && q >= spec.min && q <= spec.max && (q - spec.min) % spec.step === 0;
}

/** The empty value of an attribute's type: what an attribute of no option reads as. */
export function emptyLike(v: Val): Val {
  return typeof v === 'number' ? 0 : typeof v === 'string' ? '' : false;
}

/**
 * A field's value while it is not visible (its own visible_when or its group's is false): its `when_hidden`, or
 * its type's empty value (0, "", false; a choice field then has no option), never its default.
 */
export function inactiveValue(f: Pick<FieldIR, 'whenHidden' | 'valueType'>): Val {
  if (f.whenHidden !== undefined) return f.whenHidden;
  return f.valueType === 'number' ? 0 : f.valueType === 'string' ? '' : f.valueType === 'list' ? NO_SELECTION : false;
}

/** The empty value of a multi-select field: no option. Frozen, as every inactive field of the type shares it. */
export const NO_SELECTION: readonly string[] = Object.freeze([]);
