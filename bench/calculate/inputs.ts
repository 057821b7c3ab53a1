// Reading sent configuration values for the hand-written and peer implementations: the same acceptance rules as
// the runtime (a value absent, null or "" means "use the default"; an invalid one is reported and replaced by the
// default). Their messages are plain, not localized: the benchmark configurations are valid.
import { type Issue, issue } from './outcome';

export const absent = (raw: unknown): boolean => raw === undefined || raw === null || raw === '';

const DECIMAL = /^-?\d{1,30}(?:\.\d{1,30})?$/;

function invalid<T>(id: string, fallback: T, errors: Issue[]): T {
  errors.push(issue('INVALID_VALUE', `${id}: invalid value`, id));
  return fallback;
}

/** `step` 0: any value; the grid starts at `min` (at 0 when there is no minimum). */
export function numberValue(
  raw: unknown,
  min: number,
  max: number,
  step: number,
  fallback: number,
  id: string,
  errors: Issue[],
): number {
  if (absent(raw)) return fallback;
  const v = typeof raw === 'number' ? raw : typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : NaN;
  if (!Number.isFinite(v) || v < min || v > max) return invalid(id, fallback, errors);
  if (step <= 0) return v;
  const k = (v - (Number.isFinite(min) ? min : 0)) / step;
  return Math.abs(k - Math.round(k)) > 1e-9 ? invalid(id, fallback, errors) : v;
}

export function choiceValue(raw: unknown, ids: readonly string[], fallback: string, id: string, errors: Issue[]): string {
  if (absent(raw)) return fallback;
  return typeof raw === 'string' && ids.includes(raw) ? raw : invalid(id, fallback, errors);
}

/** A multi-select field's list: distinct known ids, between min and max of them. */
export function listValue(
  raw: unknown,
  ids: readonly string[],
  bounds: { min: number; max: number },
  fallback: readonly string[],
  id: string,
  errors: Issue[],
): readonly string[] {
  if (absent(raw)) return fallback;
  const ok =
    Array.isArray(raw) &&
    raw.length >= bounds.min &&
    raw.length <= bounds.max &&
    new Set(raw).size === raw.length &&
    raw.every((x) => typeof x === 'string' && ids.includes(x));
  return ok ? (raw as string[]) : invalid(id, fallback, errors);
}

export function booleanValue(raw: unknown, fallback: boolean, id: string, errors: Issue[]): boolean {
  if (absent(raw)) return fallback;
  return typeof raw === 'boolean' ? raw : invalid(id, fallback, errors);
}

export function textValue(
  raw: unknown,
  maxLength: number,
  pattern: RegExp,
  fallback: string,
  id: string,
  errors: Issue[],
): string {
  if (absent(raw)) return fallback;
  return typeof raw === 'string' && [...raw].length <= maxLength && pattern.test(raw) ? raw : invalid(id, fallback, errors);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function dateValue(raw: unknown, min: string, max: string, id: string, errors: Issue[]): string {
  if (absent(raw)) return '';
  const m = typeof raw === 'string' ? DATE.exec(raw) : null;
  if (m === null) return invalid(id, '', errors);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = month === 2 && leap ? 29 : (DAYS[month - 1] ?? 0);
  const s = raw as string;
  return day >= 1 && day <= days && s >= min && s <= max ? s : invalid(id, '', errors);
}

/** Configuration keys that name no field, reported as the runtime does. */
export function unknownFields(config: Record<string, unknown>, fields: ReadonlySet<string>, errors: Issue[]): void {
  for (const key of Object.keys(config)) {
    if (!fields.has(key)) errors.push(issue('UNKNOWN_FIELD', `Unknown field "${key}"`, key));
  }
}

export interface QuantitySpec {
  min: number;
  max: number;
  step: number;
  default: number;
}

export function quantityValue(q: unknown, spec: QuantitySpec, errors: Issue[]): number {
  if (typeof q === 'number' && Number.isInteger(q) && q >= spec.min && q <= spec.max && (q - spec.min) % spec.step === 0)
    return q;
  errors.push(issue('INVALID_QUANTITY', 'invalid quantity', 'quantity'));
  return spec.default;
}

/** A required field left empty, as the runtime reports it when the field is shown and enabled. */
export function requireValue(raw: unknown, id: string, label: string, errors: Issue[]): void {
  if (absent(raw)) errors.push(issue('REQUIRED', `${label} is required`, id));
}
