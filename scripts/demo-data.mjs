// The demo store and its API key for local development; documented in README. Used by `npm run dev` and the e2e
// runner (test/e2e/run.mjs), which also serve the demo shop at /demo with them (vars DEMO_STORE, DEMO_KEY).
export const DEMO_STORE = 'demo';
export const DEMO_KEY = 'cpq_demo_key_for_local_development_only00000000';
/** A dealer portal's key: bound to the `dealer` customer group, so it prices the dealer lists (README). */
export const DEMO_DEALER_KEY = 'cpq_demo_dealer_key_for_local_development_00000';
const DEALER_PERMISSIONS = ['form:read', 'calculate', 'quote:read', 'quote:write'];

/**
 * The demo store's price lists, bases first: retail EUR is the model's numbers; CHF, GBP and USD derive from it
 * (a factor, and CHF to 0.05 as Swiss cash rounding, GBP to .99 endings); each dealer list is its market's retail
 * list less 30 %.
 */
export const DEMO_PRICE_LISTS = [
  { id: 'retail-eur', name: 'Retail EUR', currency: 'EUR', base: null, factor: '1', rounding: 'minor' },
  { id: 'retail-chf', name: 'Retail CHF', currency: 'CHF', base: 'retail-eur', factor: '0.95', rounding: '0.05' },
  { id: 'retail-gbp', name: 'Retail GBP', currency: 'GBP', base: 'retail-eur', factor: '0.86', rounding: '.99' },
  { id: 'retail-usd', name: 'Retail USD', currency: 'USD', base: 'retail-eur', factor: '1.1', rounding: 'minor' },
  ...['eur', 'chf', 'gbp', 'usd'].map((c) => ({
    id: `dealer-${c}`,
    name: `Dealer ${c.toUpperCase()}`,
    currency: c.toUpperCase(),
    base: `retail-${c}`,
    factor: '0.7',
    rounding: c === 'chf' ? '0.05' : 'minor',
  })),
];

/** The demo store's markets (DE the default), each with its retail and dealer list. */
export const DEMO_MARKETS = [
  ['de', 'Germany', 'EUR', ['DE', 'AT'], 'de-DE', '19'],
  ['ch', 'Switzerland', 'CHF', ['CH', 'LI'], 'de-CH', '8.1'],
  ['uk', 'United Kingdom', 'GBP', ['GB'], 'en-GB', '20'],
  ['us', 'United States', 'USD', ['US'], 'en-US', null],
].map(([id, name, currency, countries, language, rate]) => ({
  id,
  name,
  currency,
  countries,
  language,
  tax: rate === null ? null : { rate, prices: 'net' },
  price_lists: [
    { group: 'retail', list: `retail-${currency.toLowerCase()}` },
    { group: 'dealer', list: `dealer-${currency.toLowerCase()}` },
  ],
  default: id === 'de',
}));

export const DEMO_GROUPS = [{ id: 'dealer', name: 'Dealers' }];
/** What README promises the demo key: every permission a store's own systems use. */
const DEMO_PERMISSIONS = [
  'form:read',
  'calculate',
  'production:read',
  'schema:validate',
  'quote:read',
  'quote:write',
  'insights:read',
];

export function seedSql(keyHash, dealerKeyHash) {
  const now = Date.now();
  return [
    `INSERT OR IGNORE INTO stores (id, name, plan, created_at, updated_at) VALUES ('${DEMO_STORE}', 'Demo Windows & Doors', 'pro', ${now}, ${now});`,
    `INSERT OR IGNORE INTO api_keys (id, store_id, name, prefix, hash, permissions, created_at) VALUES ('key_demo', '${DEMO_STORE}', 'Demo key', '${DEMO_KEY.slice(0, 12)}', '${keyHash}', '${JSON.stringify(DEMO_PERMISSIONS)}', ${now});`,
    `INSERT OR IGNORE INTO api_keys (id, store_id, name, prefix, hash, permissions, created_at, customer_group) VALUES ('key_demo_dealer', '${DEMO_STORE}', 'Demo dealer key', '${DEMO_DEALER_KEY.slice(0, 12)}', '${dealerKeyHash}', '${JSON.stringify(DEALER_PERMISSIONS)}', ${now}, 'dealer');`,
  ].join(' ');
}

/** The key's KV record, as src/keys/store.ts reads it (the dealer key's with `dealer`). */
export function keyRecord(dealer = false) {
  return JSON.stringify({
    keyId: dealer ? 'key_demo_dealer' : 'key_demo',
    storeId: DEMO_STORE,
    permissions: dealer ? DEALER_PERMISSIONS : DEMO_PERMISSIONS,
    plan: 'pro',
    customerGroup: dealer ? 'dealer' : null,
    markets: null,
  });
}

/** The wrangler command that puts a key's record into local KV (extra: e.g. ['--persist-to', dir]). */
export function keySeedCommand(keyHash, extra = [], dealer = false) {
  return ['kv', 'key', 'put', '--local', ...extra, '--binding', 'KEYS', `key:${keyHash}`, keyRecord(dealer)];
}

/** The wrangler commands that seed the store and its keys into local state. */
export function seedCommands(keyHash, dealerKeyHash) {
  return [
    ['d1', 'execute', 'DB', '--local', '--command', seedSql(keyHash, dealerKeyHash)],
    keySeedCommand(keyHash),
    keySeedCommand(dealerKeyHash, [], true),
  ];
}

/**
 * Creates the demo store's dealer group, price lists and markets through the admin API (the store must exist),
 * each only when missing: what was changed in the backoffice since stays. Returns a line per thing, for the log.
 * `send` is fetch, or a test's stand-in with the same signature.
 */
export async function seedMarkets(base, adminToken, send = fetch) {
  const lines = [];
  const create = async (path, body) => {
    const res = await send(`${base}/api/admin/stores/${DEMO_STORE}/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => ({}));
    const state =
      res.status === 201 ? 'created' : res.status === 409 ? 'exists' : `FAILED ${res.status} ${JSON.stringify(answer)}`;
    lines.push(`  ${path} ${body.id}: ${state}`);
  };
  for (const group of DEMO_GROUPS) await create('customer-groups', group);
  for (const list of DEMO_PRICE_LISTS) await create('price-lists', list);
  for (const market of DEMO_MARKETS) await create('markets', market);
  return lines;
}

/** The Worker vars that turn on /demo. */
export const demoVars = () => [`DEMO_STORE:${DEMO_STORE}`, `DEMO_KEY:${DEMO_KEY}`];
