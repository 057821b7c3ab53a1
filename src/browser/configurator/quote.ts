// "Request a quote", shown when the element has the request-quote attribute: a button that opens the buyer's
// name and email, and sending them creates a quote of the configuration shown (POST /v1/quotes), fires cpq-quote.
// Offered only while the configuration prices: a quote of one that does not would be refused.
import type { CpqClient, QuoteRequest } from './client';
import { el, uid } from './dom';
import type { Translate } from './i18n';

/** What the quote form reads from the element when the buyer sends it. */
export interface QuoteHost {
  client(): CpqClient | null;
  /** The configuration shown; null without a form. */
  request(): Omit<QuoteRequest, 'customer'> | null;
  emit(type: string, detail: unknown): void;
}

export class QuoteForm {
  readonly root = el('form', { part: 'quote', class: 'quote', hidden: true, novalidate: true });
  readonly #host: QuoteHost;
  #t: Translate;
  /** The button that opens the fields, the fields, and why the button is disabled; none until built. */
  #parts: { open: HTMLButtonElement; fields: HTMLElement; reason: HTMLElement } | null = null;
  /** Whether the configuration shown prices; undefined until the form's first answer. */
  #priced: boolean | undefined;

  constructor(host: QuoteHost, t: Translate) {
    this.#host = host;
    this.#t = t;
    this.root.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.#send();
    });
  }

  /** The form in the current language, or hidden. */
  build(shown: boolean, t: Translate): void {
    this.#t = t;
    this.root.hidden = !shown;
    if (!shown) return;
    const field = (name: string, type: string, label: string, autocomplete: string) => {
      const id = uid('r');
      return el('div', { class: 'field' }, [
        el('label', { part: 'label', class: 'label', for: id, text: label }),
        el('input', { id, name, type, part: 'input', required: true, maxlength: type === 'email' ? 254 : 200, autocomplete }),
      ]);
    };
    const fields = el('fieldset', { class: 'quote-fields', hidden: true }, [
      field('name', 'text', t('yourName'), 'name'),
      field('email', 'email', t('yourEmail'), 'email'),
      el('button', { type: 'submit', part: 'button', class: 'send', text: t('sendRequest') }),
    ]);
    const reason = el('p', { id: uid('w'), class: 'reason', text: t('noPrice') });
    const open = el('button', {
      type: 'button',
      part: 'button',
      class: 'open',
      text: t('requestQuote'),
      'aria-expanded': 'false',
      'aria-describedby': reason.id,
    });
    open.addEventListener('click', () => {
      fields.hidden = !fields.hidden;
      open.setAttribute('aria-expanded', String(!fields.hidden));
    });
    this.#parts = { open, fields, reason };
    this.root.replaceChildren(open, reason, fields, el('p', { class: 'quote-status', role: 'status' }));
    this.offer(this.#priced);
  }

  /**
   * Offers the request while the configuration prices. Otherwise the button is disabled and the fields closed,
   * with the reason once an answer said there is no price (undefined: a new form, its first answer not in yet).
   */
  offer(priced: boolean | undefined): void {
    this.#priced = priced;
    if (!this.#parts) return;
    const { open, fields, reason } = this.#parts;
    open.disabled = !priced;
    reason.hidden = priced !== false;
    if (priced) return;
    fields.hidden = true;
    open.setAttribute('aria-expanded', 'false');
  }

  /** Creates a quote of the configuration shown for the buyer named in the form, and fires cpq-quote. */
  async #send(): Promise<void> {
    const client = this.#host.client();
    const request = this.#host.request();
    const form = this.root;
    const status = form.querySelector('.quote-status')!;
    if (!client?.quote || !request || !form.reportValidity()) return;
    const send = form.querySelector<HTMLButtonElement>('button.send')!;
    send.disabled = true;
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim();
    const answer = await client.quote({ ...request, customer: { name: value('name'), email: value('email') } });
    send.disabled = false;
    const t = this.#t;
    if (answer.status === 201 || answer.status === 200) {
      const quote = answer.body as { id: string; number: string; status: string; status_url?: string | null };
      // The request's status page (a read-only view for the buyer; the offer itself comes with the store's
      // link); a retry of the same request (200) or an older server has none, and only a web address is linked.
      const link = typeof quote.status_url === 'string' && /^https?:\/\//.test(quote.status_url) ? quote.status_url : null;
      status.replaceChildren(
        t('quoteRequested', { number: quote.number }),
        link ? ' ' : '',
        link
          ? el('a', {
              part: 'link',
              class: 'quote-link',
              href: link,
              target: '_blank',
              rel: 'noopener',
              text: t('followRequest'),
            })
          : '',
      );
      form.querySelector('fieldset')!.hidden = true;
      this.#host.emit('cpq-quote', { id: quote.id, number: quote.number, status: quote.status, link });
    } else {
      status.textContent = t('quoteFailed', { status: answer.status });
      this.#host.emit('cpq-quote-failed', { status: answer.status, body: answer.body });
    }
  }
}
