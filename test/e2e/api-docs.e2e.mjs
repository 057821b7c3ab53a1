// The API reference (/api/docs) in Chromium under its own CSP (no inline script: its code is /api/docs.js) and
// with every request off this origin refused, as on a machine without network: it lists the operations from
// /api/openapi.json, sends a request, and the browser reports no CSP violation and no script error.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE, launch, shot, watchErrors } from './browser.mjs';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

describe('/api/docs', () => {
  it('works offline under its CSP: lists the operations and sends a request', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const offOrigin = [];
    await context.route('**/*', (route) => {
      if (route.request().url().startsWith(BASE)) return route.continue();
      offOrigin.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    const errors = [];
    watchErrors(page, errors);
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));
    });
    const res = await page.goto(`${BASE}/api/docs`);
    assert.match(res.headers()['content-security-policy'], /script-src 'self'/);

    await page.waitForSelector('#ops details');
    assert.match(await page.textContent('#title'), /^CPQ edge API /);
    const operations = await page.locator('#ops details').count();
    assert.ok(operations > 20, `${operations} operations listed`);
    // Styled by the bundle's stylesheet: the operations have their border.
    const border = await page
      .locator('#ops details')
      .first()
      .evaluate((el) => getComputedStyle(el).borderTopStyle);
    assert.equal(border, 'solid');

    const health = page.locator('#ops details', { hasText: 'GET /api/health —' });
    await health.locator('summary').click();
    await health.getByRole('button', { name: 'Send' }).click();
    await health.locator('pre.out', { hasText: '200' }).waitFor();
    assert.match(await health.locator('pre.out').textContent(), /"status": "healthy"/);

    await shot(page, 'api-docs');
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(errors, []);
    assert.deepEqual(offOrigin, []);
    await context.close();
  });
});
