import { LIMITS } from '../api/quote-limits';
import { ApiError } from '../errors';

// A quote's valid_until: a date, held through the end of that day (UTC), from today to LIMITS.validityDays ahead.

const DAY = 86_400_000;

/** valid_until is a date: the quote holds through the end of that day (UTC). */
export function endOfDay(date: string): number {
  return Date.parse(`${date}T23:59:59.999Z`);
}

export function defaultValidUntil(now: number): number {
  return endOfDay(new Date(now + LIMITS.defaultValidityDays * DAY).toISOString().slice(0, 10));
}

export function checkValidUntil(validUntil: number, now: number): void {
  if (validUntil < now || validUntil > now + (LIMITS.validityDays + 1) * DAY) {
    throw new ApiError('BAD_REQUEST', `valid_until must be a date from today to ${LIMITS.validityDays} days ahead`, {
      errors: [
        {
          field: 'valid_until',
          code: 'INVALID_VALUE',
          message: `Must be a date from today to ${LIMITS.validityDays} days ahead`,
          location: 'body',
        },
      ],
    });
  }
}
