import type { ProductIR, Text } from '../ir';

/**
 * RFC 4647 "lookup" over the available tags: "de-CH-1996" tries de-CH-1996, de-CH, de. Case-insensitive, "_"
 * accepted for "-"; returns the tag as spelled in `available`.
 */
function lookup(tag: string, available: readonly string[]): string | undefined {
  let t = tag.replaceAll('_', '-').toLowerCase();
  for (;;) {
    for (const a of available) if (a.toLowerCase() === t) return a;
    const cut = t.lastIndexOf('-');
    if (cut <= 0) return undefined;
    t = t.slice(0, cut);
  }
}

/** Longer requests are not language tags; refusing them keeps the lookup cheap on hostile input. */
const MAX_TAG = 64;

/** What the API contract says an omitted `lang` means. */
const DEFAULT_REQUEST = 'en';

export function negotiateLanguage(requested: string | undefined, ir: ProductIR): string {
  if (requested === undefined) requested = DEFAULT_REQUEST;
  if (typeof requested !== 'string' || requested.length === 0 || requested.length > MAX_TAG) return ir.language;
  // The exact tag is the common case; the lowercasing lookup allocates.
  if (ir.languages.includes(requested)) return requested;
  return lookup(requested, ir.languages) ?? ir.language;
}

export function resolveText(text: Text, lang: string, defaultLang: string): string {
  if (Object.hasOwn(text, lang)) return text[lang] as string;
  const keys = Object.keys(text);
  const tag =
    (typeof lang === 'string' && lang.length <= MAX_TAG ? lookup(lang, keys) : undefined) ?? lookup(defaultLang, keys) ?? keys[0];
  return tag === undefined ? '' : (text[tag] as string);
}
