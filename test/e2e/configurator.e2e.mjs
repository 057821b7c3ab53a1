// <cpq-configurator> as a storefront embeds it, on the demo shop (/demo, the demo store and key of scripts/demo-data.mjs):
// every example renders; conditions apply within one animation frame and the price follows after the debounce;
// the component's field states equal the server's for random configurations; events, restoring a value, clear
// messages for a bad key, an unknown product and an unreachable server; axe-core finds nothing serious.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { DEMO_KEY, DEMO_STORE } from '../../scripts/demo-data.mjs';
import { adminApi, BASE, demoProducts, launch, shot, watchErrors } from './browser.mjs';

const EXAMPLES = readdirSync('examples')
  .filter((f) => f.endsWith('.cpq'))
  .map((f) => f.replace(/\.cpq$/, ''))
  .sort();
const TOTAL = 'cpq-configurator output.amount';

let browser;
let page;
const pageErrors = [];
const forms = new Map();

before(async () => {
  await demoProducts(EXAMPLES);
  for (const example of EXAMPLES) {
    forms.set(example, (await adminApi('GET', `/stores/${DEMO_STORE}/products/${example}/form`)).body);
  }
  browser = await launch();
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  watchErrors(page, pageErrors);
});

after(async () => {
  await browser?.close();
});

/** Waits until the component has no price request pending. */
const settled = () =>
  page.waitForFunction(() => !document.querySelector('cpq-configurator')?.shadowRoot?.querySelector('.summary.busy'));

/**
 * Opens the demo shop on a product and waits for its first price. A request still pending on the page before is
 * answered first: leaving aborts it, and the local server has answered a concurrent request with a 500 ("the
 * Worker's code had hung") when a request it shared work with was aborted.
 */
async function open(product) {
  if (page.url().startsWith(`${BASE}/demo`)) await settled().catch(() => {});
  await page.goto(`${BASE}/demo?product=${product}`);
  await page.locator(TOTAL).waitFor();
  await settled();
}

/** A random value for a field, inside its bounds and on its step. */
function randomValue(field) {
  const v = field.validation ?? {};
  switch (field.type) {
    case 'dropdown':
    case 'radio':
    case 'swatch':
      return field.options[Math.floor(Math.random() * field.options.length)].id;
    case 'checkbox':
      return Math.random() < 0.5;
    case 'multiselect': {
      // Some options, at most max_selected of them, in the options' order as the checkboxes send them.
      const max = v.max_selected ?? field.options.length;
      return field.options
        .filter(() => Math.random() < 0.5)
        .slice(0, max)
        .map((o) => o.id);
    }
    case 'number':
    case 'slider':
    case 'quantity': {
      if (field.presets?.length && Math.random() < 0.5) return field.presets[Math.floor(Math.random() * field.presets.length)];
      const min = v.min ?? 0;
      const max = v.max ?? min + 1000;
      const step = v.step ?? 1;
      return min + step * Math.floor((Math.random() * (max - min)) / step);
    }
    default:
      return undefined;
  }
}

describe('<cpq-configurator> on the demo shop', () => {
  for (const example of EXAMPLES) {
    it(`renders ${example}: a control for every field, in the form's layout, and a price`, async () => {
      const form = forms.get(example);
      await open(example);
      assert.equal(await page.locator(`cpq-configurator .form.layout-${form.layout}`).count(), 1);
      for (const field of form.groups.flatMap((g) => g.fields)) {
        const count = await page.locator(`cpq-configurator [data-field="${field.id}"]`).count();
        assert.equal(count, field.type === 'hidden' ? 0 : 1, `${field.id} (${field.type})`);
      }
      assert.match(await page.locator(TOTAL).textContent(), /\d/);
      await shot(page, `30-configurator-${example}`);
    });
  }

  it("switches product and language from the shop's own selects", async () => {
    await open('pvc-window');
    const shelving = forms
      .get('shelving')
      .groups.flatMap((g) => g.fields)
      .find((f) => f.type !== 'hidden');
    await page.selectOption('#product', 'shelving');
    await page.locator(`cpq-configurator [data-field="${shelving.id}"]`).waitFor();
    assert.equal(await page.locator('cpq-configurator [data-field="width"]').count(), 0, "the window's fields are gone");
    await page.selectOption('#lang', 'de');
    await page.locator('cpq-configurator .caps', { hasText: 'Gesamt' }).waitFor();
    assert.match(page.url(), /product=shelving&lang=de$/);
  });

  it('shows a dependent field within one animation frame, and the new price after the debounce', async () => {
    await open('pvc-window');
    const timing = await page.evaluate(async () => {
      const host = document.querySelector('cpq-configurator');
      const root = host.shadowRoot;
      const depth = root.querySelector('[data-field="sill_depth"]');
      const before = depth.hidden;
      const priced = new Promise((resolve) => host.addEventListener('cpq-price', (e) => resolve(e.detail), { once: true }));
      const start = performance.now();
      root.querySelector('[data-field="sill"] input').click();
      await new Promise((r) => requestAnimationFrame(r));
      const inFrame = !depth.hidden;
      const detail = await priced;
      return { before, inFrame, pricedAfter: performance.now() - start, lines: detail.result.lines.map((l) => l.id) };
    });
    assert.equal(timing.before, true, 'sill_depth starts hidden');
    assert.equal(timing.inFrame, true, 'sill_depth is shown by the next animation frame');
    assert.ok(timing.pricedAfter >= 250, `priced after the 250 ms debounce (${timing.pricedAfter} ms)`);
    assert.ok(timing.lines.includes('sill'), `the sill's price line is in the new price: ${timing.lines}`);
    await shot(page, '31-configurator-sill');
  });

  it('shows an adjusted default: four doors take the nearest width that fits them, priced, the width still unset', async () => {
    await open('sliding-wardrobe');
    const shown = await page.evaluate(async () => {
      const host = document.querySelector('cpq-configurator');
      const root = host.shadowRoot;
      const valid = new Promise((resolve) => host.addEventListener('cpq-valid', (e) => resolve(e.detail), { once: true }));
      root.querySelector('[data-field="door_count"] input[value="four"]').click();
      const detail = await valid;
      const width = root.querySelector('[data-field="width"]');
      return { configuration: detail.configuration, width: width.querySelector('input').value, adjusted: width.dataset.adjusted };
    });
    assert.deepEqual(shown.configuration, { door_count: 'four' }, 'the width is not sent: the server keeps deciding it');
    assert.equal(shown.width, '2400', 'the width the server priced with is shown');
    assert.equal(shown.adjusted, '2000', 'marked as an adjusted default, with the default it replaced');
  });

  it('works from the keyboard, with a visible focus', async () => {
    await open('pvc-window');
    // From the shop's language select, Tab enters the component: its first field.
    await page.locator('#lang').focus();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => {
      const active = document.activeElement?.shadowRoot?.activeElement;
      return { field: active?.closest('[data-field]')?.dataset.field, ring: getComputedStyle(active).boxShadow };
    });
    assert.equal(first.field, 'width');
    assert.notEqual(first.ring, 'none', 'the focused control shows a focus ring');
    await page.locator('cpq-configurator [data-field="sill"] input').focus();
    await page.keyboard.press('Space');
    await page.locator('cpq-configurator [data-field="sill_depth"]').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('cpq-configurator [data-field="sill_depth"] input[value="d225"]').isChecked(), true);
  });

  it('shows a multi-select as checkboxes in a fieldset: ticked from the keyboard, sent as a list, unavailable options greyed with the reason', async () => {
    await open('signage');
    const field = 'cpq-configurator [data-field="extras"]';
    const motionDisabled = (disabled) =>
      page.waitForFunction(
        (want) =>
          document.querySelector('cpq-configurator').shadowRoot.querySelector('[data-field="extras"] input[value="motion"]')
            ?.disabled === want,
        disabled,
      );
    const reason = () => page.locator(`${field} label:has(input[value="motion"]) .reason`).textContent();
    await page.locator('cpq-configurator [data-field="illumination"] input[value="front"]').check();
    // Studs is the default: the buyer sets it by choosing rail and then studs again.
    await page.locator('cpq-configurator [data-field="mounting"] input[value="rail"]').check();
    await page.locator('cpq-configurator [data-field="mounting"] input[value="studs"]').check();
    await page.locator(field).waitFor();
    assert.equal(await page.locator(`${field} fieldset legend`).count(), 1, 'the options are a fieldset with a legend');
    assert.equal(await page.locator(`${field} input[type="checkbox"]`).count(), 3);
    // With studs the motion sensor has nothing to sit on: /v1/configure says so, with the reason beside it.
    await motionDisabled(true);
    assert.match(await reason(), /Motion sensor/);
    const changed = page.evaluate(
      () =>
        new Promise((resolve) =>
          document.querySelector('cpq-configurator').addEventListener('cpq-change', (e) => resolve(e.detail), { once: true }),
        ),
    );
    await page.locator(`${field} input[value="dimmer"]`).focus();
    await page.keyboard.press('Space');
    assert.deepEqual((await changed).configuration.extras, ['dimmer']);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    assert.deepEqual((await page.evaluate(() => document.querySelector('cpq-configurator').value)).extras, ['dimmer', 'timer']);
    await settled();
    // Two ticked is max_selected: the third is greyed with the field's own "at most 2", whatever the mounting.
    await page.locator('cpq-configurator [data-field="mounting"] input[value="rail"]').check();
    await settled();
    await motionDisabled(true);
    assert.match(await reason(), /2/);
    // Unticking the timer leaves room, and on the rail the sensor has something to sit on.
    await page.locator(`${field} input[value="timer"]`).uncheck();
    await settled();
    await motionDisabled(false);
    await shot(page, '37-configurator-multiselect');
  });

  it("gives the server's field states for random configurations (30 per example)", async () => {
    for (const example of EXAMPLES) {
      const form = forms.get(example);
      const inputs = form.groups.flatMap((g) => g.fields).filter((f) => f.type !== 'hidden');
      await open(example);
      for (let round = 0; round < 30; round++) {
        const config = {};
        for (const f of inputs) {
          const v = randomValue(f);
          if (v !== undefined && Math.random() < 0.8) config[f.id] = v;
        }
        // Read right after the change, before the server's answer (which the component would then apply).
        const read = (c) =>
          page.evaluate((c) => {
            const host = document.querySelector('cpq-configurator');
            host.value = c;
            const root = host.shadowRoot;
            return {
              shown: shownStatesInPage(root),
              sent: host.value,
              quantity: Number(root.querySelector('input[part~=quantity]').value),
            };
            function shownStatesInPage(r) {
              return [...r.querySelectorAll('[data-field]')].map((f) => ({
                id: f.dataset.field,
                visible: !f.hidden,
                enabled: !f.classList.contains('off'),
                required: !f.querySelector('.req').hidden,
              }));
            }
          }, c);
        let { shown, sent, quantity } = await read(config);
        const server = await adminApi('POST', `/stores/${DEMO_STORE}/products/${example}/calculate`, {
          configuration: sent,
          quantity,
        });
        assert.ok(server.body.states, JSON.stringify(server.body));
        // Soft defaults are the server's alone (docs/schema-language.md, "Effective values"): given the values it
        // adjusted as if the buyer had set them, the component's logic gives its states.
        if (server.body.adjusted) {
          const adjusted = Object.fromEntries(server.body.adjusted.map((a) => [a.field, a.value]));
          ({ shown } = await read({ ...sent, ...adjusted }));
        }
        const expected = server.body.states.fields.filter((f) => shown.some((s) => s.id === f.id));
        assert.deepEqual(
          shown.sort((a, b) => a.id.localeCompare(b.id)),
          expected.sort((a, b) => a.id.localeCompare(b.id)),
          `${example} with ${JSON.stringify(config)}`,
        );
      }
    }
  });

  it('fires cpq-change with the configuration and cpq-price with the calculation the API gives', async () => {
    await open('pvc-window');
    const events = await page.evaluate(async () => {
      const host = document.querySelector('cpq-configurator');
      const seen = [];
      for (const type of ['cpq-change', 'cpq-price', 'cpq-valid', 'cpq-invalid']) {
        document.addEventListener(type, (e) => seen.push({ type, detail: e.detail }));
      }
      const priced = new Promise((resolve) => host.addEventListener('cpq-valid', resolve, { once: true }));
      const width = host.shadowRoot.querySelector('[data-field="width"] input');
      width.value = '1500';
      width.dispatchEvent(new Event('input', { bubbles: true }));
      await priced;
      return seen;
    });
    const change = events.find((e) => e.type === 'cpq-change');
    assert.equal(change.detail.configuration.width, 1500);
    const price = events.find((e) => e.type === 'cpq-price');
    assert.equal(price.detail.configuration.width, 1500);
    const api = await fetch(`${BASE}/api/v1/calculate`, {
      method: 'POST',
      headers: { 'X-API-Key': DEMO_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenant_id: DEMO_STORE, product_id: 'pvc-window', configuration: { width: 1500 }, quantity: 1 }),
    });
    const expected = await api.json();
    assert.deepEqual(price.detail.result.totals, expected.result.totals);
    assert.ok(events.some((e) => e.type === 'cpq-valid'));
    // Screen readers hear the new total from a live region that stays in place.
    const live = await page.locator('cpq-configurator p[aria-live=polite]').textContent();
    assert.ok(live.startsWith(`Total: ${await page.locator(TOTAL).textContent()}`), live);
    // The shop's own script builds a cart from these events.
    await page.click('#add');
    const item = page.locator('#cart li');
    await item.waitFor();
    assert.equal(JSON.parse(await item.getAttribute('data-configuration')).width, 1500);
    await shot(page, '32-demo-cart');
  });

  it('announces an invalid configuration: no price, the field error, cpq-invalid', async () => {
    await open('pvc-window');
    const detail = await page.evaluate(async () => {
      const host = document.querySelector('cpq-configurator');
      const invalid = new Promise((resolve) => host.addEventListener('cpq-invalid', (e) => resolve(e.detail), { once: true }));
      host.value = { width: 9000 };
      return invalid;
    });
    assert.equal(detail.errors[0].field, 'width');
    assert.equal(await page.locator(TOTAL).textContent(), '—');
    assert.ok(await page.locator('cpq-configurator [data-field="width"] .error').isVisible());
    assert.equal(await page.locator('#add').isDisabled(), true);
    await shot(page, '33-configurator-invalid');
  });

  it("uses a client's configure: greys out unavailable options with the server's reason, narrows numbers, prices from its calculation with output labels (an id made readable without one), units and texts", async () => {
    await open('pvc-window');
    const shown = await page.evaluate(
      async ({ key, store }) => {
        const host = document.querySelector('cpq-configurator');
        const call = (path, body) =>
          fetch(`/api/v1/${path}`, {
            method: body ? 'POST' : 'GET',
            headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
            body: body && JSON.stringify({ tenant_id: store, product_id: 'pvc-window', ...body }),
          }).then(async (r) => ({ status: r.status, body: await r.json() }));
        const seen = [];
        // A /v1/configure answer (issue 12's shape): the states, two options out, and the calculation's result.
        host.client = {
          form: (lang) => call(`products/pvc-window/form?tenant_id=${store}&lang=${lang ?? 'en'}`),
          calculate: () => Promise.reject(new Error('configure answers, calculate is not asked')),
          async configure(request) {
            seen.push(request.configuration);
            const priced = await call('calculate', request);
            const fields = [
              { id: 'width', visible: true, enabled: true, required: false, min: 400, max: 1500 },
              {
                id: 'colour',
                visible: true,
                enabled: true,
                required: false,
                options: [
                  { id: 'white', available: true, reasons: [] },
                  {
                    id: 'golden_oak',
                    available: false,
                    reasons: [{ rule: 'no_oak', message: 'Not in this size', line: 1, column: 1, because: {} }],
                  },
                ],
              },
              {
                id: 'glass',
                visible: true,
                enabled: true,
                required: false,
                options: [
                  {
                    id: 'double',
                    available: false,
                    reasons: [{ rule: 'passive', message: 'Passive house', line: 1, column: 1, because: {} }],
                  },
                ],
              },
            ];
            // With what newer servers add to a result: a per-order line, output labels and units, a text item.
            const result = priced.body.result;
            const calculation = {
              ...result,
              lines: [...result.lines, { id: 'delivery', kind: 'line', per: 'order', label: 'Delivery', amount: 25 }],
              totals: { ...result.totals, charges: 25 },
              output_info: {
                weight: {
                  label: 'Shipping weight',
                  internal: false,
                  items: { weight_kg: { label: 'Weight', unit: 'kg', type: 'number' } },
                },
              },
              texts: { weight: { note: 'Handle with care' } },
            };
            return { status: 200, body: { complete: true, fields, groups: [], errors: [], warnings: [], calculation } };
          },
        };
        await new Promise((resolve) => host.addEventListener('cpq-valid', resolve, { once: true }));
        const root = host.shadowRoot;
        const oak = root.querySelector('[data-field="colour"] input[value="golden_oak"]');
        const double = root.querySelector('[data-field="glass"] option[value="double"]');
        return {
          seen,
          oakDisabled: oak.disabled,
          oakReason: oak.closest('label').querySelector('[part=reason]').textContent,
          whiteDisabled: root.querySelector('[data-field="colour"] input[value="white"]').disabled,
          doubleDisabled: double.disabled,
          doubleText: double.textContent,
          total: root.querySelector('output.amount').textContent,
          outputs: [...root.querySelectorAll('table')].map((t) => t.textContent),
          widthMax: root.querySelector('[data-field="width"] input').max,
          widthHint: root.querySelector('[data-field="width"] [part=hint]').textContent,
        };
      },
      { key: DEMO_KEY, store: DEMO_STORE },
    );
    assert.deepEqual(shown.seen.at(-1), {}, 'only what the buyer set is sent: nothing yet');
    assert.equal(shown.oakDisabled, true);
    assert.equal(shown.oakReason, 'Not in this size');
    assert.equal(shown.whiteDisabled, false);
    assert.equal(shown.doubleDisabled, true);
    assert.match(shown.doubleText, /\(Passive house\)$/);
    assert.match(shown.total, /€/);
    assert.equal(shown.widthMax, '1500', "a number narrowed to the server's completable range");
    assert.ok(
      shown.outputs.some((t) => t.includes('Delivery (once per order)') && t.includes('Subtotal')),
      shown.outputs.join(' | '),
    );
    const weight = shown.outputs.find((t) => t.startsWith('Shipping weight'));
    assert.match(weight, /Weight[\d.,]+ kg/);
    // The text item has no label in output_info: its id made readable, never the raw id.
    assert.match(weight, /NoteHandle with care/);
    assert.match(shown.widthHint, /^400 – 1,500 mm/);
    await shot(page, '35-configurator-unavailable-options');
  });

  it('asks a form that leaves availability to the server for a compact answer, explaining the field changed last, and greys out the options not available', async () => {
    await open('pvc-window');
    const shown = await page.evaluate(
      async ({ key, store }) => {
        const host = document.querySelector('cpq-configurator');
        const call = (path, body) =>
          fetch(`/api/v1/${path}`, {
            method: body ? 'POST' : 'GET',
            headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
            body: body && JSON.stringify({ tenant_id: store, product_id: 'pvc-window', ...body }),
          }).then(async (r) => ({ status: r.status, body: await r.json() }));
        const seen = [];
        const answers = [];
        const priced = () => new Promise((resolve) => host.addEventListener('cpq-price', resolve, { once: true }));
        // The form as a large model's: no option carries available_when, the server alone says which are available.
        host.client = {
          async form(lang) {
            const form = await call(`products/pvc-window/form?tenant_id=${store}&lang=${lang ?? 'en'}`);
            for (const g of form.body.groups) for (const f of g.fields) for (const o of f.options ?? []) delete o.available_when;
            return { ...form, body: { ...form.body, option_availability: 'configure' } };
          },
          calculate: () => Promise.reject(new Error('configure answers, calculate is not asked')),
          async configure(request) {
            seen.push({ compact: request.compact, explain: request.explain });
            const answer = await call('configure', request);
            answers.push(answer.status);
            // The server's compact answer, with white taken off the colours: it is greyed out, without a reason.
            const colour = answer.body.fields.find((f) => f.id === 'colour');
            if (colour?.available) colour.available = colour.available.filter((id) => id !== 'white');
            return answer;
          },
        };
        await priced();
        const root = host.shadowRoot;
        const select = root.querySelector('[data-field="glass"] select');
        select.value = 'double';
        select.dispatchEvent(new Event('change'));
        await priced();
        const white = root.querySelector('[data-field="colour"] input[value="white"]');
        return {
          seen,
          answers,
          whiteDisabled: white.disabled,
          whiteReason: white.closest('label').querySelector('[part=reason]').textContent,
          othersDisabled: [...root.querySelectorAll('[data-field="colour"] input')].filter(
            (i) => i.value !== 'white' && i.disabled,
          ).length,
        };
      },
      { key: DEMO_KEY, store: DEMO_STORE },
    );
    assert.deepEqual(
      shown.answers,
      shown.answers.map(() => 200),
      'the server takes the compact request',
    );
    assert.deepEqual(shown.seen[0], { compact: true, explain: [] });
    assert.deepEqual(shown.seen.at(-1), { compact: true, explain: ['glass'] });
    assert.equal(shown.whiteDisabled, true);
    assert.equal(shown.whiteReason, 'not available');
    assert.equal(shown.othersDisabled, 0);
  });

  it('restores a saved configuration from the value attribute, and gives it back', async () => {
    await open('pvc-window');
    const saved = { width: 1400, height: 1300, sashes: 'double', colour: 'anthracite', sill: true, sill_depth: 'd225' };
    const restored = await page.evaluate(
      async ({ saved, key, store }) => {
        document.querySelector('cpq-configurator').remove();
        const host = document.createElement('cpq-configurator');
        for (const [k, v] of Object.entries({ api: '/api', tenant: store, product: 'pvc-window', 'api-key': key, quantity: '2' }))
          host.setAttribute(k, v);
        host.setAttribute('value', JSON.stringify(saved));
        const priced = new Promise((resolve) => host.addEventListener('cpq-price', (e) => resolve(e.detail), { once: true }));
        document.querySelector('.shop').append(host);
        const detail = await priced;
        return {
          value: host.value,
          sent: detail.configuration,
          quantity: detail.quantity,
          width: host.shadowRoot.querySelector('[data-field="width"] input').value,
        };
      },
      { saved, key: DEMO_KEY, store: DEMO_STORE },
    );
    assert.deepEqual(restored.value, saved);
    assert.deepEqual(restored.sent, saved);
    assert.equal(restored.quantity, 2);
    assert.equal(restored.width, '1400');
  });

  for (const [name, attrs, message] of [
    ['a bad key', { 'api-key': 'cpq_not_a_real_key' }, /API key was refused/],
    ['an unknown product', { product: 'no-such-product' }, /does not exist/],
    ['an unreachable server', { api: '/unreachable/api' }, /cannot reach the server/],
  ]) {
    it(`shows a clear message for ${name}, not a blank box`, async () => {
      // A connection that fails, as when the network is down.
      await page.route('**/unreachable/**', (route) => route.abort('connectionrefused'));
      await open('pvc-window');
      await page.evaluate((a) => {
        const host = document.querySelector('cpq-configurator');
        for (const [k, v] of Object.entries(a)) host.setAttribute(k, v);
      }, attrs);
      const box = page.locator('cpq-configurator [part=message]:visible');
      await box.waitFor();
      assert.match(await box.textContent(), message);
      assert.equal(await box.getAttribute('role'), 'alert');
      assert.equal(await page.locator(TOTAL).count(), 0, 'no price of the earlier product stays on screen');
      assert.equal(await page.locator('#add').isDisabled(), true, 'cpq-invalid told the shop');
      await shot(page, `34-configurator-${name.replaceAll(' ', '-')}`);
    });
  }

  it("aborts a client's requests in flight when it leaves the page, and drops their answers", async () => {
    await open('pvc-window');
    const seen = await page.evaluate(
      async ({ key, store }) => {
        const host = document.querySelector('cpq-configurator');
        const call = (path) =>
          fetch(`/api/v1/${path}`, { headers: { 'X-API-Key': key } }).then(async (r) => ({
            status: r.status,
            body: await r.json(),
          }));
        let asked;
        const signals = new Promise((resolve) => {
          asked = resolve;
        });
        const events = [];
        for (const type of ['cpq-price', 'cpq-valid', 'cpq-invalid']) host.addEventListener(type, () => events.push(type));
        // A server that never answers the price: the request stays in flight until its signal aborts it.
        host.client = {
          form: (lang) => call(`products/pvc-window/form?tenant_id=${store}&lang=${lang ?? 'en'}`),
          calculate: (_request, signal) =>
            new Promise((resolve) => {
              asked(signal);
              signal?.addEventListener('abort', () => resolve({ status: 200, body: { result: null, errors: [], warnings: [] } }));
            }),
        };
        const signal = await signals;
        const before = signal?.aborted;
        host.remove();
        await new Promise((r) => setTimeout(r, 400));
        return { before, after: signal?.aborted, events, busy: host.shadowRoot.querySelector('.summary.busy') !== null };
      },
      { key: DEMO_KEY, store: DEMO_STORE },
    );
    assert.equal(seen.before, false, 'the price request was in flight');
    assert.equal(seen.after, true, 'leaving the page aborted it');
    assert.deepEqual(seen.events, [], 'its answer was dropped: no event after leaving');
  });

  it('aborts its own fetch of a price when it leaves the page, and asks again when put back', async () => {
    await open('pvc-window');
    // The price request is held here, never reaching the server, so that it is in flight when the element goes.
    let held;
    const heldRequest = new Promise((resolve) => {
      held = resolve;
    });
    await page.route('**/api/v1/configure', (route) => held(route));
    const failed = page.waitForEvent('requestfailed', (r) => r.url().endsWith('/api/v1/configure'));
    await page.locator('cpq-configurator [data-field="sill"] input').click();
    await heldRequest;
    await page.evaluate(() => {
      const host = document.querySelector('cpq-configurator');
      window.__place = [host, host.parentNode, host.nextSibling];
      host.remove();
    });
    const request = await failed;
    assert.match(request.failure()?.errorText ?? '', /ABORTED/i);
    await page.unroute('**/api/v1/configure');
    // Put back, it loads its form again and prices it.
    const priced = await page.evaluate(async () => {
      const [host, parent, next] = window.__place;
      const price = new Promise((resolve) => host.addEventListener('cpq-price', (e) => resolve(e.detail), { once: true }));
      parent.insertBefore(host, next);
      return (await price).configuration;
    });
    assert.equal(priced.sill, true, 'what the buyer set was kept and priced');
  });

  it('has no serious or critical axe-core violation on the demo page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const axePage = await context.newPage();
    await axePage.goto(`${BASE}/demo?product=pvc-window`);
    await axePage.locator(TOTAL).waitFor();
    await axePage.addScriptTag({ content: readFileSync('node_modules/axe-core/axe.min.js', 'utf8') });
    const violations = await axePage.evaluate(async () => {
      const result = await window.axe.run(document);
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
    });
    const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(bad, [], JSON.stringify(violations, null, 2));
    await context.close();
  });

  it('ran without script errors', () => {
    assert.deepEqual(
      pageErrors.filter((e) => !e.includes('net::ERR_CONNECTION_REFUSED')),
      [],
    );
  });
});
