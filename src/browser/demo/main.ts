// The demo shop (/demo, src/demo/): switches products, languages and markets, and builds a cart from the
// configurator's events, as a storefront would.
import type { Market } from '../configurator/form';
import { moneyLocale } from '../configurator/markets';

const configurator = document.getElementById('configurator');
const product = document.getElementById('product') as HTMLSelectElement | null;
const lang = document.getElementById('lang') as HTMLSelectElement | null;
const market = document.getElementById('market') as HTMLSelectElement | null;
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
let markets: Market[] = [];

/** As the configurator writes it: the shop's language for the market's region (de-CH's CH). */
const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(
    moneyLocale(
      lang?.value ?? 'en',
      markets.find((m) => m.id === market?.value),
    ),
    { style: 'currency', currency },
  ).format(amount);

function remember() {
  const query = new URLSearchParams({ product: product?.value ?? '', lang: lang?.value ?? 'en' });
  if (market?.value) query.set('market', market.value);
  history.replaceState(null, '', `?${query}`);
}

/** The markets the shop's key may use (GET /v1/markets), as the switch's options; none: no switch. */
async function loadMarkets() {
  if (!configurator || !market) return;
  const attr = (name: string) => configurator.getAttribute(name) ?? '';
  const res = await fetch(`${attr('api')}/v1/markets?${new URLSearchParams({ tenant_id: attr('tenant') })}`, {
    headers: { 'X-API-Key': attr('api-key'), Accept: 'application/json' },
  }).catch(() => null);
  const body = res?.ok ? ((await res.json()) as { markets?: Market[] }) : null;
  markets = body?.markets ?? [];
  if (markets.length === 0) return;
  const chosen = configurator.getAttribute('market') ?? markets.find((m) => m.default)?.id ?? markets[0]!.id;
  for (const m of markets) market.append(new Option(`${m.name} (${m.currency})`, m.id, false, m.id === chosen));
  document.getElementById('markets')!.hidden = false;
}

market?.addEventListener('change', () => {
  configurator?.setAttribute('market', market.value);
  remember();
});
void loadMarkets();

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
