// Issue 35, item 4: <cpq-configurator> on the demo shop gives its first price without waiting for the input debounce,
// and offers "Request a quote" only while the configuration prices.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, demoProducts, launch, shot, watchErrors } from './browser.mjs';

const PRODUCTS = ['pvc-window', 'shelving', 'office-desk'];
const LOADS = 5;
/**
 * The bound on the first price after the form (median of the loads). The issue asks for 300 ms; the old behaviour
 * waited out the 250 ms input debounce first and measured 261–272 ms here, so the bound is below 250 ms, where it
 * cannot pass with a debounce, and yet several times what a price request takes on a busy localhost (15–160 ms).
 */
const FIRST_PRICE_MS = 240;

let browser;
let page;
const pageErrors = [];

before(async () => {
  await demoProducts(PRODUCTS);
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchErrors(page, pageErrors);
  // Timestamps of the component's first form (its first cpq-change comes right after the form is shown) and of
  // its first price, on the page's own clock, recorded from before the component's script runs.
  await page.addInitScript(() => {
    const seen = {};
    window.cpqTimes = seen;
    for (const type of ['cpq-change', 'cpq-price']) {
      document.addEventListener(type, () => {
        seen[type] ??= performance.now();
      });
    }
  });
});

after(async () => {
  await browser?.close();
});

/** Loads the demo shop on a product: how long after its form the first price came, and after the navigation (ms). */
async function firstPrice(product) {
  await page.goto(`${BASE}/demo?product=${product}`);
  await page.waitForFunction(() => window.cpqTimes['cpq-price'] !== undefined);
  const times = await page.evaluate(() => window.cpqTimes);
  return { afterForm: times['cpq-price'] - times['cpq-change'], afterNavigation: times['cpq-price'] };
}

/** Sets the component's value and waits for the answer's event. */
const restore = (value, event) =>
  page.evaluate(
    ({ value, event }) =>
      new Promise((resolve) => {
        const host = document.querySelector('cpq-configurator');
        host.addEventListener(event, resolve, { once: true });
        host.value = value;
      }),
    { value, event },
  );

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

describe('<cpq-configurator> gives fast feedback', () => {
  it(`shows the first price within ${FIRST_PRICE_MS} ms of the form on localhost`, async () => {
    // The first load of each product compiles and warms the server's caches; the buyer's loads come after.
    for (const product of PRODUCTS) await firstPrice(product);
    const measured = {};
    for (const product of PRODUCTS) {
      const loads = [];
      for (let i = 0; i < LOADS; i++) loads.push(await firstPrice(product));
      measured[product] = {
        afterForm: loads.map((l) => Math.round(l.afterForm)),
        afterNavigation: loads.map((l) => Math.round(l.afterNavigation)),
      };
    }
    console.log(`first price, ms (${LOADS} loads each): ${JSON.stringify(measured)}`);
    for (const [product, { afterForm }] of Object.entries(measured)) {
      assert.ok(median(afterForm) <= FIRST_PRICE_MS, `${product}: median ${median(afterForm)} ms of ${afterForm.join(', ')}`);
    }
  });

  it('offers "Request a quote" only while the configuration prices, and says why not', async () => {
    await page.goto(`${BASE}/demo?product=pvc-window`);
    const open = page.locator('cpq-configurator button.open');
    await page.waitForFunction(() => window.cpqTimes['cpq-price'] !== undefined);
    assert.equal(await open.isEnabled(), true, 'a priced configuration may be quoted');

    const state = () =>
      page.evaluate(() => {
        const root = document.querySelector('cpq-configurator').shadowRoot;
        const button = root.querySelector('button.open');
        const reason = root.getElementById(button.getAttribute('aria-describedby') ?? '');
        return {
          disabled: button.disabled,
          fields: !root.querySelector('.quote-fields').hidden,
          reason: reason && !reason.hidden ? reason.textContent : null,
        };
      });
    await open.click();
    assert.equal((await state()).fields, true, 'the name and email open');
    await restore({ width: 9000 }, 'cpq-invalid');
    assert.deepEqual(await state(), {
      disabled: true,
      fields: false,
      reason: 'No price until the configuration is complete',
    });
    await shot(page, '38-configurator-no-quote');

    await restore({ width: 1200 }, 'cpq-valid');
    assert.deepEqual(await state(), { disabled: false, fields: false, reason: null });
  });

  it('ran without script errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
