// Pricing: at once for a new form, then after a pause in typing, the configuration goes to the server (/v1/configure, or /v1/calculate where
// the server has no configure); its answer brings the price, the server's states and the errors, shown in the
// summary beside the form.
import type { CalculateRequest, CpqClient } from './client';
import type { Control } from './controls';
import { el } from './dom';
import type { FormDocument, Issue } from './form';
import type { Translate } from './i18n';
import { problemOf, Turns } from './loading';
import type { FormState } from './state';
import { type Priced, renderSummary } from './summary';

/** How long typing may pause before the server is asked (ms). */
export const DEBOUNCE_MS = 250;

/** What pricing reads from the element, as it is when the price is asked for. */
export interface PricingHost {
  client(): CpqClient | null;
  form(): FormDocument | null;
  /** Aborted when the element leaves the page. */
  signal(): AbortSignal;
  t(): Translate;
  lang(): string;
  number(n: number): string;
  request(): CalculateRequest;
  controls(): Map<string, Control>;
  state(): FormState;
  /** Shows the quantity's error, or none. */
  quantityError(message: string | null): void;
  focus(id: string): void;
  emit(type: string, detail: unknown): void;
  /** Whether the configuration shown prices (a quote may be requested), as each answer tells. */
  priced(valid: boolean): void;
}

/**
 * A form whose options' availability only the server knows (a large model's) asks for a compact answer: each
 * field's available option ids, with reasons only for the options of the field the buyer changed last.
 */
function compactFor(form: FormDocument, host: PricingHost): { compact?: true; explain?: string[] } {
  if (form.option_availability !== 'configure') return {};
  const last = host.state().last;
  const explain = last !== undefined && host.controls().get(last)?.field.options?.length ? [last] : [];
  return { compact: true, explain };
}

export class Pricing {
  readonly summary = el('div', { part: 'summary', class: 'summary' });
  /** A live region that stays in place: one inserted with the new total would not be announced. */
  readonly live = el('p', { class: 'sr', 'aria-live': 'polite', 'aria-atomic': 'true' });
  readonly #host: PricingHost;
  readonly #turns = new Turns();
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Set once the server answered 404 to /v1/configure: /v1/calculate from then on. */
  #noConfigure = false;
  /** No price asked for the form yet: nobody is typing, so the first one does not wait for a pause. */
  #first = true;

  constructor(host: PricingHost) {
    this.#host = host;
  }

  /** Asks for the price after the debounce (a new form's first at once); the price shown is marked as being replaced until then. */
  schedule(): void {
    clearTimeout(this.#timer);
    this.busy();
    this.#timer = setTimeout(() => void this.#price(), this.#first ? 0 : DEBOUNCE_MS);
    this.#first = false;
  }

  /** No price is asked for any more, and the answer to one asked for is dropped. */
  cancel(): void {
    this.#turns.outdate();
    clearTimeout(this.#timer);
  }

  /** A new form: the server is asked /v1/configure again, its first price at once. */
  reset(): void {
    this.#noConfigure = false;
    this.#first = true;
  }

  /** The price shown is being replaced. */
  busy(): void {
    this.summary.classList.add('busy');
    this.summary.setAttribute('aria-busy', 'true');
  }

  /** No price shown. */
  clear(): void {
    this.summary.replaceChildren();
    this.#idle();
  }

  #idle(): void {
    this.summary.classList.remove('busy');
    this.summary.removeAttribute('aria-busy');
  }

  async #price(): Promise<void> {
    const host = this.#host;
    const client = host.client();
    const form = host.form();
    if (!client || !form) return;
    const current = this.#turns.next();
    const request = host.request();
    const signal = host.signal();
    const viaConfigure = client.configure && !this.#noConfigure;
    let answer = viaConfigure
      ? await client.configure!({ ...request, ...compactFor(form, host) }, signal)
      : await client.calculate(request, signal);
    // The form loaded, so a 404 here means a server without /v1/configure: use /v1/calculate from now on.
    if (viaConfigure && answer.status === 404) {
      this.#noConfigure = true;
      answer = await client.calculate(request, signal);
    }
    if (!current()) return;
    const t = host.t();
    this.#idle();
    const controls = host.controls();
    for (const c of controls.values()) c.setError(null);
    host.quantityError(null);
    const body = answer.body as Record<string, unknown> | null;
    if ((answer.status !== 200 && answer.status !== 422) || !body) {
      this.summary.replaceChildren(el('p', { part: 'message', class: 'message', role: 'alert', text: problemOf(answer, t) }));
      host.priced(false);
      host.emit('cpq-invalid', { errors: [], configuration: request.configuration, status: answer.status });
      return;
    }
    const priced: Priced = {
      configuration: request.configuration,
      quantity: (body.quantity as { value?: number } | undefined)?.value ?? request.quantity,
      result: (body.result ?? body.calculation ?? null) as Priced['result'],
      warnings: (body.warnings ?? []) as Issue[],
      errors: (body.errors ?? []) as Issue[],
    };
    host.state().applyAnswer(body, t);
    for (const e of priced.errors) {
      const c = e.field ? controls.get(e.field) : undefined;
      if (c) c.setError(e.message);
      else if (e.code === 'INVALID_QUANTITY') host.quantityError(e.message);
    }
    this.live.textContent = renderSummary(this.summary, priced, {
      t,
      lang: host.lang(),
      currency: form.currency,
      number: (n) => host.number(n),
      focus: (id) => host.focus(id),
    });
    host.emit('cpq-price', priced);
    const valid = priced.result !== null && priced.errors.length === 0;
    host.priced(valid);
    host.emit(valid ? 'cpq-valid' : 'cpq-invalid', { errors: priced.errors, configuration: priced.configuration });
  }
}
