// <cpq-configurator>: fetches a product's form, renders it in its layout, evaluates its conditions locally on
// every change, and asks the server for the price: at once for a new form, then after a short debounce. See
// docs/configurator.md. The element joins the parts, each a module of its own: loading (loading.ts), building the
// DOM (building.ts, controls/), the form's state (state.ts), pricing (pricing.ts) and the quote request (quote.ts).

import { FormView } from './building';
import type { CpqClient } from './client';
import { el, flag, uid } from './dom';
import type { FormDocument } from './form';
import { type Translate, translator } from './i18n';
import { defaultClient, fetchForm, problemOf, Turns } from './loading';
import { MarketSwitch, moneyLocale } from './markets';
import { Pricing } from './pricing';
import { QuoteForm } from './quote';
import { FormState } from './state';
import { sheet } from './styles';

const RELOAD = ['api', 'tenant', 'product', 'api-key', 'lang', 'market', 'market-switch'];

export class CpqConfigurator extends HTMLElement {
  static observedAttributes = [...RELOAD, 'quantity', 'value', 'request-quote'];

  #client: CpqClient | null = null;
  #form: FormDocument | null = null;
  #t: Translate = translator(undefined);
  #lang = 'en';
  /** One formatter per language: building an Intl.NumberFormat costs far more than formatting with it. */
  #numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });
  #pending: Record<string, unknown> | null = null;
  /** api, tenant and product of the form shown, and the lang attribute it was asked in. */
  #product = '';
  #langAttr: string | null = null;
  /** The market attribute the form shown was asked in (null: the key's or the store's default). */
  #marketAttr: string | null = null;
  /** The locale the form's money is written in: its language in its market's region (markets.ts). */
  #moneyLocale = 'en';
  #markets = new MarketSwitch((market) => this.#chooseMarket(market));
  /** Form loads: an answer for a load that a later one replaced is dropped. */
  #loads = new Turns();
  #reload = false;
  /** Aborted when the element leaves the page: every request it has in flight then stops. */
  #connection = new AbortController();
  #view = new FormView();
  #state = new FormState(this.#view);
  #pricing: Pricing;
  #quote: QuoteForm;
  #side: HTMLElement;
  #message: HTMLElement;
  #qty: HTMLInputElement;
  #qtyError: HTMLElement;
  #qtyLabel: HTMLElement;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet()];
    const qtyId = uid('q');
    this.#message = el('div', { part: 'message', class: 'message', role: 'alert', hidden: true });
    this.#qtyLabel = el('label', { part: 'label', class: 'label', for: qtyId });
    this.#qty = el('input', {
      id: qtyId,
      part: 'input quantity',
      type: 'number',
      inputmode: 'numeric',
      'aria-describedby': `${qtyId}e`,
    });
    this.#qtyError = el('p', { part: 'error', class: 'error', id: `${qtyId}e`, hidden: true });
    this.#qty.addEventListener('input', () => this.#update());
    this.#pricing = new Pricing({
      client: () => this.#currentClient(),
      form: () => this.#form,
      signal: () => this.#connection.signal,
      t: () => this.#t,
      lang: () => this.#moneyLocale,
      number: this.#number,
      request: () => this.#request(),
      controls: () => this.#view.controls,
      state: () => this.#state,
      quantityError: (message) => {
        if (message !== null) this.#qtyError.textContent = message;
        this.#qtyError.hidden = message === null;
        flag(this.#qty, 'aria-invalid', message !== null);
      },
      focus: (id) => this.#view.focus(id),
      emit: (type, detail) => this.#emit(type, detail),
      priced: (valid) => this.#quote.offer(valid),
    });
    this.#quote = new QuoteForm(
      {
        client: () => this.#currentClient(),
        request: () => (this.#form ? this.#request() : null),
        emit: (type, detail) => this.#emit(type, detail),
      },
      this.#t,
    );
    this.#side = el('div', { part: 'side', class: 'side', hidden: true }, [
      this.#markets.root,
      el('div', { class: 'field qty' }, [this.#qtyLabel, this.#qty, this.#qtyError]),
      this.#pricing.summary,
      this.#quote.root,
      this.#pricing.live,
    ]);
    root.append(el('div', { part: 'root', class: 'root' }, [this.#message, this.#view.area, this.#side]));
  }

  connectedCallback() {
    // A host page may set `client` or `value` before this module defined the element: those landed as own
    // properties of the plain element, shadowing the accessors; hand them to the accessors now.
    for (const name of ['client', 'value'] as const) {
      if (!Object.hasOwn(this, name)) continue;
      const v = (this as Record<string, unknown>)[name];
      delete (this as Record<string, unknown>)[name];
      (this as Record<string, unknown>)[name] = v;
    }
    if (this.#connection.signal.aborted) this.#connection = new AbortController();
    this.#scheduleLoad();
  }

  /**
   * Left the page: the requests in flight are aborted and their answers dropped, the pending price is not asked
   * for. What is shown stays, so that the element put back (moved in the page) reloads its form from there.
   */
  disconnectedCallback() {
    this.#connection.abort();
    this.#loads.outdate();
    this.#pricing.cancel();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null) {
    if (old === value) return;
    if (RELOAD.includes(name)) this.#scheduleLoad();
    else if (name === 'request-quote') this.#buildQuote();
    else if (name === 'quantity') {
      const q = this.#form?.quantity;
      this.#qty.value = value ?? String(q?.default ?? q?.min ?? '');
      if (this.#form) this.#update();
    } else if (name === 'value' && value !== null) {
      try {
        this.value = JSON.parse(value);
      } catch {
        this.#fail(this.#t('badValue'));
      }
    }
  }

  /** A host page's own transport (the backoffice preview); setting it reloads the form. */
  get client(): CpqClient | null {
    return this.#client;
  }

  set client(client: CpqClient | null) {
    this.#client = client;
    this.#scheduleLoad();
  }

  /** The configuration: what the buyer set, of the fields that are visible and enabled. */
  get value(): Record<string, unknown> {
    return this.#state.value();
  }

  /** Restores a saved configuration (as cpq-change's `configuration` gave it); unknown ids are ignored. */
  set value(config: Record<string, unknown>) {
    if (!config || typeof config !== 'object') return;
    if (!this.#form) {
      this.#pending = config;
      return;
    }
    const touched = this.#state.touched;
    touched.clear();
    for (const [id, c] of this.#view.controls) {
      c.set(Object.hasOwn(config, id) ? config[id] : c.field.default);
      if (Object.hasOwn(config, id)) touched.add(id);
    }
    this.#update();
  }

  #currentClient(): CpqClient | null {
    return this.#client ?? defaultClient(this);
  }

  #scheduleLoad() {
    if (this.#reload) return;
    this.#reload = true;
    queueMicrotask(() => {
      this.#reload = false;
      if (this.isConnected) void this.#load();
    });
  }

  #fail(message: string) {
    this.#message.textContent = message;
    this.#message.hidden = false;
  }

  async #load() {
    const client = this.#currentClient();
    const langAttr = this.getAttribute('lang');
    const marketAttr = this.getAttribute('market');
    const wantsSwitch = this.hasAttribute('market-switch');
    // A new language (or key) keeps what the buyer set; another product starts afresh.
    const product = ['api', 'tenant', 'product'].map((a) => this.getAttribute(a)).join(' ');
    const sameProduct = this.#form !== null && product === this.#product;
    // The same product in the same language again (a host's new client: the backoffice preview after an edit):
    // the form shown stays until the new one is in, which then keeps every control whose field is unchanged, so
    // a long form is not rebuilt for a one-line edit.
    const refresh = sameProduct && langAttr === this.#langAttr;
    const kept = refresh ? null : (this.#pending ?? (sameProduct ? this.value : null));
    this.#product = product;
    this.#langAttr = langAttr;
    this.#marketAttr = marketAttr;
    this.#message.hidden = true;
    if (!refresh) this.#t = translator(langAttr ?? undefined);
    if (!client) {
      this.#fail(this.#t('setup'));
      return;
    }
    // A price asked for before this load is not this form's.
    this.#pricing.cancel();
    if (refresh) this.#pricing.busy();
    else {
      // Until the new form is in, nothing of the old one (its price least of all) stays on screen.
      this.#clear();
      this.#view.area.replaceChildren(el('p', { class: 'muted', text: this.#t('loading') }));
    }
    const current = this.#loads.next();
    const signal = this.#connection.signal;
    const marketsKey = ['api', 'tenant', 'api-key'].map((a) => this.getAttribute(a)).join(' ');
    // Read beside the form when a market is named or the switch asked for, else only once a form names a market.
    const markets = marketAttr || wantsSwitch ? this.#markets.read(client, marketsKey, signal) : null;
    const loaded = await fetchForm(client, langAttr ?? undefined, signal, marketAttr ?? undefined);
    if (!current()) return;
    const market = 'form' in loaded ? (loaded.form.pricing?.market ?? null) : null;
    if (markets || market) await (markets ?? this.#markets.read(client, marketsKey, signal));
    if (!current()) return;
    if ('failed' in loaded) {
      this.#pricing.cancel();
      this.#clear();
      this.#view.area.replaceChildren();
      this.#fail(problemOf(loaded.failed, this.#t));
      this.#emit('cpq-invalid', { errors: [], configuration: {}, status: loaded.failed.status });
      return;
    }
    const { form } = loaded;
    const lang = langAttr || form.language;
    const reuse = refresh && lang === this.#lang && form.layout === this.#form?.layout;
    this.#lang = lang;
    this.#numbers = new Intl.NumberFormat(this.#lang, { maximumFractionDigits: 6 });
    this.#t = translator(this.#lang);
    this.#moneyLocale = moneyLocale(lang, this.#markets.find(market));
    this.#markets.show(wantsSwitch, market, this.#t);
    const context = {
      t: this.#t,
      number: this.#number,
      changed: (id: string) => {
        this.#state.touched.add(id);
        this.#state.last = id;
        this.#update();
      },
    };
    const built = await this.#view.build(form, reuse, this.#t, context, current);
    if (!built) return;
    // What the buyer set on the form shown while the new one was built is kept too.
    const restore = refresh ? (this.#pending ?? this.value) : kept;
    this.#pricing.cancel();
    this.#form = form;
    this.#pricing.reset();
    this.#quote.offer(undefined);
    this.#view.show(built);
    this.#state.touched.clear();
    const q = form.quantity;
    Object.assign(this.#qty, { min: String(q.min), max: String(q.max), step: String(q.step) });
    this.#qty.value = this.getAttribute('quantity') ?? String(q.default ?? q.min);
    this.#qtyLabel.textContent = this.#t('quantity');
    this.#buildQuote();
    this.#side.hidden = false;
    this.#pending = null;
    if (restore) this.value = restore;
    else this.#update();
  }

  /** No form: the side and its price hidden. */
  #clear() {
    this.#form = null;
    this.#side.hidden = true;
    this.#pricing.clear();
  }

  #number = (n: number) => this.#numbers.format(n);

  /**
   * Runs on every change: the server's own state rules over the form's JSON Logic and what the buyer set, now
   * (state.ts); the server after the debounce (pricing.ts).
   */
  #update() {
    if (!this.#form) return;
    this.#state.evaluate(this.#form, this.#quantity(), this.#t);
    this.#emit('cpq-change', { configuration: this.value, quantity: this.#quantity() });
    this.#pricing.schedule();
  }

  /** What a price or quote request sends: the configuration, quantity and language, in the form's market. */
  #request() {
    const request = { configuration: this.value, quantity: this.#quantity(), lang: this.#lang };
    return this.#marketAttr ? { ...request, market: this.#marketAttr } : request;
  }

  /** The buyer chose another market in the switch: the form reloads in it, keeping what the buyer set. */
  #chooseMarket(market: string) {
    this.setAttribute('market', market);
    this.#emit('cpq-market', { market });
  }

  #quantity(): number {
    return Number(this.#qty.value) || this.#form!.quantity.default || this.#form!.quantity.min;
  }

  #buildQuote() {
    this.#quote.build(this.hasAttribute('request-quote'), this.#t);
  }

  #emit(type: string, detail: unknown) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}
