import { checkedLocale } from '../api/locale';
import type { CatalogLanguage } from '../lang/runtime/catalog';
import { de } from './catalogue/de';
import { type Catalogue, en, type Words } from './catalogue/en';
import { es } from './catalogue/es';
import { fr } from './catalogue/fr';
import { it } from './catalogue/it';
import { nl } from './catalogue/nl';

// The few words a quote document prints itself (everything else comes from the products' schemas), in the
// languages the component speaks (those of the message catalog, src/lang/runtime/catalog.ts). A page takes all
// its words, dates and amounts from one language: the quote's when it speaks it, else English; a key a
// catalogue lacks reads English.

export type { Words };

const CATALOGUES: Record<CatalogLanguage, Catalogue> = { en, de, fr, es, it, nl };

const baseOf = (tag: string) => tag.toLowerCase().split('-')[0]!;
const spoken = (tag: string): tag is string => Object.hasOwn(CATALOGUES, baseOf(tag));

/**
 * The language a document in `tag` is written in: the tag itself, canonical (de-CH keeps its region's formats), when
 * its language is spoken and Intl reads it, else en: every page formats dates and amounts with this answer.
 */
export function documentLanguage(tag: string): string {
  const checked = checkedLocale(tag, 'en');
  return spoken(checked) ? checked : 'en';
}

export function wordsFor(tag: string): Words {
  const own = CATALOGUES[baseOf(documentLanguage(tag)) as CatalogLanguage];
  return {
    ...en,
    ...own,
    status: { ...en.status, ...own.status },
    requestStatus: { ...en.requestStatus, ...own.requestStatus },
  };
}

/** At most this many languages of an Accept-Language header are looked at; the rest is ignored. */
const ACCEPT_MAX = 16;

/**
 * The spoken language a browser prefers most (Accept-Language, RFC 9110), for a page no quote names; else en.
 * Only the base language is answered (de for de-CH): a page without dates or amounts needs no more.
 */
export function languageFromHeader(header: string | undefined): string {
  const ranked = (header ?? '')
    .split(',', ACCEPT_MAX)
    .map((entry, i) => {
      const [range = '', ...params] = entry.split(';', 4);
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: baseOf(range.trim()), q: q === undefined ? 1 : Number(q.slice(2)), i };
    })
    .filter((e) => e.q > 0 && Object.hasOwn(CATALOGUES, e.base))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.base ?? 'en';
}

/** A quote's number as a page prints it: a revision after the first is named (Q-2026-000007 · Revision 2). */
export function numberIn(words: Words, quote: { number: string; revision: number }): string {
  return quote.revision > 1 ? `${quote.number} · ${words.revision} ${quote.revision}` : quote.number;
}
