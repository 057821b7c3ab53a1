// A product's life beyond the editor, in the browser: drafts published with a note through the admin API with the
// session, the history with notes and diffs, duplicating and deleting with confirmation, revoked keys behind a
// toggle, and form errors in plain words.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { adminApi, BASE, launch, shot, signedInPage, watchErrors } from './browser.mjs';

const STORE = 'e2e-products';
const source = readFileSync('examples/shelving.cpq', 'utf8');
const edited = `${source.replace(/\n$/, '')}\n// longer shelves\n`;

let browser;
let page;
let key;
const pageErrors = [];

before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'E2E products', plan: 'enterprise' })).status, 201);
  const created = await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Shop', permissions: ['form:read'] });
  key = created.body.key;
  assert.equal((await adminApi('PUT', `/stores/${STORE}/products/shelving`, { schema: source, note: 'First cut' })).status, 201);
  browser = await launch();
  page = await signedInPage(browser);
  watchErrors(page, pageErrors);
});

after(async () => {
  await browser?.close();
});

/** The admin API called from the page as the backoffice's scripts call it: session cookie and X-CSRF-Token. */
function fromPage(method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.querySelector('meta[name="csrf-token"]').getAttribute('content');
      const headers = { 'X-CSRF-Token': csrf, Accept: 'application/json' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`/api/admin${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: res.status === 204 ? null : await res.json() };
    },
    { method, path, body },
  );
}

const storefrontForm = (id) =>
  fetch(`${BASE}/api/v1/products/${id}/form?tenant_id=${STORE}`, { headers: { 'X-API-Key': key } }).then((r) => r.status);

describe('drafts and history', () => {
  it('keeps a draft with errors, refuses to publish it, then publishes the fixed draft with a note', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/products`);
    const broken = await fromPage('PUT', `/stores/${STORE}/products/shelving/draft`, { source: `${edited}let x = nope\n` });
    assert.equal(broken.status, 200);
    assert.equal(broken.body.errors[0].code, 'E_UNDEFINED');
    const refused = await fromPage('POST', `/stores/${STORE}/products/shelving/draft/publish`, { note: 'Too early' });
    assert.equal(refused.status, 422);
    assert.equal((await fromPage('GET', `/stores/${STORE}/products/shelving/draft`)).status, 200, 'the draft is kept');

    await page.reload();
    await page.locator('tr[data-product="shelving"] .badge.warn', { hasText: 'Unpublished draft' }).waitFor();
    await shot(page, 'products-01-list-with-draft');

    assert.equal((await fromPage('PUT', `/stores/${STORE}/products/shelving/draft`, { source: edited })).status, 200);
    const published = await fromPage('POST', `/stores/${STORE}/products/shelving/draft/publish`, { note: 'Longer shelves' });
    assert.equal(published.status, 201);
    assert.equal(published.body.version, 2);
    assert.equal((await fromPage('GET', `/stores/${STORE}/products/shelving/draft`)).status, 404, 'published: gone');
  });

  it('lists the versions with their notes and shows what changed since an older one', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/products`);
    await page
      .getByRole('link', { name: /^History/ })
      .first()
      .click();
    await page.waitForURL(/\/products\/shelving\/versions$/);
    const rows = page.locator('tbody tr');
    assert.equal(await rows.count(), 2);
    assert.match(await rows.nth(0).textContent(), /Version 2.*current.*Longer shelves/s);
    assert.match(await rows.nth(1).textContent(), /Version 1.*First cut/s);
    await shot(page, 'products-02-history');

    await page.getByRole('link', { name: 'Compare with current (version 1)' }).click();
    await page.waitForURL(/\/versions\/1\/diff$/);
    await page.getByText('From version 1 to version 2 (current): 1 line added, 0 removed.').waitFor();
    const added = page.locator('tr.diff-add');
    assert.equal(await added.count(), 1);
    assert.match(await added.textContent(), /\+\s*\/\/ longer shelves/);
    const numbers = await added.locator('td.ln').allTextContents();
    assert.deepEqual(numbers, ['', String(edited.split('\n').length - 1)], 'an added line has only a new line number');
    await shot(page, 'products-03-diff');
  });
});

describe('duplicating and deleting', () => {
  it('duplicates the current version under a new id', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/products`);
    await page
      .getByRole('link', { name: /^Duplicate…/ })
      .first()
      .click();
    await page.waitForURL(/\/products\/shelving\/duplicate$/);
    assert.equal(await page.locator('#copy-id').inputValue(), 'shelving-copy');
    await page.fill('#copy-id', 'not an id!');
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.locator('.field-error', { hasText: 'letters, digits' }).waitFor();
    await shot(page, 'products-04-duplicate-error');
    await page.fill('#copy-id', 'shelving-wide');
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL(/\/products\/shelving-wide$/);
    await page.getByText('Duplicated. This is the copy.').waitFor();
    const copy = await adminApi('GET', `/stores/${STORE}/products/shelving-wide`);
    assert.equal(copy.body.source, edited);
    assert.equal(copy.body.versions[0].note, 'Duplicated from shelving, version 2');
    assert.equal(await storefrontForm('shelving-wide'), 200);
  });

  it('deletes a product only after a confirmation; storefronts then get 404', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/products`);
    const row = page.locator('tr[data-product="shelving-wide"]');
    const remove = row.getByRole('button', { name: /^Delete…/ });
    await remove.click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();
    assert.match(await dialog.textContent(), /Every version of shelving-wide and its draft are deleted/);
    await shot(page, 'products-05-delete-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await row.count(), 1, 'cancel keeps it');
    assert.equal(await storefrontForm('shelving-wide'), 200);

    await remove.click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Delete product' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('deleted.', { exact: false }).waitFor();
    assert.equal(await storefrontForm('shelving-wide'), 404);
    assert.equal((await adminApi('GET', `/stores/${STORE}/products/shelving-wide`)).status, 404);
    await shot(page, 'products-06-deleted');
  });
});

describe('API keys', () => {
  it('says "Choose at least one permission" when none is ticked', async () => {
    await page.goto(`${BASE}/admin/stores/${STORE}/api-keys`);
    await page.fill('#key-name', 'No rights');
    for (const box of await page.locator('input[name="permissions"]').all()) await box.uncheck();
    await page.click('text=Create key');
    const message = page.locator('.field-error', { hasText: 'Choose at least one permission' });
    await message.waitFor();
    assert.ok(!(await page.content()).includes('Too small'), 'no validator jargon');
    await shot(page, 'products-07-key-needs-permission');
  });

  it('hides revoked keys until "Show revoked keys" is ticked', async () => {
    const old = await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Old till' });
    await adminApi('DELETE', `/stores/${STORE}/api-keys/${old.body.id}`);
    await page.goto(`${BASE}/admin/stores/${STORE}/api-keys`);
    const revoked = page.locator('tr.revoked', { hasText: 'Old till' });
    assert.equal(await revoked.isHidden(), true);
    await page.getByText('1 revoked key is hidden.').waitFor();
    assert.equal(await page.locator('#keys tbody tr:visible').count(), 1, 'only the active key');
    await page.getByLabel('Show revoked keys').check();
    await revoked.waitFor({ state: 'visible' });
    assert.equal(await page.getByText('1 revoked key is hidden.').isHidden(), true);
    await shot(page, 'products-08-keys-revoked-shown');
    await page.getByLabel('Show revoked keys').uncheck();
    await revoked.waitFor({ state: 'hidden' });
  });

  it('ran without script errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
