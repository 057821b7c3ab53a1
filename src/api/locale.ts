import { z } from '@hono/zod-openapi';

// Language tags (BCP 47) as the service takes them in and formats with them. Intl throws a RangeError on a tag it
// cannot read ("x", "en_US", "en--US", "12"), and one such tag on a quote made every page that formats with it
// answer 500. So a tag is checked where it enters (LanguageTag: 400 naming the field), and every page formats
// only with checkedLocale's answer, which also covers the rows written before tags were checked.

/** The longest tag taken (RFC 5646 advises room for 35 characters). */
export const MAX_TAG = 35;

/** Subtags of letters and digits, one hyphen apart, the first a language (2–3 or 5–8 letters): what Intl reads. */
const SHAPE = /^(?:[a-z]{2,3}|[a-z]{5,8})(?:-[a-z0-9]{1,8})*$/i;

/** The tag in its canonical form (de-ch → de-CH), or null when it is not a BCP 47 tag `Intl` reads. */
export function canonicalLocale(tag: string): string | null {
  if (tag.length > MAX_TAG || !SHAPE.test(tag)) return null;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? null;
  } catch {
    return null;
  }
}

/** The tag to format with: `tag` canonical when Intl reads it, else `fallback` (a tag known to be good). */
export function checkedLocale(tag: string | null | undefined, fallback: string): string {
  return (tag ? canonicalLocale(tag) : null) ?? fallback;
}

/** A language tag as a body stores it: refused (400 naming the field) unless Intl reads it; kept as sent. */
export const LanguageTag = z
  .string()
  .max(MAX_TAG)
  .refine((tag) => canonicalLocale(tag) !== null, { message: 'Must be a BCP 47 language tag, e.g. en or de-CH' })
  .openapi({ example: 'de-CH' });
