// A sales person's day at the quote desk (issue 47), in Chromium: three buyers' requests counted in the store's
// navigation until opened, a new quote started in the configurator, a 5 % line discount that needs approval and
// says why, sent, its tax and total incl. tax on the desk the figures the buyer's document prints (worked out by
// hand: test/backoffice/workbench.ts), history in words, Issue a new link and Revoke asking first, a revision that
// needs its own approval, the replaced page naming the seller; all money and dates in the store's locale (de-CH);
// screenshots at 1280 and 390 px, axe with no serious finding on each.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, adminApi, BASE, launch, seriousViolations, shot, watchErrors } from './browser.mjs';

const STORE = 'e2e-desk-day';
const SELLER = 'Werkbank Gerber AG';
const LOCALE = 'de-CH';
// 1,873.39 less 5 % (93.6695 → 93.67) = 1,779.72; tax 8.1 % of it = 144.15732 → 144.16; incl. tax 1,923.88.
const FIGURES = { total: 1779.72, tax: 144.16, gross: 1923.88 };
const WORKBENCH = readFileSync(new URL('../backoffice/workbench.cpq', import.meta.url), 'utf8');
const chf = (n) => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'CHF' }).format(n);
const percent = (n) => new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 }).format(n / 100);
/**
 * Text without its spaces, one apostrophe: Node's ICU and workerd's differ on the space before a percent sign and
 * on de-CH's thousands separator (' or ’).
 */
const flat = (text) => text.replace(/[\s\u00a0\u202f]/g, '').replaceAll('’', "'");
const has = (text, part) => flat(text).includes(flat(part));
const PHONE = { width: 390, height: 844 };
let browser;
let requestKey;

before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'Desk Day', plan: 'enterprise' })).status, 201);
  assert.equal((await adminApi('PUT', `/stores/${STORE}/products/workbench`, { schema: WORKBENCH })).status, 201);
  const profile = { legal_name: SELLER, tax_rate_percent: 8.1, prices: 'net', locale: LOCALE };
  assert.equal((await adminApi('PUT', `/stores/${STORE}/profile`, profile)).status, 200);
  assert.equal((await adminApi('PUT', `/stores/${STORE}/quote-settings`, { approval_threshold_percent: 4 })).status, 200);
  const made = await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Storefront', permissions: ['quote:request'] });
  requestKey = made.body.key;
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/** A signed-in page at a viewport; CSP bypassed only so that the test can inject axe-core. */
async function signedInPage(viewport) {
  const page = await (await browser.newContext({ viewport, bypassCSP: true })).newPage();
  await page.goto(`${BASE}/admin/login`);
  await page.fill('#token', ADMIN_TOKEN);
  await page.click('button[type=submit]');
  await page.waitForURL(`${BASE}/admin/stores`);
  return page;
}

/** A buyer's request from the storefront, in the buyer's language. */
async function request(name, language) {
  const res = await fetch(`${BASE}/api/v1/quotes`, {
    method: 'POST',
    headers: { 'X-API-Key': requestKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      tenant_id: STORE,
      items: [{ product_id: 'workbench', configuration: { length: 1500 } }],
      customer: { name },
      language,
    }),
  });
  assert.equal(res.status, 201);
  return res.json();
}

/** Clicks a desk form's button and waits until the page it reloads to says `done`. */
async function submit(page, label, done) {
  await Promise.all([page.waitForEvent('load'), page.click(`form.api-form button:has-text("${label}")`)]);
  await page.waitForFunction(done);
}

const newRequests = (page) => page.locator('.tabs-nav .new-requests');

describe("a sales person's day at the desk", () => {
  it('requests, a quote from the configurator to the document, and a revision, all in the store’s locale', async () => {
    const requests = [await request('Ada', 'fr'), await request('Grace', 'en'), await request('Edsger', 'de')];
    const page = await signedInPage({ width: 1280, height: 900 });
    const errors = [];
    watchErrors(page, errors);
    const icons = [];
    page.on('request', (r) => r.url().endsWith('/favicon.ico') && icons.push(r.url()));

    // The navigation counts the requests nobody opened; its link lists them, apart from the store's drafts.
    await page.goto(`${BASE}/admin/stores/${STORE}/products`);
    assert.equal(await newRequests(page).innerText(), '3 new requests');
    await newRequests(page).click();
    await page.waitForURL(/request=new/);
    const rows = page.locator('#quotes-title ~ .table-wrap tbody tr');
    assert.equal(await rows.count(), 3);
    assert.equal(await page.locator('.badge.request').count(), 3);

    // New quote: the configurator first, priced as a storefront prices it; the JSON stays folded away.
    await page.goto(`${BASE}/admin/stores/${STORE}/quotes`);
    await page.click('summary:has-text("New quote")');
    const panel = page.locator('details.new-quote > .item-configurator');
    await panel.locator('cpq-configurator output.amount').waitFor();
    assert.equal(await page.locator('#new-configuration').isVisible(), false);
    // The configurator speaks the desk's locale too: its price as the list's.
    await page.waitForFunction(() => !document.querySelector('details.new-quote .ic-submit')?.disabled);
    const priced = await panel.locator('cpq-configurator output.amount').innerText();
    assert.ok(has(priced, chf(1873.39)), priced);
    await page.fill('#new-customer', 'Barbara Liskov');
    await shot(page, 'desk-day-00-new-quote-1280');
    await page.fill('#new-language', 'en');
    const create = panel.locator('button:text-is("Create quote")');
    await page.waitForFunction(() => !document.querySelector('details.new-quote .ic-submit')?.disabled);
    await Promise.all([page.waitForURL(/\/quotes\/[0-9a-f-]{36}$/), create.click()]);
    await page.locator('#quote-items-title').waitFor();
    const quotePath = new URL(page.url()).pathname;
    assert.match(await page.locator('#quote-customer-title + .facts').innerText(), /Barbara Liskov/);

    // A 5 % line discount is above the store's 4 %: the quote waits, and says why.
    await page.click('summary:has-text("Line discount")');
    await page.fill('[id^="line-discount-"][id$="-value"]', '5');
    await submit(page, 'Set line discount', () => document.querySelector('.approval-reason'));
    const why = await page.locator('.approval-reason').innerText();
    assert.ok(has(why, percent(4)), why);
    assert.ok(has(why, chf(93.67)), why);
    await submit(page, 'Approve discount', () => !document.querySelector('.approval-reason'));
    await Promise.all([
      page.waitForSelector('#share-link:not([hidden])'),
      page.click('form.api-form button:has-text("Send quote")'),
    ]);
    const shareUrl = await page.inputValue('#share-link-value');
    await page.reload();

    // The desk's totals are the document's: tax and total incl. tax, in de-CH.
    const totals = await page.locator('.quote-totals').innerText();
    for (const figure of [FIGURES.total, FIGURES.tax, FIGURES.gross]) assert.ok(has(totals, chf(figure)), totals);
    assert.ok(has(totals, `Tax ${percent(8.1)}`), totals);
    const history = await page.locator('#quote-history-title + .table-wrap tbody').innerText();
    assert.ok(has(history, `discount: ${percent(5)}`), history);
    assert.doesNotMatch(history, /[0-9a-f]{8}-[0-9a-f]{4}|[{}]/);
    await shot(page, 'desk-day-01-sent-1280');
    assert.deepEqual(await seriousViolations(page), []);

    const doc = await page.context().newPage();
    await doc.goto(shareUrl.replace(/^https?:\/\/[^/]+/, BASE));
    const grossOnDocument = await doc.locator('tfoot tr.total td.num').innerText();
    const onDocument = new Intl.NumberFormat('en', { style: 'currency', currency: 'CHF' }).format(FIGURES.gross);
    assert.equal(flat(grossOnDocument), flat(onDocument));
    assert.match(await doc.locator('.seller .store').innerText(), new RegExp(SELLER));

    // The desk links the document as sent: the same figures, no Accept.
    await doc.goto(`${BASE}${quotePath}/document`);
    assert.equal(flat(await doc.locator('tfoot tr.total td.num').innerText()), flat(onDocument));
    assert.equal(await doc.locator('button.accept').count(), 0);
    assert.equal(await page.locator('a.quote-document-link').getAttribute('href'), `${quotePath}/document`);

    // Issue a new link asks first: without the box ticked, nothing is sent.
    const issue = page.locator('form.api-form button:has-text("Issue a new share link")');
    await issue.click();
    assert.equal(await page.locator('#confirm-share:invalid').count(), 1);
    assert.equal(await page.locator('#share-link').isHidden(), true);
    await page.check('#confirm-share');
    await issue.click();
    await page.waitForSelector('#share-link:not([hidden])');
    const reissued = await page.inputValue('#share-link-value');
    assert.notEqual(reissued, shareUrl);

    // Revise: the revision has the same 5 %, and needs its own approval, which it says.
    await Promise.all([page.waitForURL((u) => u.pathname !== quotePath), page.click('button:has-text("Revise")')]);
    await page.locator('.approval-reason').waitFor();
    assert.match(
      await page.locator('.approval-reason').innerText(),
      /revision 1’s does not carry over|revision 1's does not carry over/,
    );
    assert.match(await page.locator('#quote-history-title + .table-wrap tbody').innerText(), /revises revision 1/);
    // Revoke asks first too.
    const revoke = page.locator('form.api-form button:has-text("Revoke links")');
    await revoke.click();
    assert.equal(await page.locator('#confirm-revoke:invalid').count(), 1);
    await shot(page, 'desk-day-02-revision-1280');

    // The replaced document names the seller as the document did.
    await doc.goto(reissued.replace(/^https?:\/\/[^/]+/, BASE));
    assert.match(await doc.locator('main').innerText(), /superseded|replaced/i);
    assert.equal(await doc.locator('.store').first().innerText(), SELLER);

    // One request opened: counted no more.
    await page.goto(`${BASE}/admin/stores/${STORE}/quotes/${requests[0].id}`);
    assert.equal(await page.locator('.page-head .badge.request').innerText(), 'new request');
    await page.goto(`${BASE}/admin/stores/${STORE}/quotes`);
    assert.equal(await newRequests(page).innerText(), '2 new requests');

    // One locale in the list: every amount and every day in de-CH, whatever each quote's language.
    const money = await page.locator('td[data-label="Total"]').allInnerTexts();
    assert.ok(money.length >= 5);
    for (const m of money) assert.match(m, /^CHF\s[\d’']+\.\d{2}$/, m);
    const gross = await page.locator('td[data-label="Incl. tax"]').allInnerTexts();
    assert.ok(has(gross.join(' | '), chf(FIGURES.gross)), gross.join(' | '));
    for (const d of await page.locator('td[data-label="Valid until"]').allInnerTexts())
      assert.match(d, /^\d{2}\.\d{2}\.\d{4}$/, d);
    for (const d of await page.locator('td[data-label="Created"]').allInnerTexts())
      assert.match(d, /^\d{2}\.\d{2}\.\d{4},? \d{2}:\d{2}/, d);
    await shot(page, 'desk-day-03-list-1280');
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(icons, []);
    assert.deepEqual(errors, []);
  });

  it('reads on a 390 px phone: the list and a sent quote, no serious axe finding', async () => {
    const page = await signedInPage(PHONE);
    const errors = [];
    watchErrors(page, errors);
    await page.goto(`${BASE}/admin/stores/${STORE}/quotes`);
    await shot(page, 'desk-day-04-list-390');
    assert.deepEqual(await seriousViolations(page), []);
    const sent = (await adminApi('GET', `/stores/${STORE}/quotes?status=superseded`)).body.quotes[0];
    await page.goto(`${BASE}/admin/stores/${STORE}/quotes/${sent.id}`);
    const totals = await page.locator('.quote-totals').innerText();
    assert.ok(has(totals, chf(FIGURES.gross)), totals);
    await shot(page, 'desk-day-05-quote-390');
    assert.deepEqual(await seriousViolations(page), []);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `scrollWidth ${width}`);
    assert.deepEqual(errors, []);
  });
});
