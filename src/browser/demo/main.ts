// The demo shop (/demo, src/demo/): switches products and languages, and builds a cart from the configurator's
// events, as a storefront would.
const configurator = document.getElementById('configurator');
const product = document.getElementById('product') as HTMLSelectElement | null;
const lang = document.getElementById('lang') as HTMLSelectElement | null;
const offer = document.getElementById('offer')!;
const add = document.getElementById('add') as HTMLButtonElement;
const cart = document.getElementById('cart')!;
const empty = document.getElementById('cart-empty')!;

interface Priced {
  configuration: Record<string, unknown>;
  quantity: number;
  result: { totals: { price: number; currency: string } } | null;
}

let last: Priced | null = null;

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(lang?.value, { style: 'currency', currency }).format(amount);

function remember() {
  const query = new URLSearchParams({ product: product?.value ?? '', lang: lang?.value ?? 'en' });
  history.replaceState(null, '', `?${query}`);
}

product?.addEventListener('change', () => {
  configurator?.setAttribute('product', product.value);
  remember();
});
lang?.addEventListener('change', () => {
  configurator?.setAttribute('lang', lang.value);
  remember();
});

configurator?.addEventListener('cpq-change', () => {
  add.disabled = true;
});
configurator?.addEventListener('cpq-price', (e) => {
  last = (e as CustomEvent<Priced>).detail;
});
configurator?.addEventListener('cpq-valid', () => {
  if (!last?.result) return;
  offer.textContent = `${last.quantity} × ${product?.selectedOptions[0]?.text}: ${money(last.result.totals.price, last.result.totals.currency)}`;
  add.disabled = false;
});
configurator?.addEventListener('cpq-invalid', () => {
  offer.textContent = 'Complete the configuration to add it to the cart.';
  add.disabled = true;
});

add.addEventListener('click', () => {
  if (!last?.result) return;
  const item = document.createElement('li');
  const details = Object.entries(last.configuration)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  item.textContent = `${offer.textContent}${details ? ` (${details})` : ''}`;
  item.dataset.configuration = JSON.stringify(last.configuration);
  cart.append(item);
  empty.hidden = true;
});

// The configurator's "Request a quote" (attribute request-quote): a storefront would thank the buyer, keep the
// number, and point to the request's status page (link: null when there is none).
const quoted = document.getElementById('quoted')!;
configurator?.addEventListener('cpq-quote', (e) => {
  const { number, link } = (e as CustomEvent<{ number: string; link: string | null }>).detail;
  quoted.textContent = `Quote ${number} requested.`;
  if (link) {
    const follow = document.createElement('a');
    follow.href = link;
    follow.textContent = 'Follow it here';
    quoted.append(' ', follow);
  }
  quoted.hidden = false;
});
