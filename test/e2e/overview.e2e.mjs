// Stores > Overview in Chromium (docs/backoffice.md, "Store overview"): a store with quotes decided today opens on
// its overview from the store list; the figures and the SVG charts are there at 1280 and 390 px (screenshots in
// test-artifacts/, axe-core with no serious or critical finding, nothing scrolling sideways on the phone, no CSP
// complaint), and the Won figure's link lands on the quote list filtered to exactly the quotes won.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, adminApi, BASE, launch, seriousViolations, shot, watchErrors } from './browser.mjs';

const STORE = 'e2e-overview';
const SCHEMA = readFileSync('examples/shelving.cpq', 'utf8');
let browser;
const won = [];

before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'Overview Joinery', plan: 'enterprise' })).status, 201);
  assert.equal((await adminApi('PUT', `/stores/${STORE}/products/shelving`, { schema: SCHEMA })).status, 201);
  const { key } = (await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Sales', permissions: ['quote:write'] })).body;
  const api = async (path, body) => {
    const res = await fetch(`${BASE}/api/v1/quotes${path}`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenant_id: STORE, ...body }),
    });
    assert.ok(res.status === 200 || res.status === 201, `${path}: ${res.status}`);
    return res.json();
  };
  // Five quotes today: two won, one lost, one sent and one draft; three in anthracite, two in beech.
  for (const [material, end] of [
    ['anthracite', 'accept'],
    ['anthracite', 'accept'],
    ['beech', 'reject'],
    ['anthracite', 'send'],
    ['beech', null],
  ]) {
    const quote = await api('', { items: [{ product_id: 'shelving', configuration: { material } }], customer: { name: 'Ada' } });
    if (end === null) continue;
    await api(`/${quote.id}/send`, {});
    if (end !== 'send') await api(`/${quote.id}/${end}`, {});
    if (end === 'accept') won.push(quote.number);
  }
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

describe('store overview', () => {
  it('opens from the store list on the overview, and its Won figure lands on the list of the quotes won', async () => {
    const page = await signedIn({ width: 1280, height: 900 });
    const errors = [];
    watchErrors(page, errors);
    await page.click('a:has-text("Overview Joinery")');
    await page.waitForURL(`${BASE}/admin/stores/${STORE}/overview`);
    assert.equal(await page.locator('.tabs-nav [aria-current="page"]').innerText(), 'Overview');
    // Every chart is an SVG image with a title, none a canvas.
    for (const id of ['trend', 'funnel', 'options']) {
      const svg = page.locator(`#${id} svg[role="img"]`);
      assert.equal(await svg.count(), 1, id);
      assert.ok((await svg.locator('title').textContent()).length > 0, id);
    }
    assert.equal(await page.locator('canvas').count(), 0);
    assert.match(await page.locator('#funnel figcaption').innerText(), /Of 5 quotes created, 4 were sent and 2 won/);
    assert.match(await page.locator('#options table').textContent(), /shelving · material = anthracite60% \(3\)/);
    await shot(page, 'overview-1280');

    const figure = page.locator('.kpi', { has: page.locator('dt', { hasText: /^Won$/ }) }).locator('a.kpi-value');
    assert.match(await figure.innerText(), /^2 · /);
    await figure.click();
    await page.waitForURL(/\/quotes\?status=accepted&decided_from=\d{4}-\d{2}-\d{2}&decided_to=\d{4}-\d{2}-\d{2}$/);
    const numbers = await page.locator('tbody tr td:first-child a').allInnerTexts();
    assert.deepEqual(numbers.sort(), [...won].sort());
    assert.equal(await page.locator('#quote-decided_from').inputValue(), new URL(page.url()).searchParams.get('decided_from'));
    await shot(page, 'overview-won-list');

    // The table behind the funnel, opened: its rows link to the list too.
    await page.goBack();
    await page.click('#funnel summary');
    assert.equal(await page.locator('#funnel table tbody tr').count(), 3);
    assert.deepEqual(errors, []);
  });

  it('has no serious accessibility finding at 1280 and 390 px, and nothing scrolls sideways on the phone', async () => {
    for (const [name, viewport] of [
      ['1280', { width: 1280, height: 900 }],
      ['390', { width: 390, height: 844 }],
    ]) {
      const page = await signedIn(viewport, true);
      await page.goto(`${BASE}/admin/stores/${STORE}/overview?period=week`);
      await page.click('#trend summary');
      assert.deepEqual(await seriousViolations(page), [], name);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= viewport.width, `${name}: the page is ${wide} px wide`);
      await shot(page, `overview-${name}-week`);
      await page.context().close();
    }
  });
});
