// The backoffice end to end, as an author uses it: sign in, create a store, manage a key, write a schema with a
// mistake, fix and save it, preview it, switch language, sign out. Steps share one browser page, in order.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, adminApi, BASE, launch, selectedText, setSource, shot, watchErrors } from './browser.mjs';

const STORE = 'e2e-shop';
const PRODUCT = 'pvc-window';
const good = readFileSync('examples/pvc-window.cpq', 'utf8');
const MISTAKE = 'glass_price_m3';
const bad = good.replace('area_m2 * glass_price_m2[glass]', `area_m2 * ${MISTAKE}[glass]`);
const badLine = bad.split('\n').findIndex((l) => l.includes(MISTAKE)) + 1;
const badColumn = bad.split('\n')[badLine - 1].indexOf(MISTAKE) + 1;

let browser;
let context;
let page;
const pageErrors = [];

before(async () => {
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE });
  page = await context.newPage();
  watchErrors(page, pageErrors);
});

after(async () => {
  await browser?.close();
});

// The preview is the storefront's <cpq-configurator>; playwright's CSS selectors reach into its (open) shadow root.
const TOTAL = 'cpq-configurator output.amount';
const field = (id) => page.locator(`cpq-configurator [data-field="${id}"]`);
const priceText = () => page.locator(TOTAL).textContent();
/** Waits until the total is no longer `old` (in the page, where querySelector does not enter shadow roots). */
const totalChanges = (old) =>
  page.waitForFunction(
    (o) => document.querySelector('cpq-configurator')?.shadowRoot?.querySelector('output.amount')?.textContent !== o,
    old,
  );

describe('backoffice', () => {
  it('sends a signed-out visitor to the sign-in page and refuses a wrong token', async () => {
    await page.goto(`${BASE}/admin/stores`);
    assert.match(page.url(), /\/admin\/login\?next=%2Fadmin%2Fstores$/);
    await shot(page, '01-login');
    await page.fill('#token', 'not-the-token');
    await page.click('button[type=submit]');
    await page.locator('.notice.error').waitFor();
    assert.match(await page.locator('.notice.error').textContent(), /not right/);
    await shot(page, '02-login-wrong-token');
  });

  it('signs in with the admin token into an HttpOnly, Secure, SameSite=Strict session', async () => {
    await page.fill('#token', ADMIN_TOKEN);
    await page.click('button[type=submit]');
    await page.waitForURL(`${BASE}/admin/stores`);
    const [cookie] = await context.cookies();
    assert.equal(cookie.name, '__Host-cpq_admin');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.secure, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(cookie.path, '/');
    assert.equal(await page.evaluate(() => document.cookie), '', 'scripts cannot read the session');
    await page.getByText('No stores yet — create one').waitFor();
    await shot(page, '03-stores-empty');
    // The suites that create stores start now (test/e2e/run.mjs).
    if (process.env.E2E_EMPTY_LIST_SEEN) writeFileSync(process.env.E2E_EMPTY_LIST_SEEN, '');
  });

  it('creates a store', async () => {
    await page.fill('#store-id', STORE);
    await page.fill('#store-name', 'E2E Windows');
    await page.selectOption('#store-plan', 'pro');
    await page.click('text=Create store');
    await page.waitForURL(`${BASE}/admin/stores/${STORE}/products`);
    await page.getByText('Store created.').waitFor();
    await page.getByText('No products yet — create one').waitFor();
    await shot(page, '04-products-empty');
    await page.goto(`${BASE}/admin/stores`);
    await page.getByRole('link', { name: 'E2E Windows' }).waitFor();
    await shot(page, '05-stores');
  });

  it('refuses a duplicate store id at the form', async () => {
    await page.fill('#store-id', STORE);
    await page.fill('#store-name', 'Again');
    await page.click('text=Create store');
    await page.locator('.form-error', { hasText: 'already exists' }).waitFor();
  });

  let key;

  it('creates an API key and shows it exactly once', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/api-keys`);
    await page.getByText('No API keys yet — create one below').waitFor();
    await page.fill('#key-name', 'Shop frontend');
    await page.click('text=Create key');
    const value = page.locator('#new-key-value');
    await value.waitFor();
    key = await value.inputValue();
    assert.match(key, /^cpq_[A-Za-z0-9_-]{43}$/);
    await page.getByText('It will not be shown again.').waitFor();
    const row = page.locator('#keys tbody tr', { hasText: 'Shop frontend' });
    await row.waitFor();
    assert.match(await row.textContent(), new RegExp(`${key.slice(0, 12)}…`));
    assert.ok(!(await page.locator('#keys').textContent()).includes(key), 'the table shows only the prefix');
    await page.click('[data-copy="#new-key-value"]');
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), key);
    await shot(page, '06-api-key-created');

    const validate = await fetch(`${BASE}/api/v1/validate`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ schema: good }),
    });
    assert.equal(validate.status, 200, 'the new key works');

    await page.reload();
    await page.locator('#keys tbody tr', { hasText: 'Shop frontend' }).waitFor();
    assert.ok(!(await page.content()).includes(key), 'after a reload the key is gone for good');
    assert.equal(await page.locator('#new-key').isHidden(), true);
  });

  it('revokes the key after a confirmation', async () => {
    const revoke = page.getByRole('button', { name: 'Revoke… key Shop frontend' });
    await revoke.click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Revoke "Shop frontend"\?/);
    await shot(page, '07-api-key-revoke-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' }).catch(() => {});
    assert.equal(await page.locator('#keys .badge.ok').textContent(), 'Active', 'cancel keeps the key');

    await revoke.click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Key "Shop frontend" revoked.').waitFor();
    // Revoked keys are hidden until asked for.
    await page.getByText('1 revoked key is hidden.').waitFor();
    assert.equal(await page.locator('#keys tr.revoked').isHidden(), true);
    await page.getByLabel('Show revoked keys').check();
    await page.locator('#keys .badge.danger', { hasText: 'Revoked' }).waitFor();
    await shot(page, '08-api-key-revoked');
    const refused = await fetch(`${BASE}/api/v1/validate`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ schema: good }),
    });
    assert.equal(refused.status, 401, 'a revoked key is refused');
  });

  it('marks a schema mistake at its line and column as the author types', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/products`);
    await page.click('text=New product');
    await page.locator('#diag-summary', { hasText: 'No problems found' }).waitFor();
    await shot(page, '09-editor-new');
    await setSource(page, bad);
    const item = page.locator('#diag-list .diag-error');
    await item.waitFor();
    assert.equal(await item.locator('.diag-pos').textContent(), `${badLine}:${badColumn}`);
    assert.match(await item.locator('.diag-msg').textContent(), /glass_price_m3/);
    await item.click();
    assert.equal(await selectedText(page), MISTAKE, 'clicking the diagnostic selects the mistake');
    assert.match(await page.locator('#caret-status').textContent(), new RegExp(`Line ${badLine}, column ${badColumn} — `));
    assert.equal(await page.locator('.cm-lintRange-error').textContent(), MISTAKE, 'the mistake is underlined');
    assert.equal(await page.locator('.cm-gutterElement:has(.cm-lint-marker-error)').count(), 1, 'and marked in the gutter');
    await shot(page, '10-editor-error');
  });

  it('counts columns in code points, as the API does: a mistake after emoji is underlined whole', async () => {
    const line = 'let shout = len("🔥😀🔥") + widht';
    await setSource(page, `${good}\n${line}\n`);
    const lineNo = good.split('\n').length + 1;
    const column = [...line.slice(0, line.indexOf('widht'))].length + 1;
    // The list updates once the edit is validated: wait for the new position rather than for any error.
    const item = page.locator('#diag-list .diag-error', { hasText: `${lineNo}:${column}` });
    await item.waitFor();
    await item.click();
    assert.equal(await selectedText(page), 'widht', 'clicking the diagnostic selects the name, not a shifted stretch');
    assert.match(await page.locator('#caret-status').textContent(), new RegExp(`Line ${lineNo}, column ${column} — `));
    assert.equal(await page.locator('.cm-lintRange-error').textContent(), 'widht');
    await setSource(page, bad);
    await page.locator('#diag-list .diag-error .diag-pos', { hasText: `${badLine}:${badColumn}` }).waitFor();
  });

  it('refuses to create a product from a schema with errors and shows them the same way', async () => {
    await page.fill('#product-id', 'not an id!');
    await page.click('#publish');
    await page.locator('#product-id-error', { hasText: 'letters, digits' }).waitFor();
    assert.equal(await page.getAttribute('#product-id', 'aria-invalid'), 'true');
    await page.fill('#product-id', PRODUCT);
    await page.click('#publish');
    await page.getByText('Not published: 1 error in the schema.', { exact: false }).waitFor();
    assert.equal(await page.locator('#diag-list .diag-error .diag-pos').textContent(), `${badLine}:${badColumn}`);
  });

  it('creates the product from the fixed schema as version 1, then publishes a draft as a new version', async () => {
    await setSource(page, good);
    await page.locator('#diag-summary', { hasText: 'No problems found' }).waitFor();
    await page.click('#publish');
    await page.waitForURL(`${BASE}/admin/stores/${STORE}/products/${PRODUCT}`);
    await page.getByText('Created product pvc-window (version 1).').waitFor();
    await shot(page, '11-editor-saved');

    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('// tweaked in the e2e test');
    await page.keyboard.press('Control+s');
    await page.locator('#draft-status', { hasText: 'Draft saved' }).waitFor();
    const live = await adminApi('GET', `/stores/${STORE}/products/${PRODUCT}`);
    assert.equal(live.body.current_version, 1, 'a saved draft is not published');
    await page.click('#publish');
    await page.getByText('Published as version 2.').waitFor();
    await page.locator('#versions li').nth(1).waitFor();
    assert.equal(await page.locator('#versions li').count(), 2);
    await page.click('#publish');
    await page.getByText('No changes: version 2 stays current.').waitFor();
  });

  it('shows the source of an older version', async () => {
    await page.click('#versions a:has-text("Version 1")');
    await page.waitForURL(/\/versions\/1$/);
    assert.equal(await page.locator('#schema').inputValue(), good);
    assert.equal(await page.locator('#schema').getAttribute('readonly'), '');
    await shot(page, '12-version-1');
    await page.click('text=Restore in the editor');
    await page.waitForURL(/\?from=1$/);
    assert.equal(await page.locator('#schema').inputValue(), good);
  });

  it('previews the product: changing a field changes the price', async () => {
    page.once('dialog', (d) => d.accept());
    await page.goto(`${BASE}/admin/stores/${STORE}/products/${PRODUCT}/preview`);
    await page.locator(TOTAL).waitFor();
    const before = await priceText();
    assert.match(before, /€/);
    const width = field('width').locator('input');
    await width.fill('1800');
    await totalChanges(before);
    assert.notEqual(await priceText(), before);
    // The preview asks for every group, so the internal bill of materials shows too, marked as such.
    const bom = page.locator('cpq-configurator table caption', { hasText: 'Bill of materials' });
    await bom.waitFor();
    assert.match(await bom.textContent(), /· internal$/);
    await shot(page, '13-preview');
  });

  it('applies visibility conditions live and shows field errors from the calculation', async () => {
    const depth = field('sill_depth');
    assert.equal(await depth.isHidden(), true);
    await field('sill').locator('input').check();
    await depth.waitFor({ state: 'visible' });
    await field('width').locator('input').fill('5000');
    const error = field('width').locator('.error');
    await error.waitFor({ state: 'visible' });
    assert.match(await error.textContent(), /2[ ,.]?400/);
    assert.equal(await priceText(), '—');
    await shot(page, '14-preview-invalid');
    await field('width').locator('input').fill('1200');
    await totalChanges('—');
  });

  it('switches the preview language', async () => {
    await page.selectOption('#pv-lang', 'de');
    await field('width').locator('label', { hasText: 'Breite' }).waitFor();
    await page.locator('cpq-configurator .table th', { hasText: 'Fensterrahmen' }).waitFor();
    assert.equal(await field('width').locator('input').inputValue(), '1200', 'values survive the switch');
    assert.equal(await field('sill').locator('input').isChecked(), true);
    await shot(page, '15-preview-de');
  });

  it('signs out; pages then need a new sign-in', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/settings`);
    await shot(page, '17-store-settings');
    await page.click('text=Sign out');
    await page.waitForURL(/\/admin\/login\?signed_out=1$/);
    await page.getByText('You are signed out.').waitFor();
    await page.goto(`${BASE}/admin/stores/${STORE}/products`);
    assert.match(page.url(), /\/admin\/login\?next=/);
  });

  it('ran without script errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
