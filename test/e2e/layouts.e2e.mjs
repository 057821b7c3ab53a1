// The preview (the storefront's <cpq-configurator>) renders every layout and field type of the example products,
// and the pages fit a phone.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { adminApi, BASE, launch, shot, signedInPage, watchErrors } from './browser.mjs';

const STORE = 'e2e-layouts';
const CONTROL = {
  number: 'input[type=number]',
  quantity: 'input[type=number]',
  slider: 'input[type=range]',
  dropdown: 'select',
  radio: 'input[type=radio]',
  swatch: '.swatch',
  checkbox: 'input[type=checkbox]',
  multiselect: 'input[type=checkbox]',
  text: 'input[type=text]',
  date: 'input[type=date]',
};

let browser;
let page;
const pageErrors = [];

before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'E2E layouts', plan: 'enterprise' })).status, 201);
  assert.equal((await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Shop frontend' })).status, 201);
  browser = await launch();
  page = await signedInPage(browser);
  watchErrors(page, pageErrors);
});

after(async () => {
  await browser?.close();
});

describe('preview layouts', () => {
  for (const example of ['interior-door', 'roller-blind', 'shelving', 'signage', 'kitchen-worktop', 'pvc-window']) {
    it(`renders ${example} in its layout with a control for every field`, async () => {
      const saved = await adminApi('PUT', `/stores/${STORE}/products/${example}`, {
        schema: readFileSync(`examples/${example}.cpq`, 'utf8'),
      });
      assert.equal(saved.status, 201, JSON.stringify(saved.body));
      const form = (await adminApi('GET', `/stores/${STORE}/products/${example}/form`)).body;
      await page.goto(`${BASE}/admin/stores/${STORE}/products/${example}/preview`);
      await page.locator('cpq-configurator output.amount').waitFor();
      assert.equal(await page.locator(`cpq-configurator .form.layout-${form.layout}`).count(), 1, `${form.layout} layout`);
      for (const field of form.groups.flatMap((g) => g.fields)) {
        const control = page.locator(`cpq-configurator [data-field="${field.id}"]`);
        if (field.type === 'hidden') {
          assert.equal(await control.count(), 0, `${field.id}: hidden fields are not shown`);
          continue;
        }
        assert.equal(await control.count(), 1, `${field.id} is rendered`);
        assert.ok(await control.locator(CONTROL[field.type]).count(), `${field.id}: a ${field.type} control`);
      }
      if (form.layout === 'tabs') {
        await page.locator('[role=tab][aria-selected=true]').focus();
        await page.keyboard.press('ArrowRight');
        assert.equal(
          await page.locator('[role=tab][aria-selected=true]').textContent(),
          form.groups[1].label,
          'arrow keys move between tabs',
        );
        await page.keyboard.press('ArrowLeft');
      }
      await shot(page, `20-preview-${example}`);
    });
  }

  it('fits a phone screen without sideways scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/admin/stores', '21-phone-stores'],
      [`/admin/stores/${STORE}/api-keys`, '21-phone-api-keys'],
      [`/admin/stores/${STORE}/products/pvc-window`, '21-phone-editor'],
      [`/admin/stores/${STORE}/products/pvc-window/preview`, '21-phone-preview'],
    ]) {
      await page.goto(`${BASE}${path}`);
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${path} is ${overflow}px too wide`);
      await shot(page, name);
    }
  });

  it('ran without script errors', () => {
    assert.deepEqual(pageErrors, []);
  });
});
