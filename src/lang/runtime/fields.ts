// Validation of configuration values as sent. A checker returns the value to compute with (numbers sent as
// decimal strings become numbers) or undefined when invalid; with `out` it also lists every problem found.
import type { FieldIR } from '../ir';
import type { MessageKey } from './catalog';
import type { Val } from './fault';
import { charCount } from './functions';
import type { Params } from './messages';
import { formatNumber } from './numeric';

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

function report(out: Problem[] | null, code: ConfigCode, key: MessageKey, params: Params = {}): undefined {
  out?.push({ code, key, params });
  return undefined;
}

/** Echoed values are cut so that a hostile megabyte-long value does not end up in every message. */
function echo(s: string): string {
  return s.length > 100 ? `${s.slice(0, 100)}…` : s;
}

const DECIMAL = /^-?\d{1,30}(?:\.\d{1,30})?$/;

function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw === 'string' && DECIMAL.test(raw)) return Number(raw);
  return undefined;
}

function numberChecker(f: FieldIR): Checker {
  const min = typeof f.min === 'number' ? f.min : undefined;
  const max = typeof f.max === 'number' ? f.max : undefined;
  const step = f.step !== undefined && f.step > 0 ? f.step : undefined;
  const base = min ?? 0;
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
    if (step !== undefined) {
      const k = (v - base) / step;
      if (Math.abs(k - Math.round(k)) > 1e-9) {
        ok = false;
        report(out, 'OFF_STEP', 'OFF_STEP', { step: formatNumber(step), base: formatNumber(base), unit });
      }
    }
    return ok ? v : undefined;
  };
}

function choiceChecker(f: FieldIR): Checker {
  const ids = new Set((f.options ?? []).map((o) => o.id));
  return (raw, out) => {
    if (typeof raw !== 'string') return report(out, 'INVALID_TYPE', 'INVALID_CHOICE');
    return ids.has(raw) ? raw : report(out, 'UNKNOWN_OPTION', 'UNKNOWN_OPTION', { value: echo(raw) });
  };
}

function textChecker(f: FieldIR): Checker {
  const maxLength = f.maxLength;
  const pattern = f.pattern === undefined ? undefined : new RegExp(`^(?:${f.pattern})$`);
  return (raw, out) => {
    if (typeof raw !== 'string') return report(out, 'INVALID_TYPE', 'INVALID_TEXT');
    if (maxLength !== undefined && charCount(raw) > maxLength) {
      // The pattern is not tried on an over-long text: max_length is what bounds the work a pattern can cost.
      return report(out, 'TOO_LONG', 'TOO_LONG', { max: String(maxLength) });
    }
    return pattern === undefined || pattern.test(raw) ? raw : report(out, 'PATTERN_MISMATCH', 'PATTERN_MISMATCH');
  };
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

function dateChecker(f: FieldIR): Checker {
  const min = typeof f.min === 'string' ? f.min : undefined;
  const max = typeof f.max === 'string' ? f.max : undefined;
  return (raw, out) => {
    if (typeof raw !== 'string') return report(out, 'INVALID_TYPE', 'INVALID_TEXT');
    if (!isRealDate(raw)) return report(out, 'INVALID_DATE', 'INVALID_DATE');
    // ISO dates order as strings.
    if (min !== undefined && raw < min) return report(out, 'BELOW_MIN', 'BELOW_MIN_DATE', { min });
    if (max !== undefined && raw > max) return report(out, 'ABOVE_MAX', 'ABOVE_MAX_DATE', { max });
    return raw;
  };
}

/** The checker of a field's sent values; hidden fields have none (values sent for them are ignored). */
export function checkerFor(f: FieldIR): Checker | undefined {
  switch (f.type) {
    case 'number':
    case 'slider':
    case 'quantity':
      return numberChecker(f);
    case 'dropdown':
    case 'radio':
    case 'swatch':
      return choiceChecker(f);
    case 'checkbox':
      return (raw, out) => (typeof raw === 'boolean' ? raw : report(out, 'INVALID_TYPE', 'INVALID_BOOLEAN'));
    case 'text':
      return textChecker(f);
    case 'date':
      return dateChecker(f);
    case 'hidden':
      return undefined;
  }
}

export function isValidQuantity(q: unknown, spec: { min: number; max: number; step: number }): q is number {
  return (
    typeof q === 'number' &&
    Number.isInteger(q) &&
    q >= spec.min &&
    q <= spec.max &&
    (q - spec.min) % spec.step === 0
  );
}
