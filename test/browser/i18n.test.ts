// The configurator's own words exist in every language of the message catalog, and only there.
import { describe, expect, it } from 'vitest';
import { textCount, translator, UI_KEYS, UI_LANGUAGES } from '../../src/browser/configurator/i18n';
import { CATALOG } from '../../src/lang/runtime/catalog';

describe('<cpq-configurator> UI texts', () => {
  it('come in the catalog languages, one non-empty text per key', () => {
    expect([...UI_LANGUAGES].sort()).toEqual(Object.keys(CATALOG).sort());
    for (const lang of UI_LANGUAGES) {
      expect(textCount(lang), lang).toBe(UI_KEYS.length);
      const t = translator(lang);
      for (const key of UI_KEYS) expect(t(key).trim(), `${lang} ${key}`).not.toBe('');
    }
  });

  it('fall back from a region to its language, and from an unknown language to English', () => {
    expect(translator('de-CH')('quantity')).toBe('Menge');
    expect(translator('pt-BR')('quantity')).toBe('Quantity');
    expect(translator(undefined)('each', { price: '€ 5.00' })).toBe('€ 5.00 each');
  });
});
