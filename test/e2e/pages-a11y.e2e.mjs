// Accessibility of every backoffice page, at a desktop width and on a 390 px phone (named to run after
// backoffice.e2e.mjs, which starts from an empty backoffice): axe-core finds no serious or
// critical violation (its "accessible name contains the visible text" rule switched on too), the focus ring and
// the text that axe skips (the aria-hidden logo badge, the editor's line numbers) meet their contrast, and on a
// phone the lists keep every action button in view without a sideways scroll.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, adminApi, BASE, launch, seriousViolations, shot } from './browser.mjs';

const STORE = 'e2e-a11y';
const PRODUCT = 'pvc-window';
const source = readFileSync('examples/pvc-window.cpq', 'utf8');

const base = `/admin/stores/${STORE}`;
const product = `${base}/products/${PRODUCT}`;
const PAGES = {
  stores: '/admin/stores',
  products: `${base}/products`,
  'api-keys': `${base}/api-keys`,
  quotes: `${base}/quotes`,
  settings: `${base}/settings`,
  'new-product': `${base}/new-product`,
  editor: product,
  version: `${product}/versions/1`,
  history: `${product}/versions`,
  diff: `${product}/versions/1/diff`,
  duplicate: `${product}/duplicate`,
  preview: `${product}/preview`,
  'not-found': '/admin/no-such-page',
};
const WIDTHS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

let browser;

before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'E2E accessibility', plan: 'pro' })).status, 201);
  const long = source.replace(/product "[^"]*"/, 'product "Energy-saving PVC casement window with triple glazing"');
  assert.equal((await adminApi('PUT', `/stores/${STORE}/products/${PRODUCT}`, { schema: long, note: 'First' })).status, 201);
  await adminApi('PUT', `/stores/${STORE}/products/${PRODUCT}`, { schema: `${long}// two\n`, note: 'A comment' });
  await adminApi('PUT', `/stores/${STORE}/products/garden-gate/draft`, { source: 'product "Gate" {' });
  await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Shop frontend with a long name' });
  const old = await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Old till' });
  await adminApi('DELETE', `/stores/${STORE}/api-keys/${old.body.id}`);
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/** A signed-in page at a viewport; CSP bypassed only so the test can inject axe-core. */
async function pageAt(viewport, signedIn = true) {
  const context = await browser.newContext({ viewport, bypassCSP: true });
  const page = await context.newPage();
  page.on('dialog', (d) => d.accept());
  if (signedIn) {
    await page.goto(`${BASE}/admin/login`);
    await page.fill('#token', ADMIN_TOKEN);
    await page.click('button[type=submit]');
    await page.waitForURL(`${BASE}/admin/stores`);
  }
  return page;
}

/** WCAG contrast of two colours given as CSS rgb()/rgba() strings (alpha ignored: the callers pass opaque ones). */
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css
      .match(/[\d.]+/g)
      .slice(0, 3)
      .map(Number);
    const ch = (v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(bl);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** An element's text colour and the first opaque background behind it. */
function colours(page, selector) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      let node = el;
      let background = 'rgb(255, 255, 255)';
      while (node) {
        const bg = getComputedStyle(node).backgroundColor;
        if (bg && bg !== 'transparent' && !/rgba\(.*, 0\)$/.test(bg)) {
          background = bg;
          break;
        }
        node = node.parentElement;
      }
      return { color: getComputedStyle(el).color, background };
    });
}

// Each test has a browser context of its own and only reads the pages: the widths, and the phone's lists, go side by
// side, as the pages mostly wait on the server.
describe('axe-core on every page', { concurrency: true }, () => {
  for (const [label, viewport] of Object.entries(WIDTHS)) {
    it(`finds nothing serious or critical at ${viewport.width} px`, async () => {
      const page = await pageAt(viewport);
      const scan = async (tab, pages) => {
        const found = [];
        for (const [name, path] of pages) {
          await tab.goto(`${BASE}${path}`, { waitUntil: 'networkidle' });
          for (const v of await seriousViolations(tab)) found.push(`${name}: ${v}`);
          if (label === 'phone' || name === 'diff' || name === 'history') await shot(tab, `a11y-${label}-${name}`);
        }
        return found;
      };
      // Half the pages each in two tabs of the one session.
      const pages = Object.entries(PAGES);
      const half = Math.ceil(pages.length / 2);
      const tab = await page.context().newPage();
      const found = (await Promise.all([scan(page, pages.slice(0, half)), scan(tab, pages.slice(half))])).flat();
      // The confirmation dialog, open.
      await page.goto(`${BASE}${base}/products`, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: /^Delete… Energy/ }).click();
      await page.locator('dialog[open]').waitFor();
      for (const v of await seriousViolations(page)) found.push(`delete dialog: ${v}`);
      const signedOut = await pageAt(viewport, false);
      await signedOut.goto(`${BASE}/admin/login`, { waitUntil: 'networkidle' });
      for (const v of await seriousViolations(signedOut)) found.push(`login: ${v}`);
      assert.deepEqual(found, []);
      await page.context().close();
      await signedOut.context().close();
    });
  }
});

describe('contrast axe does not check', () => {
  it('the focus ring is at least 3:1 against the page and against the top bar', async () => {
    const page = await pageAt(WIDTHS.desktop);
    await page.goto(`${BASE}${base}/products`);
    await page.keyboard.press('Tab');
    const ring = async (selector) => {
      const target = page.locator(selector).first();
      await target.focus();
      assert.equal(await target.evaluate((el) => el.matches(':focus-visible')), true);
      const shadow = await target.evaluate((el) => getComputedStyle(el).boxShadow);
      return shadow.match(/rgba?\([^)]*\)/g);
    };
    const [gap, outer] = await ring('main a.btn.primary');
    const pageBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.ok(contrast(outer, pageBg) >= 3, `ring ${outer} on ${pageBg}: ${contrast(outer, pageBg).toFixed(2)}:1`);
    assert.ok(contrast(outer, gap) >= 3, 'the ring stands out from its own gap');
    await shot(page, 'a11y-focus-ring');
    const [barGap] = await ring('.topbar .btn-link');
    const bar = await page.evaluate(() => getComputedStyle(document.querySelector('.topbar')).backgroundColor);
    assert.ok(contrast(barGap, bar) >= 3, `ring ${barGap} on the top bar ${bar}: ${contrast(barGap, bar).toFixed(2)}:1`);
    await page.context().close();
  });

  it('the logo badge and the editor line numbers are at least 4.5:1', async () => {
    const page = await pageAt(WIDTHS.desktop);
    await page.goto(`${BASE}${product}`, { waitUntil: 'networkidle' });
    const badge = await colours(page, '.brand-mark');
    assert.ok(contrast(badge.color, badge.background) >= 4.5, `badge ${JSON.stringify(badge)}`);
    const gutter = await colours(page, '.cm-lineNumbers .cm-gutterElement:not(:empty), .gutter .ln');
    assert.ok(contrast(gutter.color, gutter.background) >= 4.5, `line numbers ${JSON.stringify(gutter)}`);
    await page.context().close();
  });
});

describe('a 390 px phone', { concurrency: true }, () => {
  for (const [name, path] of [
    ['products', `${base}/products`],
    ['api-keys', `${base}/api-keys`],
    ['stores', '/admin/stores'],
    ['history', `${product}/versions`],
  ]) {
    it(`shows the ${name} list with every action in view and no sideways scroll`, async () => {
      const page = await pageAt(WIDTHS.phone);
      await page.goto(`${BASE}${path}`);
      if (name === 'api-keys') await page.getByLabel('Show revoked keys').check();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `the page is ${width} px wide`);
      const scrolled = await page.$$eval('.table-wrap', (els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
      assert.equal(scrolled, 0, 'no table scrolls inside the page');
      const actions = page.locator('tbody .actions .btn');
      for (let i = 0; i < (await actions.count()); i++) {
        const button = actions.nth(i);
        assert.equal(await button.isVisible(), true);
        const box = await button.boundingBox();
        assert.ok(box.x >= 0 && box.x + box.width <= 390, `${await button.textContent()} at ${box.x}..${box.x + box.width}`);
      }
      await shot(page, `a11y-390-${name}`);
      await page.context().close();
    });
  }
});
