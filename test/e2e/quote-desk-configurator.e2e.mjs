// The quote desk's configurator and the list's filters in Chromium (docs/backoffice.md): an item configured with the
// storefront's own <cpq-configurator> (its defaults, a field's error holding the button back, the live price)
// and added; another replaced by a different product; then the list filtered by product and creation day, the
// filters in the address, the CSV export following them, and a day that is not one shown under its field.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { adminApi, BASE, launch, shot, signedInPage, watchErrors } from './browser.mjs';

const STORE = 'e2e-desk-configurator';
const SCHEMA = readFileSync('examples/shelving.cpq', 'utf8');
let browser;

before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'Configured Joinery', plan: 'enterprise' })).status, 201);
  for (const product of ['shelving', 'wall_rack']) {
    assert.equal((await adminApi('PUT', `/stores/${STORE}/products/${product}`, { schema: SCHEMA })).status, 201);
  }
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

const create = async (name) => {
  const made = await adminApi('POST', `/stores/${STORE}/quotes`, {
    items: [{ product_id: 'shelving', configuration: {} }],
    customer: { name },
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return made.body;
};

/** The panel of the <details> whose summary reads `summary`, within `scope`. */
const panelIn = (scope, summary) => scope.locator(`details:has(> summary:text-is("${summary}")) > .item-configurator`);

/** Waits until the panel's configurator has its form and no price request pending. */
async function settled(panel) {
  await panel.locator('cpq-configurator output.amount').waitFor();
  await panel.locator('cpq-configurator .summary.busy').waitFor({ state: 'detached' });
}

/** Waits until an input shows `value` (its property: the attribute stays what the markup said). */
async function showsValue(input, value) {
  for (let i = 0; i < 100 && (await input.inputValue().catch(() => null)) !== value; i++)
    await new Promise((r) => setTimeout(r, 100));
  assert.equal(await input.inputValue(), value);
}

/** Clicks a panel's button and waits for the page it reloads (with the flash the reload shows). */
async function reloadedBy(page, button) {
  await Promise.all([page.waitForEvent('load'), button.click()]);
  await page.locator('#quote-items-title').waitFor();
}

const itemRows = (page) => page.locator('#quote-items-title ~ .table-wrap tbody tr');

describe('the quote desk with the configurator', () => {
  it('adds an item configured in the form and replaces one with another product', async () => {
    const page = await signedInPage(browser);
    const errors = [];
    watchErrors(page, errors);
    const quote = await create('Cleo Config');
    await page.goto(`${BASE}/admin/stores/${STORE}/quotes/${quote.id}`);

    await page.click('summary:text-is("Add an item")');
    const add = panelIn(page, 'Add an item');
    await settled(add);
    // The form's defaults, as a storefront shows them.
    const shelves = add.locator('cpq-configurator [data-field="shelves_per_bay"] input');
    assert.equal(await shelves.inputValue(), '5');
    const button = add.locator('button:text-is("Add to quote")');
    assert.equal(await button.isEnabled(), true);
    const defaultPrice = await add.locator('cpq-configurator output.amount').innerText();

    // Out of bounds: the field's error, and nothing to add.
    await shelves.fill('12');
    await add.locator('cpq-configurator [data-field="shelves_per_bay"] .error:not([hidden])').waitFor();
    await settled(add);
    assert.equal(await button.isDisabled(), true);

    await shelves.fill('7');
    await add.locator('cpq-configurator input[part~="quantity"]').fill('2');
    await page.waitForFunction((old) => {
      const root = document.querySelector('.item-configurator cpq-configurator')?.shadowRoot;
      return root && !root.querySelector('.summary.busy') && root.querySelector('output.amount')?.textContent !== old;
    }, defaultPrice);
    await page.waitForFunction(() => !document.querySelector('.item-configurator .ic-submit').disabled);
    const livePrice = await add.locator('cpq-configurator output.amount').innerText();
    await shot(page, 'quote-desk-configurator-01-add');
    await reloadedBy(page, button);
    assert.equal(await itemRows(page).count(), 2);
    let saved = (await adminApi('GET', `/stores/${STORE}/quotes/${quote.id}`)).body;
    assert.deepEqual(saved.items[1].configuration.shelves_per_bay, 7);
    assert.equal(saved.items[1].quantity, 2);
    assert.match(await itemRows(page).nth(1).innerText(), /shelving v1/);
    // The price the configurator showed is the item's (the same endpoints, the same version).
    const digits = (text) => text.replace(/\D/g, '');
    assert.equal(digits(livePrice), digits(await itemRows(page).nth(1).locator('td.num').nth(1).innerText()));

    // Replace: the panel starts from the item's configuration and quantity; another product starts from its defaults.
    const row = itemRows(page).nth(1);
    await row.locator('summary:text-is("Replace")').click();
    const replace = panelIn(row, 'Replace');
    await settled(replace);
    assert.equal(await replace.locator('cpq-configurator [data-field="shelves_per_bay"] input').inputValue(), '7');
    await replace.locator('select.ic-product').selectOption('wall_rack');
    await showsValue(replace.locator('cpq-configurator [data-field="shelves_per_bay"] input'), '5');
    await settled(replace);
    await replace.locator('cpq-configurator [data-field="height"] select').selectOption('h2500');
    await settled(replace);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.ic-submit')].some((b) => b.textContent === 'Replace item' && !b.disabled),
    );
    await reloadedBy(page, replace.locator('button:text-is("Replace item")'));
    assert.match(await itemRows(page).nth(1).innerText(), /wall_rack v1/);
    saved = (await adminApi('GET', `/stores/${STORE}/quotes/${quote.id}`)).body;
    assert.equal(saved.items.length, 2);
    assert.equal(saved.items[1].product_id, 'wall_rack');
    assert.equal(saved.items[1].configuration.height, 'h2500');
    await shot(page, 'quote-desk-configurator-02-replaced');
    assert.deepEqual(errors, []);
  });

  it('filters the list by product and creation day in the address, and exports what it shows', async () => {
    const page = await signedInPage(browser);
    const errors = [];
    watchErrors(page, errors);
    const shelving = await create('Filter Shelving');
    const rack = await create('Filter Rack');
    const replaced = await adminApi('PUT', `/stores/${STORE}/quotes/${rack.id}/items/${rack.items[0].id}`, {
      product_id: 'wall_rack',
      configuration: {},
    });
    assert.equal(replaced.status, 200);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

    await page.goto(`${BASE}/admin/stores/${STORE}/quotes`);
    await page.selectOption('#quote-product', 'wall_rack');
    await page.fill('#quote-from', today);
    await page.fill('#quote-to', today);
    await page.fill('#quote-search', 'Filter');
    await page.click('form.filters button:text-is("Show")');
    await page.waitForURL(/product=wall_rack/);
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('from'), today);
    assert.equal(url.searchParams.get('to'), today);
    const list = await page.locator('main').innerText();
    assert.ok(list.includes(rack.number), list);
    assert.ok(!list.includes(shelving.number), list);

    // The link reproduces the view.
    const again = await signedInPage(browser);
    await again.goto(url.toString());
    assert.equal(await again.inputValue('#quote-product'), 'wall_rack');
    assert.equal(await again.inputValue('#quote-from'), today);
    assert.ok((await again.locator('main').innerText()).includes(rack.number));

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a:text-is("Export CSV")')]);
    const rows = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    assert.deepEqual(
      rows.slice(1).map((r) => r.split(',')[0]),
      [rack.number],
    );

    await page.fill('#quote-from', tomorrow);
    await page.fill('#quote-to', tomorrow);
    await page.click('form.filters button:text-is("Show")');
    await page.waitForURL((u) => u.searchParams.get('from') === tomorrow);
    assert.match(await page.locator('main').innerText(), /No quotes here/);

    // A day that is not one, typed into the address: the page says so under the field.
    await page.goto(`${BASE}/admin/stores/${STORE}/quotes?to=2026-02-30`);
    assert.match(await page.locator('#quote-to-error').innerText(), /Not a day/);
    assert.equal(await page.getAttribute('#quote-to', 'aria-invalid'), 'true');
    await shot(page, 'quote-desk-configurator-03-filters');
    assert.deepEqual(
      errors.filter((e) => !e.includes('422')),
      [],
    );
  });
});
