// Issue 35, item 4: <cpq-configurator> on the demo shop gives its first price without waiting for the input debounce,
// and offers "Request a quote" only while the configuration prices.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, demoProducts, launch, shot, watchErrors } from './browser.mjs';

const PRODUCTS = ['pvc-window', 'shelving', 'office-desk'];
const LOADS = 5;
/**
 * The old behaviour waited out the input debounce (250 ms, pricing.ts's DEBOUNCE_MS) before the first price request.
 * The check is on when that request leaves the page after the form, which is the component's own doing, not on
 * when its answer comes back, which depends on how busy the machine is (a median of 262 ms was once measured with
 * three suites side by side on 2 CPUs, 22–38 ms alone): timing targets are the benchmarks' business.
 */
const DEBOUNCE_MS = 250;

let browser;
let page;
const pageErrors = [];

before(async () => {
  await demoProducts(PRODUCTS);
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchErrors(page, pageErrors);
  // Timestamps of the component's first form (its first cpq-change comes right after the form is shown), of the
  // price requests it sends and of its first price, on the page's own clock, recorded before its script runs.
  await page.addInitScript(() => {
    const seen = { requests: [] };
    window.cpqTimes = seen;
    for (const type of ['cpq-change', 'cpq-price']) {
      document.addEventListener(type, () => {
        seen[type] ??= performance.now();
      });
    }
    const send = window.fetch;
    window.fetch = function (input, init) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (/\/v1\/(configure|calculate)\b/.test(url)) seen.requests.push(performance.now());
      return send.call(this, input, init);
    };
  });
});

after(async () => {
  await browser?.close();
});

/**
 * Loads the demo shop on a product: how long after its form the first price request was sent and the first price
 * came, and the first price after the navigation (ms).
 */
async function firstPrice(product) {
  await page.goto(`${BASE}/demo?product=${product}`);
  await page.waitForFunction(() => window.cpqTimes['cpq-price'] !== undefined);
  const times = await page.evaluate(() => window.cpqTimes);
  const form = times['cpq-change'];
  const sent = times.requests.find((t) => t >= form);
  assert.ok(sent !== undefined, `${product}: a price request after the form`);
  return { sentAfterForm: sent - form, afterForm: times['cpq-price'] - form, afterNavigation: times['cpq-price'] };
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

describe('<cpq-configurator> gives fast feedback', () => {
  it('asks for the first price as soon as the form is shown, without the input debounce', async () => {
    // The first load of each product compiles and warms the server's caches; the buyer's loads come after.
    for (const product of PRODUCTS) await firstPrice(product);
    const measured = {};
    for (const product of PRODUCTS) {
      const loads = [];
      for (let i = 0; i < LOADS; i++) loads.push(await firstPrice(product));
      measured[product] = Object.fromEntries(
        ['sentAfterForm', 'afterForm', 'afterNavigation'].map((k) => [k, loads.map((l) => Math.round(l[k]))]),
      );
    }
    // The figures a buyer sees, for the record (docs/configurator.md); not a bound.
    console.log(`first price, ms (${LOADS} loads each): ${JSON.stringify(measured)}`);
    for (const [product, { sentAfterForm }] of Object.entries(measured)) {
      assert.ok(
        sentAfterForm.every((ms) => ms < DEBOUNCE_MS),
        `${product}: the first price request left ${sentAfterForm.join(', ')} ms after the form`,
      );
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
