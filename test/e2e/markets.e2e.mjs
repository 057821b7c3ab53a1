// Markets on the storefront side (issue 45, item 4): the demo data's markets and lists (scripts/demo-data.mjs)
// seeded through the admin API, the demo shop's market switch, the component's own switch (`market-switch`) and
// a dealer key, in Chromium; and `cpq price --store --market --group` against the same store. Runs after the
// configurator suites (suite-order.mjs), which expect the demo store without markets, and removes what it seeded.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { CLI } from '../../scripts/build-cli.mjs';
import { DEMO_DEALER_KEY, DEMO_KEY, DEMO_MARKETS, DEMO_PRICE_LISTS, DEMO_STORE, seedMarkets } from '../../scripts/demo-data.mjs';
import { ADMIN_TOKEN, adminApi, BASE, demoProducts, launch, shot, watchErrors } from './browser.mjs';

const TOTAL = 'cpq-configurator output.amount';
const CONFIG = { width: 1200, height: 1400, sashes: 'double' };
let browser;
let page;
const pageErrors = [];

before(async () => {
  await demoProducts(['pvc-window']);
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchErrors(page, pageErrors);
  // The component's price events bubble out of its shadow root: the last one of each page, for the amounts.
  await page.addInitScript(() => {
    document.addEventListener('cpq-price', (e) => {
      window.lastPriced = e.detail;
    });
  });
});

after(async () => {
  await browser?.close();
  // The default market last (it goes only once alone), dealer lists before the retail lists they derive from.
  for (const m of [...DEMO_MARKETS].reverse()) await adminApi('DELETE', `/stores/${DEMO_STORE}/markets/${m.id}`);
  for (const l of [...DEMO_PRICE_LISTS].reverse()) await adminApi('DELETE', `/stores/${DEMO_STORE}/price-lists/${l.id}`);
  await adminApi('DELETE', `/stores/${DEMO_STORE}/customer-groups/dealer`);
});

const settled = () =>
  page.waitForFunction(() => !document.querySelector('cpq-configurator')?.shadowRoot?.querySelector('.summary.busy'));
const cents = (amount) => Math.round(amount * 100);
/** The last price the component showed: its currency and the frame line (a base_price cell, a price point). */
async function priced() {
  await settled();
  const p = await page.evaluate(() => window.lastPriced);
  return {
    currency: p.result.totals.currency,
    frame: p.result.lines.find((l) => l.id === 'frame').amount,
    total: await page.locator(TOTAL).textContent(),
  };
}
/** Sets the configuration (as a storefront restoring one does) and waits for its price. */
async function configure() {
  await page.evaluate((c) => {
    document.querySelector('cpq-configurator').value = c;
  }, CONFIG);
  await page.waitForFunction(() => window.lastPriced?.configuration?.sashes === 'double');
  return priced();
}

describe('demo data', () => {
  it('seeds the dealer group, eight lists and four markets once; again, everything exists', async () => {
    const first = await seedMarkets(BASE, ADMIN_TOKEN);
    assert.equal(first.length, 1 + DEMO_PRICE_LISTS.length + DEMO_MARKETS.length);
    assert.ok(
      first.every((l) => / (created|exists)$/.test(l)),
      first.join('\n'),
    );
    const again = await seedMarkets(BASE, ADMIN_TOKEN);
    assert.ok(
      again.every((l) => l.endsWith(': exists')),
      again.join('\n'),
    );
    const res = await fetch(`${BASE}/api/v1/markets?tenant_id=${DEMO_STORE}`, { headers: { 'X-API-Key': DEMO_KEY } });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.deepEqual(
      body.markets.map((m) => [m.id, m.currency]),
      [
        ['ch', 'CHF'],
        ['de', 'EUR'],
        ['uk', 'GBP'],
        ['us', 'USD'],
      ],
    );
    assert.equal(body.markets.find((m) => m.default)?.id, 'de');
  });
});

describe('the demo shop', () => {
  it('switches markets: the price changes currency, CHF amounts on 0.05, GBP on .99', async () => {
    await page.goto(`${BASE}/demo?product=pvc-window`);
    await page.locator(TOTAL).waitFor();
    await page.locator('#market').waitFor();
    assert.deepEqual(await page.locator('#market option').evaluateAll((os) => os.map((o) => o.value)), ['ch', 'de', 'uk', 'us']);
    assert.equal(await page.locator('#market').inputValue(), 'de');
    const eur = await configure();
    assert.equal(eur.currency, 'EUR');
    assert.match(eur.total, /€/);

    await page.selectOption('#market', 'ch');
    await page.waitForFunction(() => window.lastPriced?.result?.totals.currency === 'CHF');
    const chf = await priced();
    assert.match(chf.total, /CHF/);
    assert.equal(cents(chf.frame) % 5, 0, `CHF frame ${chf.frame}`);
    // retail-chf: the model's EUR × 0.95, to 0.05.
    assert.equal(cents(chf.frame), Math.round((cents(eur.frame) * 0.95) / 5) * 5);
    assert.match(page.url(), /market=ch/);
    await shot(page, '60-demo-market-ch');

    await page.selectOption('#market', 'uk');
    await page.waitForFunction(() => window.lastPriced?.result?.totals.currency === 'GBP');
    const gbp = await priced();
    assert.match(gbp.total, /£/);
    assert.equal(cents(gbp.frame) % 100, 99, `GBP frame ${gbp.frame}`);

    await page.selectOption('#market', 'us');
    await page.waitForFunction(() => window.lastPriced?.result?.totals.currency === 'USD');
    assert.match((await priced()).total, /\$/);
    // The link keeps the market: a reload opens in it.
    await page.reload();
    await page.locator(TOTAL).waitFor();
    assert.equal((await priced()).currency, 'USD');
  });
});

describe('<cpq-configurator market-switch>', () => {
  it("lists the key's markets, prices in the one chosen, and a dealer key prices the dealer list", async () => {
    await page.goto(`${BASE}/demo?product=pvc-window`);
    await page.locator(TOTAL).waitFor();
    await page.evaluate(() => document.querySelector('cpq-configurator').setAttribute('market-switch', ''));
    const select = page.locator('cpq-configurator select[part~="market"]');
    await select.waitFor();
    assert.deepEqual(await select.locator('option').evaluateAll((os) => os.map((o) => o.textContent)), [
      'Switzerland (CHF)',
      'Germany (EUR)',
      'United Kingdom (GBP)',
      'United States (USD)',
    ]);
    await configure();
    const chosen = page.evaluate(
      () => new Promise((resolve) => document.addEventListener('cpq-market', (e) => resolve(e.detail), { once: true })),
    );
    await select.selectOption('ch');
    assert.deepEqual(await chosen, { market: 'ch' });
    await page.waitForFunction(() => window.lastPriced?.result?.totals.currency === 'CHF');
    const retail = await priced();
    // English for the Swiss region: CHF first, the apostrophe grouping of en-CH.
    assert.match(retail.total, /^CHF\s/);
    assert.equal(await page.locator('cpq-configurator').getAttribute('market'), 'ch');
    // What the buyer set survived the switch.
    assert.equal((await page.evaluate(() => window.lastPriced.configuration)).sashes, 'double');

    await page.evaluate((key) => document.querySelector('cpq-configurator').setAttribute('api-key', key), DEMO_DEALER_KEY);
    await page.waitForFunction(
      (frame) => window.lastPriced?.result?.lines.find((l) => l.id === 'frame')?.amount !== frame,
      retail.frame,
    );
    const dealer = await priced();
    assert.equal(dealer.currency, 'CHF');
    // dealer-chf: retail CHF × 0.7, to 0.05.
    assert.equal(cents(dealer.frame), Math.round((cents(retail.frame) * 0.7) / 5) * 5);
    await shot(page, '61-component-market-switch-dealer');
    assert.deepEqual(pageErrors, []);
  });
});

describe('cpq price --store', () => {
  it("prices the file in the store's market and group, saying list and version", () => {
    const { NO_COLOR: _, ...env } = process.env;
    const args = ['price', 'examples/pvc-window.cpq', '--config', JSON.stringify(CONFIG), '--store', DEMO_STORE];
    const run = (extra) =>
      spawnSync(process.execPath, [CLI, ...args, ...extra, '--url', BASE], {
        env: { ...env, CPQ_ADMIN_TOKEN: ADMIN_TOKEN },
        encoding: 'utf8',
      });
    const retail = run(['--market', 'ch']);
    assert.equal(retail.status, 0, retail.stderr);
    const r = JSON.parse(retail.stdout);
    assert.deepEqual(r.pricing, {
      market: 'ch',
      group: 'retail',
      currency: 'CHF',
      list: { id: 'retail-chf', version: 1, name: 'Retail CHF' },
    });
    const dealer = JSON.parse(run(['--market', 'ch', '--group', 'dealer']).stdout);
    assert.equal(dealer.pricing.list.id, 'dealer-chf');
    const frame = (b) => b.result.lines.find((l) => l.id === 'frame').amount;
    assert.equal(cents(frame(dealer)), Math.round((cents(frame(r)) * 0.7) / 5) * 5);
    const unknown = run(['--market', 'fr']);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /has no market "fr"/);
  });
});
