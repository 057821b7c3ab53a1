import { describe, expect, it } from 'vitest';
import { negotiateLanguage, resolveText } from '../../../src/lang/instantiate';
import { CATALOG } from '../../../src/lang/runtime/catalog';
import { catalogFor } from '../../../src/lang/runtime/messages';
import { product } from './build';

const ir = product({ language: 'en', languages: ['en', 'de', 'de-CH', 'fr'] });

describe('negotiateLanguage', () => {
  it('prefers the exact tag, then shorter prefixes, then the default', () => {
    expect(negotiateLanguage('de-CH', ir)).toBe('de-CH');
    expect(negotiateLanguage('de-AT', ir)).toBe('de');
    expect(negotiateLanguage('de-CH-1996', ir)).toBe('de-CH');
    expect(negotiateLanguage('fr', ir)).toBe('fr');
    expect(negotiateLanguage('it', ir)).toBe('en');
  });

  it('is case-insensitive and accepts underscores, answering in the product spelling', () => {
    expect(negotiateLanguage('DE-ch', ir)).toBe('de-CH');
    expect(negotiateLanguage('de_ch', ir)).toBe('de-CH');
    expect(negotiateLanguage('FR', ir)).toBe('fr');
  });

  it('never throws on garbage', () => {
    const garbage: unknown[] = [undefined, '', '-', '--', 'x'.repeat(10_000), '__proto__', 'constructor', 42, null, {}, ['de']];
    for (const g of garbage) expect(negotiateLanguage(g as string, ir)).toBe('en');
  });

  it('falls back to the default language of the product', () => {
    const german = product({ language: 'de', languages: ['de', 'en'] });
    expect(negotiateLanguage('nl', german)).toBe('de');
  });

  it('reads an omitted lang as en, the contract default, which falls back like any tag', () => {
    expect(negotiateLanguage(undefined, product({ language: 'de', languages: ['de', 'en'] }))).toBe('en');
    expect(negotiateLanguage(undefined, product({ language: 'de', languages: ['de'] }))).toBe('de');
  });
});

describe('resolveText', () => {
  const text = { en: 'Width', de: 'Breite', 'de-CH': 'Breiti' };

  it('follows the same chain', () => {
    expect(resolveText(text, 'de-CH', 'en')).toBe('Breiti');
    expect(resolveText(text, 'de-AT', 'en')).toBe('Breite');
    expect(resolveText(text, 'DE', 'en')).toBe('Breite');
    expect(resolveText(text, 'fr', 'en')).toBe('Width');
  });

  it('does not confuse inherited properties with translations', () => {
    expect(resolveText(text, '__proto__', 'en')).toBe('Width');
    expect(resolveText(text, 'toString', 'en')).toBe('Width');
    expect(resolveText(JSON.parse('{"en": "A", "__proto__": "B"}'), '__proto__', 'en')).toBe('B');
  });

  it('survives a text without the default language', () => {
    expect(resolveText({ fr: 'Largeur' }, 'de', 'en')).toBe('Largeur');
    expect(resolveText({}, 'de', 'en')).toBe('');
  });
});

describe('message catalog', () => {
  it('has every message in every language, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [lang, messages] of Object.entries(CATALOG)) {
      for (const [key, text] of Object.entries(messages)) {
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(CATALOG.en[key as keyof typeof CATALOG.en]));
      }
    }
  });

  it('uses the primary subtag and English otherwise', () => {
    expect(catalogFor('de-CH')).toBe(CATALOG.de);
    expect(catalogFor('NL')).toBe(CATALOG.nl);
    expect(catalogFor('pt')).toBe(CATALOG.en);
    expect(catalogFor('__proto__')).toBe(CATALOG.en);
  });
});
