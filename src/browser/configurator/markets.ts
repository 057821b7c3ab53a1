// Markets: the switch between the markets the key may price in (attribute `market-switch`), and the locale a
// market's money is written in. The list comes from GET /v1/markets, once per api, tenant and key.
import type { CpqClient } from './client';
import { el, uid } from './dom';
import type { Market } from './form';
import type { Translate } from './i18n';

/**
 * The buyer's language written for the market's region (de-CH's CH, else its first country): an English page
 * in the Swiss market shows CHF 1’234.50, in the German one €1,234.50. Without a market, the language alone.
 */
export function moneyLocale(lang: string, market: Market | undefined): string {
  if (!market) return lang;
  try {
    const region = (market.language ? new Intl.Locale(market.language).region : undefined) ?? market.countries?.[0];
    return region ? new Intl.Locale(lang, { region }).toString() : lang;
  } catch {
    return lang;
  }
}

export class MarketSwitch {
  readonly #select: HTMLSelectElement;
  readonly #label: HTMLElement;
  readonly root: HTMLElement;
  #markets: Market[] = [];
  /** The api, tenant and key the markets were read with, and the element's connection: a new one reads again. */
  #for = '';
  #signal: AbortSignal | null = null;
  #reading: Promise<unknown> = Promise.resolve();

  constructor(choose: (market: string) => void) {
    const id = uid('m');
    this.#label = el('label', { part: 'label', class: 'label', for: id });
    this.#select = el('select', { id, part: 'input market' });
    this.#select.addEventListener('change', () => choose(this.#select.value));
    this.root = el('div', { part: 'market', class: 'field market', hidden: true }, [this.#label, this.#select]);
  }

  /** Reads the markets of this api, tenant and key once (an older server's 404: none). */
  read(client: CpqClient, key: string, signal: AbortSignal): Promise<unknown> {
    if (key === this.#for && signal === this.#signal) return this.#reading;
    this.#for = key;
    this.#signal = signal;
    this.#markets = [];
    this.#reading = (client.markets?.(signal) ?? Promise.resolve(null)).then((a) => {
      const list = a?.status === 200 ? (a.body as { markets?: unknown }).markets : null;
      if (key === this.#for && Array.isArray(list)) this.#markets = list.filter((m) => typeof m?.id === 'string');
    });
    return this.#reading;
  }

  /** The market of that id, when the markets were read. */
  find(id: string | null | undefined): Market | undefined {
    return id ? this.#markets.find((m) => m.id === id) : undefined;
  }

  /** Shows the switch (when asked and the key has a choice), `selected` chosen. */
  show(wanted: boolean, selected: string | null, t: Translate): void {
    this.#label.textContent = t('market');
    this.#select.replaceChildren(
      ...this.#markets.map((m) => el('option', { value: m.id, selected: m.id === selected, text: `${m.name} (${m.currency})` })),
    );
    if (selected) this.#select.value = selected;
    this.root.hidden = !wanted || this.#markets.length < 2;
  }
}
