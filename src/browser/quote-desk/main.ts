// The quote desk's configurator panels (src/backoffice/views/item-configurator.tsx): when a panel's <details>
// opens, the storefront's <cpq-configurator> goes in, pointed at the chosen product through the admin endpoints
// (shared/admin-product.ts); its last valid price's configuration and quantity are what "Add to quote" or
// "Replace item" sends to the quote. Listeners sit on the document, so panels the page re-renders (refresh of
// #quote-body) work as the first ones did. This module runs before the component's, which defines the element.
import type { CpqClient } from '../configurator/client';
import { adminCall } from '../shared/admin-api';
import { adminProductClient } from '../shared/admin-product';
import { flash } from '../shared/page';

type Configurator = HTMLElement & { client: CpqClient | null; value: Record<string, unknown> };

interface Priced {
  configuration: Record<string, unknown>;
  quantity: number;
  errors: unknown[];
  result: unknown;
}

/** Each mounted panel's configurator and the configuration it last priced as valid (null while none is). */
const panels = new WeakMap<HTMLElement, { element: Configurator; valid: Priced | null }>();

const parts = (panel: HTMLElement) => ({
  product: panel.querySelector<HTMLSelectElement>('.ic-product')!,
  slot: panel.querySelector<HTMLElement>('.ic-slot')!,
  error: panel.querySelector<HTMLElement>('.form-error')!,
  submit: panel.querySelector<HTMLButtonElement>('.ic-submit')!,
});

/** The configurator, on the product chosen, starting from the item's configuration and quantity when it has one. */
function mount(panel: HTMLElement): void {
  const { product, slot, submit } = parts(panel);
  const element = document.createElement('cpq-configurator') as Configurator;
  const state = { element, valid: null as Priced | null };
  panels.set(panel, state);
  const point = (id: string) => {
    state.valid = null;
    submit.disabled = true;
    element.setAttribute('product', id);
    element.client = adminProductClient(panel.dataset.store ?? '', id);
  };
  element.setAttribute('lang', panel.dataset.lang ?? '');
  if (panel.dataset.quantity) element.setAttribute('quantity', panel.dataset.quantity);
  if (panel.dataset.configuration) element.value = JSON.parse(panel.dataset.configuration) as Record<string, unknown>;
  point(product.value);
  // Another product starts from its defaults (the element starts afresh when its product attribute changes).
  product.addEventListener('change', () => point(product.value));
  element.addEventListener('cpq-change', () => {
    state.valid = null;
    submit.disabled = true;
  });
  element.addEventListener('cpq-price', (event) => {
    const priced = (event as CustomEvent<Priced>).detail;
    state.valid = priced.result !== null && priced.errors.length === 0 ? priced : null;
    submit.disabled = state.valid === null;
  });
  slot.replaceChildren(element);
}

/**
 * The body that creates a quote with this item as its first (a panel marked data-create: New quote), with the
 * customer's name and the language typed beside it; null for a panel that adds to a quote.
 */
function newQuote(panel: HTMLElement, item: Record<string, unknown>): Record<string, unknown> | null {
  if (panel.dataset.create === undefined) return null;
  const form = panel.parentElement;
  const name = form?.querySelector<HTMLInputElement>('.ic-customer')?.value.trim();
  const language = form?.querySelector<HTMLInputElement>('.ic-language')?.value.trim();
  return { items: [item], ...(name ? { customer: { name } } : {}), ...(language ? { language } : {}) };
}

async function send(panel: HTMLElement): Promise<void> {
  const state = panels.get(panel);
  const { product, error, submit } = parts(panel);
  if (!state?.valid) return;
  submit.disabled = true;
  panel.setAttribute('aria-busy', 'true');
  const { configuration, quantity } = state.valid;
  const item = { product_id: product.value, configuration, quantity };
  const answer = await adminCall(panel.dataset.method ?? 'POST', panel.dataset.action ?? '', newQuote(panel, item) ?? item);
  panel.removeAttribute('aria-busy');
  if (answer.status >= 200 && answer.status < 300) {
    flash(panel.dataset.flash ?? 'Saved.');
    const created = panel.dataset.create;
    if (created) location.assign(created.replace('{id}', encodeURIComponent(String((answer.body as { id?: unknown }).id))));
    else location.reload();
    return;
  }
  submit.disabled = false;
  if (answer.status === 401) return;
  // A 422 names what no longer prices (a version published meanwhile); anything else says what it is.
  const body = (answer.body ?? {}) as { error?: string; errors?: { message?: string }[] };
  const details = (body.errors ?? []).map((e) => e.message).filter(Boolean);
  error.textContent = [body.error ?? `Something went wrong (${answer.status}).`, ...details].join(' ');
}

document.addEventListener(
  'toggle',
  (event) => {
    const details = event.target as HTMLDetailsElement;
    if (!(details instanceof HTMLDetailsElement) || !details.open) return;
    for (const panel of details.querySelectorAll<HTMLElement>(':scope > .item-configurator')) {
      if (!panels.has(panel)) mount(panel);
    }
  },
  // toggle does not bubble: caught on its way down.
  true,
);

document.addEventListener('click', (event) => {
  const button = (event.target as Element).closest('.ic-submit');
  const panel = button?.closest<HTMLElement>('.item-configurator');
  if (panel) void send(panel);
});
