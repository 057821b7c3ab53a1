// Markets and price lists in Chromium (docs/backoffice.md, "Markets and price lists"): a pricing person's day.
// A list scheduled for next year is made in the form, a market gets this year's list and next year's for retail,
// a CSV with a bad row is refused with its line and column and changes nothing, a good one fills the grid, one
// price is edited in place (a refused amount shown under its own field), the export holds it, the diff against the
// list in force and the history say what changed and who did it, the list is renamed, and a key is bound to the
// dealer group and the market. axe-core finds nothing serious on any of the pages at 1280 and 390 px, and nothing
// scrolls sideways on the phone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, adminApi, BASE, launch, seriousViolations, shot, watchErrors } from './browser.mjs';

const STORE = 'e2e-prices';
const SCHEMA = readFileSync(new URL('../backoffice/gate.cpq', import.meta.url), 'utf8');
/** Next year's first day: the new list is scheduled, this year's is in force. */
const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-01-01`;
const BAD_CSV = 'product,price,value\ngate,gate_price[standard],420\ngate,gate_price[wide],4x0\n';
const GOOD_CSV = 'product,price,value\ngate,gate_price[standard],420\ngate,gate_price[wide],480\ngate,finish.green.price,49.90\n';
const LIST = `${BASE}/admin/stores/${STORE}/price-lists/ch-next`;
let browser;

before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'Gates & Fences', plan: 'enterprise' })).status, 201);
  const saved = await adminApi('PUT', `/stores/${STORE}/products/gate`, { schema: SCHEMA });
  assert.equal(saved.status, 201, JSON.stringify(saved.body));
  assert.equal((await adminApi('POST', `/stores/${STORE}/customer-groups`, { id: 'dealer', name: 'Dealers' })).status, 201);
  // This year's Swiss list: the model's prices × 0.95, one explicit entry.
  const now = { id: 'ch-now', name: 'Switzerland', currency: 'CHF', factor: '0.95', rounding: '0.05' };
  assert.equal((await adminApi('POST', `/stores/${STORE}/price-lists`, now)).status, 201);
  const entry = { version: 1, entries: [{ product: 'gate', price: 'gate_price[standard]', value: '400' }] };
  const patched = await adminApi('PATCH', `/stores/${STORE}/price-lists/ch-now/entries`, entry);
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

async function signedIn(viewport, bypassCSP = false) {
  const page = await (await browser.newContext({ viewport, bypassCSP })).newPage();
  await page.goto(`${BASE}/admin/login`);
  await page.fill('#token', ADMIN_TOKEN);
  await page.click('button[type=submit]');
  await page.waitForURL(`${BASE}/admin/stores`);
  return page;
}

const entries = async (list) =>
  (await adminApi('GET', `/stores/${STORE}/price-lists/${list}/entries?product=gate`)).body.rows.map((r) => [r.price, r.value]);

describe('markets and price lists', () => {
  it('walks a pricing day: a scheduled list, a market, a refused and a good CSV, the grid, diff, history and a bound key', async () => {
    const page = await signedIn({ width: 1280, height: 900 });
    const errors = [];
    watchErrors(page, errors);
    await page.goto(`${BASE}/admin/stores/${STORE}/overview`);
    await page.click('.tabs-nav a:has-text("Price lists")');
    await page.waitForURL(`${BASE}/admin/stores/${STORE}/price-lists`);

    // A list for next year, scheduled: the form, then its page.
    await page.fill('#new-list-id', 'ch-next');
    await page.fill('#new-list-name', 'Switzerland next year');
    await page.fill('#new-list-currency', 'CHF');
    await page.fill('#new-valid-from', NEXT_YEAR);
    await page.selectOption('#new-base', 'ch-now');
    await page.selectOption('#new-rounding', '0.05');
    await page.click('button:has-text("Create price list")');
    await page.waitForURL(LIST);
    assert.match(await page.locator('#list-title').innerText(), /Switzerland next year/);
    assert.match(await page.locator('dl.facts').innerText(), new RegExp(`from ${NEXT_YEAR}\\s+scheduled`));

    // A market selling in CHF with both lists for retail: this year's now, next year's from its first day.
    await page.click('.tabs-nav a:has-text("Markets")');
    await page.fill('#new-id', 'ch');
    await page.fill('#new-name', 'Switzerland');
    await page.fill('#new-currency', 'CHF');
    await page.fill('#new-language', 'de-CH');
    await page.fill('#new-countries', 'CH, LI');
    await page.fill('#new-tax-rate', '8.1');
    await page.selectOption('#new-tax-prices', 'gross');
    await page.selectOption('#assign-0-group', 'retail');
    await page.selectOption('#assign-0-list', 'ch-now');
    await page.selectOption('#assign-1-group', 'retail');
    await page.selectOption('#assign-1-list', 'ch-next');
    await page.click('button:has-text("Create market")');
    await page.waitForSelector('tr[data-market-id="ch"]');
    const row = await page.locator('tr[data-market-id="ch"]').innerText();
    assert.match(row, /Switzerland\s+Default/);
    assert.match(row, /CH, LI/);
    assert.match(row, /8\.1 % included/);
    const market = (await adminApi('GET', `/stores/${STORE}/markets/ch`)).body;
    assert.deepEqual(market.price_lists.map((a) => `${a.group}:${a.list}`).sort(), ['retail:ch-next', 'retail:ch-now']);
    await shot(page, 'price-lists-markets');

    // A market whose tax is left blank has none (null), as the API's, not a rate of 0.
    await page.fill('#new-id', 'li');
    await page.fill('#new-name', 'Liechtenstein');
    await page.fill('#new-currency', 'CHF');
    await page.click('button:has-text("Create market")');
    await page.waitForSelector('tr[data-market-id="li"]');
    assert.equal((await adminApi('GET', `/stores/${STORE}/markets/li`)).body.tax, null);
    assert.match(await page.locator('tr[data-market-id="li"]').innerText(), /none/);

    // A CSV with a bad amount on line 3: refused whole, with its line and column; nothing applied.
    await page.goto(LIST);
    await page.setInputFiles('#csv-file', { name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_CSV) });
    await page.click('button:has-text("Import CSV")');
    const problem = page.locator('#csv-import .line-errors li');
    await problem.first().waitFor();
    assert.match(await problem.first().innerText(), /^Line 3, column 3: /);
    assert.equal(await problem.count(), 1);
    assert.ok(
      (await entries('ch-next')).every(([, value]) => value === null),
      'nothing applied',
    );
    assert.equal((await adminApi('GET', `/stores/${STORE}/price-lists/ch-next`)).body.version, 1);
    await shot(page, 'price-lists-csv-refused');

    // The good file: the grid shows its amounts beside the model's.
    await page.setInputFiles('#csv-file', { name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD_CSV) });
    await page.click('button:has-text("Import CSV")');
    await page.waitForFunction(() => document.querySelector('#flash')?.textContent === 'CSV imported.');
    const wide = page.locator('#grid tr[data-price="gate_price[wide]"]');
    assert.match(await wide.locator('input.amount').inputValue(), /^480(\.00)?$/);
    const cells = (row) =>
      Promise.all(['Model', 'Effective', 'From'].map((label) => row.locator(`td[data-label="${label}"]`).innerText()));
    assert.deepEqual(await cells(wide), ['450', '480.00', 'this list']);
    // Galvanised has an entry in neither list: the model's number (0 × 0.95).
    assert.deepEqual(await cells(page.locator('#grid tr[data-price="finish.galvanised.price"]')), ['0', '0.00', 'the model']);

    // One price edited in place: only that row is sent, so a refusal of the first row sent lands under its own field.
    const green = page.locator('#grid tr[data-price="finish.green.price"]');
    await green.locator('input.amount').fill('52.123');
    await page.click('button:has-text("Save prices")');
    await green.locator('.field-error').waitFor();
    assert.equal(await green.locator('input.amount').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('#grid .field-error').count(), 1);
    await green.locator('input.amount').fill('52');
    await page.click('button:has-text("Save prices")');
    await page.waitForFunction(() => document.querySelector('#flash')?.textContent === 'Prices saved.');
    assert.deepEqual(await entries('ch-next'), [
      ['gate_price[standard]', '420.00'],
      ['gate_price[wide]', '480.00'],
      ['finish.galvanised.price', null],
      ['finish.green.price', '52.00'],
    ]);
    await shot(page, 'price-lists-grid');

    // Exported, the list reads as it was imported, the edit included.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a:has-text("Export CSV")')]);
    const csv = readFileSync(await download.path(), 'utf8');
    assert.match(csv, /^product,price,value/);
    for (const line of ['gate,gate_price[standard],420.00', 'gate,gate_price[wide],480.00', 'gate,finish.green.price,52.00']) {
      assert.ok(csv.includes(line), `${line} in\n${csv}`);
    }

    // Against the list in force (this year's): one price changed, two entries added.
    await page.click('a:has-text("Compare with the list in force")');
    await page.waitForURL(`${LIST}/diff`);
    assert.match(
      await page.locator('#diff-summary').innerText(),
      /Against ch-now .* 1 price changed, 2 entries added and 0 entries removed/,
    );
    assert.match(await page.locator('tr.diff-change').innerText(), /gate_price\[standard\]\s+changed\s+400\.00\s+420\.00/);
    await shot(page, 'price-lists-diff');

    // The history: the edit, the import and the creation, newest first, each by this session.
    await page.goto(`${LIST}/history`);
    const history = await page.locator('tbody tr[data-version]').allInnerTexts();
    assert.match(history[0], /Prices edited: 1 entry changed/);
    assert.match(history[0], /backoffice session/);
    assert.match(history[1], /CSV imported: 3 entries added/);
    assert.match(history.at(-1), /Created/);
    await shot(page, 'price-lists-history');

    // Its settings renamed: the history names what changed.
    await page.goto(LIST);
    await page.fill('#edit-list-name', 'Switzerland 2027');
    await page.click('button:has-text("Save settings")');
    await page.waitForFunction(() => document.querySelector('#flash')?.textContent === 'Price list saved.');
    assert.match(await page.locator('#list-title').innerText(), /Switzerland 2027/);
    await page.goto(`${LIST}/history`);
    assert.match(await page.locator('tbody tr[data-version]').first().innerText(), /Settings changed: name/);

    // A dealer portal's key: bound to the dealer group and to Switzerland only.
    await page.click('.tabs-nav a:has-text("API keys")');
    await page.fill('#key-name', 'Dealer portal');
    await page.selectOption('#key-group', 'dealer');
    await page.check('input[name="markets"][value="ch"]');
    await page.click('button:has-text("Create key")');
    await page.locator('#new-key').waitFor();
    assert.match(await page.locator('#keys tr', { hasText: 'Dealer portal' }).innerText(), /dealer\s+markets: ch/);
    const keys = (await adminApi('GET', `/stores/${STORE}/api-keys`)).body.api_keys;
    const dealer = keys.find((k) => k.name === 'Dealer portal');
    assert.equal(dealer.customer_group, 'dealer');
    assert.deepEqual(dealer.markets, ['ch']);
    assert.deepEqual(errors, []);
  });

  it('has no serious accessibility finding at 1280 and 390 px, and nothing scrolls sideways on the phone', async () => {
    const pages = ['markets', 'markets/ch', 'customer-groups', 'price-lists', 'price-lists/ch-next', 'price-lists/ch-next/diff'];
    pages.push('price-lists/ch-next/history', 'api-keys');
    for (const [name, viewport] of [
      ['1280', { width: 1280, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ]) {
      const page = await signedIn(viewport, true);
      for (const path of pages) {
        await page.goto(`${BASE}/admin/stores/${STORE}/${path}`);
        assert.deepEqual(await seriousViolations(page), [], `${path} at ${name}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `${path} at ${name}: the page is ${width} px wide`);
        if (path === 'price-lists/ch-next') await shot(page, `price-lists-list-${name}`);
      }
      await page.context().close();
    }
  });
});
