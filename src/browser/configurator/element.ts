// <cpq-configurator>: fetches a product's form, renders it in its layout, evaluates its conditions locally on
// every change, and asks the server for the price after a short debounce. See docs/configurator.md.

import { controlOf } from '../../lang/fields/controls';
import { formStates } from '../../lang/logic-ops';
import { apiClient, type ClientAnswer, type CpqClient } from './client';
import { type Control, createControl } from './controls';
import { el, flag, uid } from './dom';
import type { Condition, FieldState, FormDocument, FormField, FormGroup, GroupState, Issue } from './form';
import { type Translate, translator } from './i18n';
import { addOperation, apply } from './logic';
import { sheet } from './styles';
import { type Priced, renderSummary } from './summary';

/** How long typing may pause before the server is asked (ms). */
export const DEBOUNCE_MS = 250;
/** How long building a form may hold the page before it lets the page's own work (typing) in (ms). */
const SLICE_MS = 8;

const RELOAD = ['api', 'tenant', 'product', 'api-key', 'lang'];

interface GroupView {
  group: FormGroup;
  root: HTMLElement;
  fields: HTMLFieldSetElement;
  tab?: HTMLButtonElement;
  /** The group without its fields, as JSON: a view is kept for a new form whose group has the same. */
  signature: string;
}

/** A form built by `#build`, detached, for `#show`. */
interface Built {
  form: FormDocument;
  reuse: boolean;
  controls: Map<string, Control>;
  signatures: Map<string, string>;
  groups: GroupView[];
  /** The form area's children, in order. */
  children: Node[];
  /** Each group's fieldset with its controls' roots, in order. */
  fields: [Node, Node[]][];
  /** Each control's group. */
  groupOf: Map<string, string>;
  tabs: HTMLElement | null;
}

/** What a control is built from, as JSON: a control is kept for a new form whose field has the same. */
const signatureOf = (f: FormField) => JSON.stringify(f);

/**
 * Makes `nodes` the children of `parent`, in order, touching only what differs: a node already in place stays,
 * one no longer wanted is removed, a new or moved one is inserted. Unchanged children keep their layout and state.
 */
function place(parent: Node, nodes: readonly Node[]): void {
  const wanted = new Set(nodes);
  let at = parent.firstChild;
  for (const n of nodes) {
    while (at && at !== n && !wanted.has(at)) {
      const next: ChildNode | null = at.nextSibling;
      at.remove();
      at = next;
    }
    if (at === n) at = at.nextSibling;
    else parent.insertBefore(n, at);
  }
  while (at) {
    const next: ChildNode | null = at.nextSibling;
    at.remove();
    at = next;
  }
}

/** An option's availability condition; one that cannot be evaluated holds (the server's answer then decides). */
function holds(c: Condition | undefined, data: unknown): boolean {
  if (!c) return true;
  try {
    return apply(c.json_logic, data) !== false;
  } catch {
    return true;
  }
}

export class CpqConfigurator extends HTMLElement {
  static observedAttributes = [...RELOAD, 'quantity', 'value', 'request-quote'];

  #client: CpqClient | null = null;
  #form: FormDocument | null = null;
  #t: Translate = translator(undefined);
  #lang = 'en';
  /** One formatter per language: building an Intl.NumberFormat costs far more than formatting with it. */
  #numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 6 });
  #controls = new Map<string, Control>();
  /** Each control's field as it was built (signatureOf). */
  #signatures = new Map<string, string>();
  /** Each control's group. */
  #groupOf = new Map<string, string>();
  #groups: GroupView[] = [];
  #visible = new Map<string, boolean>();
  #enabled = new Map<string, boolean>();
  /** Fields the buyer set (or a restored value set): only these are sent, the server fills in the rest. */
  #touched = new Set<string>();
  #pending: Record<string, unknown> | null = null;
  /** api, tenant and product of the form shown, and the lang attribute it was asked in. */
  #product = '';
  #langAttr: string | null = null;
  /** Counts form loads: an answer for a load that a later one replaced is dropped. */
  #loads = 0;
  #tab = 0;
  #seq = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #reload = false;
  #noConfigure = false;
  #formArea: HTMLElement;
  #summary: HTMLElement;
  #side: HTMLElement;
  #live: HTMLElement;
  #message: HTMLElement;
  #qty: HTMLInputElement;
  #qtyError: HTMLElement;
  #qtyLabel: HTMLElement;
  /** The "Request a quote" form, shown when the request-quote attribute is present. */
  #quote: HTMLFormElement;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet()];
    const qtyId = uid('q');
    this.#message = el('div', { part: 'message', class: 'message', role: 'alert', hidden: true });
    this.#formArea = el('div', { part: 'form', class: 'form' });
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
    this.#summary = el('div', { part: 'summary', class: 'summary' });
    this.#live = el('p', { class: 'sr', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.#quote = el('form', { part: 'quote', class: 'quote', hidden: true, novalidate: true });
    this.#quote.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.#requestQuote();
    });
    this.#side = el('div', { part: 'side', class: 'side', hidden: true }, [
      el('div', { class: 'field qty' }, [this.#qtyLabel, this.#qty, this.#qtyError]),
      this.#summary,
      this.#quote,
      this.#live,
    ]);
    root.append(el('div', { part: 'root', class: 'root' }, [this.#message, this.#formArea, this.#side]));
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
    this.#scheduleLoad();
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
    const out: Record<string, unknown> = {};
    for (const id of this.#touched) {
      const v = this.#controls.get(id)?.get();
      if (v !== undefined && this.#visible.get(id) && this.#enabled.get(id)) out[id] = v;
    }
    return out;
  }

  /** Restores a saved configuration (as cpq-change's `configuration` gave it); unknown ids are ignored. */
  set value(config: Record<string, unknown>) {
    if (!config || typeof config !== 'object') return;
    if (!this.#form) {
      this.#pending = config;
      return;
    }
    this.#touched.clear();
    for (const [id, c] of this.#controls) {
      c.set(Object.hasOwn(config, id) ? config[id] : c.field.default);
      if (Object.hasOwn(config, id)) this.#touched.add(id);
    }
    this.#update();
  }

  #defaultClient(): CpqClient | null {
    const [tenant, product, key] = ['tenant', 'product', 'api-key'].map((a) => this.getAttribute(a));
    if (!tenant || !product || !key) return null;
    // Without `api`, the server that served this module.
    const api = this.getAttribute('api') ?? new URL('/api', import.meta.url).href;
    return apiClient(api, tenant, product, key);
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

  #problem(a: ClientAnswer): string {
    const t = this.#t;
    if (a.status === 0) return t('network');
    if (a.status === 401) return t('badKey');
    if (a.status === 403) return t('forbidden');
    if (a.status === 404) return t('notFound');
    const error = (a.body as { error?: unknown } | null)?.error;
    return typeof error === 'string' ? error : t('failed', { status: a.status });
  }

  async #load() {
    const client = this.#client ?? this.#defaultClient();
    const langAttr = this.getAttribute('lang');
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
    this.#message.hidden = true;
    if (!refresh) this.#t = translator(langAttr ?? undefined);
    if (!client) {
      this.#fail(this.#t('setup'));
      return;
    }
    // A price asked for before this load is not this form's.
    ++this.#seq;
    clearTimeout(this.#timer);
    if (refresh) this.#busy();
    else {
      // Until the new form is in, nothing of the old one (its price least of all) stays on screen.
      this.#clear();
      this.#formArea.replaceChildren(el('p', { class: 'muted', text: this.#t('loading') }));
    }
    const mine = ++this.#loads;
    const answer = await client.form(langAttr ?? undefined);
    if (mine !== this.#loads) return;
    if (answer.status !== 200 || !answer.body || typeof answer.body !== 'object') {
      ++this.#seq;
      clearTimeout(this.#timer);
      this.#clear();
      this.#formArea.replaceChildren();
      this.#fail(this.#problem(answer));
      this.#emit('cpq-invalid', { errors: [], configuration: {}, status: answer.status });
      return;
    }
    const form = answer.body as FormDocument;
    const lang = langAttr || form.language;
    const reuse = refresh && lang === this.#lang && form.layout === this.#form?.layout;
    this.#lang = lang;
    this.#numbers = new Intl.NumberFormat(this.#lang, { maximumFractionDigits: 6 });
    this.#t = translator(this.#lang);
    const built = await this.#build(form, reuse, () => mine === this.#loads);
    if (!built) return;
    // What the buyer set on the form shown while the new one was built is kept too.
    const restore = refresh ? (this.#pending ?? this.value) : kept;
    ++this.#seq;
    clearTimeout(this.#timer);
    this.#form = form;
    this.#noConfigure = false;
    this.#show(built);
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
    this.#summary.replaceChildren();
    this.#summary.classList.remove('busy');
    this.#summary.removeAttribute('aria-busy');
  }

  #number = (n: number) => this.#numbers.format(n);

  /**
   * Builds a form's groups and controls, detached, in slices of SLICE_MS with the page's own work (typing in a host
   * page) in between, so that a form of a thousand fields never blocks the page for long. With `reuse`, keeps the
   * group views and controls of the form shown whose definition is unchanged. Null when a later load replaced this
   * one meanwhile. The form shown stays as it is until `#show`.
   */
  async #build(form: FormDocument, reuse: boolean, current: () => boolean): Promise<Built | null> {
    const oldControls = reuse ? this.#controls : new Map<string, Control>();
    const oldSignatures = reuse ? this.#signatures : new Map<string, string>();
    // Tabs are bound to their places in the tab list, so a tabbed form keeps only its controls.
    const oldGroups = new Map(reuse && form.layout !== 'tabs' ? this.#groups.map((v) => [v.group.id, v]) : []);
    const built: Built = {
      form,
      reuse,
      controls: new Map(),
      signatures: new Map(),
      groups: [],
      children: [],
      fields: [],
      groupOf: new Map(),
      tabs: null,
    };
    const head = el('div', { class: 'head' }, [el('h2', { part: 'title', text: form.name ?? form.product_id })]);
    if (form.description) head.append(el('p', { part: 'description', class: 'muted', text: form.description }));
    built.children.push(head);
    if (form.layout === 'tabs') {
      built.tabs = el('div', { part: 'tabs', class: 'tabs', role: 'tablist', 'aria-label': this.#t('sections') });
      built.tabs.addEventListener('keydown', (e) => this.#tabKey(e));
      built.children.push(built.tabs);
    }
    const context = {
      t: this.#t,
      number: this.#number,
      changed: (id: string) => {
        this.#touched.add(id);
        this.#update();
      },
    };
    let until = performance.now() + SLICE_MS;
    for (const [i, g] of form.groups.entries()) {
      const inputs = g.fields.filter((f) => controlOf(f.type).control !== 'none');
      if (!inputs.length) continue;
      const signature = JSON.stringify({ ...g, fields: undefined });
      const old = oldGroups.get(g.id);
      const kept = old !== undefined && old.signature === signature;
      const view = kept ? { ...old, group: g } : this.#groupView(g, built.groups.length, form.layout, built.tabs, signature);
      const roots: Node[] = [];
      for (const f of inputs) {
        if (performance.now() > until) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (!current()) return null;
          until = performance.now() + SLICE_MS;
        }
        const fieldSignature = signatureOf(f);
        const same = oldControls.get(f.id);
        const c = same && oldSignatures.get(f.id) === fieldSignature ? same : createControl(f, context);
        built.controls.set(f.id, c);
        built.signatures.set(f.id, fieldSignature);
        built.groupOf.set(f.id, g.id);
        roots.push(c.root);
      }
      built.fields.push([view.fields, roots]);
      built.groups.push(view);
      built.children.push(view.root);
      if (form.layout === 'accordion' && i === 0 && !kept) view.root.setAttribute('open', '');
    }
    if (!built.controls.size) built.children.push(el('p', { class: 'muted', text: this.#t('noFields') }));
    return built;
  }

  /** Shows a built form in place of the one shown, touching only what differs. */
  #show(built: Built) {
    const { form, reuse } = built;
    const area = this.#formArea;
    if (!reuse) area.replaceChildren();
    area.className = `form layout-${form.layout}`;
    area.lang = form.language;
    for (const [parent, nodes] of built.fields) place(parent, nodes);
    place(area, built.children);
    this.#controls = built.controls;
    this.#signatures = built.signatures;
    this.#groupOf = built.groupOf;
    this.#groups = built.groups;
    this.#touched.clear();
    if (built.tabs) this.#selectTab(reuse && this.#tab < this.#groups.length ? this.#tab : 0, false);
  }

  #groupView(g: FormGroup, i: number, layout: FormDocument['layout'], tabs: HTMLElement | null, signature: string): GroupView {
    const fields = el('fieldset', { class: 'fields' });
    const headingId = uid('g');
    if (layout === 'accordion') {
      const root = el('details', { part: 'group', class: 'group acc' }, [
        el('summary', { id: headingId, text: g.label ?? g.id }),
        fields,
      ]);
      return { group: g, root, fields, signature };
    }
    if (layout === 'tabs' && tabs) {
      const panelId = uid('p');
      const tab = el('button', {
        type: 'button',
        role: 'tab',
        id: headingId,
        part: 'tab',
        'aria-controls': panelId,
        class: 'tab',
        text: g.label ?? g.id,
      });
      tab.addEventListener('click', () => this.#selectTab(i, false));
      tabs.append(tab);
      const root = el(
        'div',
        { part: 'group', class: 'group panel', role: 'tabpanel', id: panelId, 'aria-labelledby': headingId },
        [fields],
      );
      return { group: g, root, fields, tab, signature };
    }
    const root = el(
      'section',
      { part: 'group', class: `group${layout === 'inline' ? ' inline' : ''}`, 'aria-labelledby': headingId },
      [el('h3', { id: headingId, part: 'group-title', text: g.label ?? g.id }), fields],
    );
    return { group: g, root, fields, signature };
  }

  #selectTab(index: number, focus: boolean) {
    this.#tab = index;
    this.#groups.forEach((v, i) => {
      v.tab?.setAttribute('aria-selected', String(i === index));
      if (v.tab) v.tab.tabIndex = i === index ? 0 : -1;
      v.root.classList.toggle('active', i === index);
    });
    if (focus) this.#groups[index]?.tab?.focus();
  }

  #tabKey(e: KeyboardEvent) {
    const shown = this.#groups.flatMap((v, i) => (v.tab?.hidden ? [] : [i]));
    const at = shown.indexOf(this.#tab);
    const next = {
      ArrowRight: shown[(at + 1) % shown.length],
      ArrowLeft: shown[(at - 1 + shown.length) % shown.length],
      Home: shown[0],
      End: shown.at(-1),
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.#selectTab(next, true);
  }

  /**
   * Runs on every change: the server's own state rules (formStates, src/lang/logic-ops.ts) over the form's JSON
   * Logic and what the buyer set, now; the server after the debounce.
   */
  #update() {
    const form = this.#form;
    if (!form) return;
    const raw: Record<string, unknown> = {};
    for (const id of this.#touched) raw[id] = this.#controls.get(id)?.get();
    const states = formStates(form, raw, this.#quantity(), { apply, add_operation: addOperation });
    this.#applyStates(states);
    // A form that leaves the options' availability to /v1/configure: its last answer stands until the next one.
    const fromForm = form.option_availability !== 'configure';
    for (const c of fromForm ? this.#controls.values() : []) {
      const off = new Map<string, string>();
      for (const o of c.field.options ?? [])
        if (!holds(o.available_when, { ...raw, quantity: this.#quantity() })) off.set(o.id, this.#t('unavailable'));
      c.setOptions(off);
    }
    this.#emit('cpq-change', { configuration: this.value, quantity: this.#quantity() });
    clearTimeout(this.#timer);
    this.#busy();
    this.#timer = setTimeout(() => void this.#price(), DEBOUNCE_MS);
  }

  /** The price shown is being replaced. */
  #busy() {
    this.#summary.classList.add('busy');
    this.#summary.setAttribute('aria-busy', 'true');
  }

  /** Field and group states, the component's own or the server's, onto the controls. */
  #applyStates(states: { fields?: FieldState[]; groups?: GroupState[] }) {
    for (const g of states.groups ?? []) {
      this.#visible.set(`group:${g.id}`, g.visible);
      this.#enabled.set(`group:${g.id}`, g.enabled);
    }
    this.#showGroups();
    for (const f of states.fields ?? []) {
      const c = this.#controls.get(f.id);
      if (!c) continue;
      // A field is enabled only in an enabled group, as the server reports it.
      const enabled = f.enabled && this.#enabled.get(`group:${this.#groupOf.get(f.id)}`) !== false;
      this.#visible.set(f.id, f.visible);
      this.#enabled.set(f.id, f.enabled);
      c.root.hidden = !f.visible;
      c.setDisabled(!enabled);
      c.setRequired(f.required);
      c.setRange(f.min, f.max);
      // Soft defaults (docs/schema-language.md, "Effective values"): a field the buyer has not set shows the value
      // the server adjusted its default to; it stays unset (not in `value`), so the server keeps deciding it.
      if (!this.#touched.has(f.id) && f.source === 'adjusted') {
        c.set(f.value);
        c.root.dataset.adjusted = JSON.stringify(f.replaced_default);
      } else if (c.root.dataset.adjusted !== undefined) {
        // No longer adjusted (or set by the buyer): an untouched field shows its declared default again.
        if (!this.#touched.has(f.id)) c.set(c.field.default);
        delete c.root.dataset.adjusted;
      }
      if (f.options) {
        const off = new Map<string, string>();
        for (const o of f.options) if (!o.available) off.set(o.id, o.reasons?.[0]?.message ?? this.#t('unavailable'));
        c.setOptions(off);
      }
    }
  }

  #showGroups() {
    for (const v of this.#groups) {
      const shown = this.#visible.get(`group:${v.group.id}`) !== false;
      v.root.hidden = !shown;
      if (v.tab) v.tab.hidden = !shown;
      v.fields.disabled = this.#enabled.get(`group:${v.group.id}`) === false;
    }
    if (this.#groups[this.#tab]?.tab?.hidden) {
      const first = this.#groups.findIndex((v) => !v.tab?.hidden);
      if (first >= 0) this.#selectTab(first, false);
    }
  }

  #quantity(): number {
    return Number(this.#qty.value) || this.#form!.quantity.default || this.#form!.quantity.min;
  }

  /** The quote form in the current language: a button that opens it, the buyer's name and email, send. */
  #buildQuote() {
    this.#quote.hidden = !this.hasAttribute('request-quote');
    if (this.#quote.hidden) return;
    const field = (name: string, type: string, label: string, autocomplete: string) => {
      const id = uid('r');
      return el('div', { class: 'field' }, [
        el('label', { part: 'label', class: 'label', for: id, text: label }),
        el('input', { id, name, type, part: 'input', required: true, maxlength: type === 'email' ? 254 : 200, autocomplete }),
      ]);
    };
    const fields = el('fieldset', { class: 'quote-fields', hidden: true }, [
      field('name', 'text', this.#t('yourName'), 'name'),
      field('email', 'email', this.#t('yourEmail'), 'email'),
      el('button', { type: 'submit', part: 'button', class: 'send', text: this.#t('sendRequest') }),
    ]);
    const open = el('button', {
      type: 'button',
      part: 'button',
      class: 'open',
      text: this.#t('requestQuote'),
      'aria-expanded': 'false',
    });
    open.addEventListener('click', () => {
      fields.hidden = !fields.hidden;
      open.setAttribute('aria-expanded', String(!fields.hidden));
    });
    this.#quote.replaceChildren(open, fields, el('p', { class: 'quote-status', role: 'status' }));
  }

  /** Creates a quote of the configuration shown for the buyer named in the form, and fires cpq-quote. */
  async #requestQuote() {
    const client = this.#client ?? this.#defaultClient();
    const form = this.#quote;
    const status = form.querySelector('.quote-status')!;
    if (!client?.quote || !this.#form || !form.reportValidity()) return;
    const send = form.querySelector<HTMLButtonElement>('button.send')!;
    send.disabled = true;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    const answer = await client.quote({
      configuration: this.value,
      quantity: this.#quantity(),
      lang: this.#lang,
      customer: { name: value('name'), email: value('email') },
    });
    send.disabled = false;
    if (answer.status === 201 || answer.status === 200) {
      const quote = answer.body as { id: string; number: string; status: string; status_url?: string | null };
      // The request's status page (a read-only view for the buyer; the offer itself comes with the store's
      // link); a retry of the same request (200) or an older server has none, and only a web address is linked.
      const link = typeof quote.status_url === 'string' && /^https?:\/\//.test(quote.status_url) ? quote.status_url : null;
      status.replaceChildren(
        this.#t('quoteRequested', { number: quote.number }),
        link ? ' ' : '',
        link
          ? el('a', {
              part: 'link',
              class: 'quote-link',
              href: link,
              target: '_blank',
              rel: 'noopener',
              text: this.#t('followRequest'),
            })
          : '',
      );
      form.querySelector('fieldset')!.hidden = true;
      this.#emit('cpq-quote', { id: quote.id, number: quote.number, status: quote.status, link });
    } else {
      status.textContent = this.#t('quoteFailed', { status: answer.status });
      this.#emit('cpq-quote-failed', { status: answer.status, body: answer.body });
    }
  }

  #emit(type: string, detail: unknown) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  async #price() {
    const client = this.#client ?? this.#defaultClient();
    if (!client || !this.#form) return;
    const mine = ++this.#seq;
    const request = { configuration: this.value, quantity: this.#quantity(), lang: this.#lang };
    const viaConfigure = client.configure && !this.#noConfigure;
    let answer = viaConfigure ? await client.configure!(request) : await client.calculate(request);
    // The form loaded, so a 404 here means a server without /v1/configure: use /v1/calculate from now on.
    if (viaConfigure && answer.status === 404) {
      this.#noConfigure = true;
      answer = await client.calculate(request);
    }
    if (mine !== this.#seq) return;
    this.#summary.classList.remove('busy');
    this.#summary.removeAttribute('aria-busy');
    for (const c of this.#controls.values()) c.setError(null);
    this.#qtyError.hidden = true;
    flag(this.#qty, 'aria-invalid', false);
    const body = answer.body as Record<string, unknown> | null;
    if ((answer.status !== 200 && answer.status !== 422) || !body) {
      this.#summary.replaceChildren(el('p', { part: 'message', class: 'message', role: 'alert', text: this.#problem(answer) }));
      this.#emit('cpq-invalid', { errors: [], configuration: request.configuration, status: answer.status });
      return;
    }
    const priced: Priced = {
      configuration: request.configuration,
      quantity: (body.quantity as { value?: number } | undefined)?.value ?? request.quantity,
      result: (body.result ?? body.calculation ?? null) as Priced['result'],
      warnings: (body.warnings ?? []) as Issue[],
      errors: (body.errors ?? []) as Issue[],
    };
    this.#applyServerStates(body);
    for (const e of priced.errors) {
      const c = e.field ? this.#controls.get(e.field) : undefined;
      if (c) c.setError(e.message);
      else if (e.code === 'INVALID_QUANTITY') {
        this.#qtyError.textContent = e.message;
        this.#qtyError.hidden = false;
        flag(this.#qty, 'aria-invalid', true);
      }
    }
    // A live region that stays in place: one inserted with the new total would not be announced.
    this.#live.textContent = renderSummary(this.#summary, priced, {
      t: this.#t,
      lang: this.#lang,
      currency: this.#form.currency,
      number: this.#number,
      focus: (id) => this.#focus(id),
    });
    this.#emit('cpq-price', priced);
    const valid = priced.result !== null && priced.errors.length === 0;
    this.#emit(valid ? 'cpq-valid' : 'cpq-invalid', { errors: priced.errors, configuration: priced.configuration });
  }

  /** The server's states (admin `states`, or /v1/configure's `fields` and `groups`) are authoritative. */
  #applyServerStates(body: Record<string, unknown>) {
    const states = (body.states ?? body) as { fields?: FieldState[]; groups?: GroupState[] };
    if (Array.isArray(states.fields)) this.#applyStates(states);
  }

  #focus(id: string) {
    const c = this.#controls.get(id);
    if (!c) return;
    const index = this.#groups.findIndex((v) => v.root.contains(c.root));
    const view = this.#groups[index];
    if (view?.tab) this.#selectTab(index, false);
    if (view?.root instanceof HTMLDetailsElement) view.root.open = true;
    c.focus();
  }
}
