// Shared by the e2e suites: the server under test (started by run.mjs), Debian's Chromium, screenshots.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_STORE } from '../../scripts/demo-data.mjs';

export const BASE = process.env.E2E_BASE_URL;
export const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN;
if (!BASE || !ADMIN_TOKEN) throw new Error('Run the e2e suites with `npm run test:e2e`: it starts the server they test.');

/** `small` under `npm test`, `soak` under `npm run test:soak` (CPQ_SOAK=1; test/soak.ts is the same for vitest). */
export const bySize = (small, soak) => (process.env.CPQ_SOAK === '1' ? soak : small);

export const ARTIFACTS = 'test-artifacts';
const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
mkdirSync(ARTIFACTS, { recursive: true });

export function launch() {
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A full-page screenshot in test-artifacts/, for a human to look at. */
export async function shot(page, name) {
  const path = join(ARTIFACTS, `${name}.png`);
  // From the top, so that sticky panels sit where a reader first sees them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * The admin API with the token, for arranging data the scenario is not about. It goes to workerd itself
 * (test/e2e/workerd-address.mjs), not through the proxy `wrangler dev` puts in front of it: with several suites at
 * once on a busy machine, that proxy now and then answers a POST with its own "Your worker restarted mid-request".
 */
export async function adminApi(method, path, body, base = process.env.E2E_WORKER_URL ?? BASE) {
  const res = await fetch(`${base}/api/admin${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

/**
 * A new store with the shelving example and a sales key (`quote:read`, `quote:write`), and `/api/v1/quotes` as
 * that key: `api(method, path, body?, headers?)` answers the status, the ETag and the body (JSON when it is).
 */
export async function quoteStore(store, name) {
  assert.equal((await adminApi('POST', '/stores', { id: store, name, plan: 'enterprise' })).status, 201);
  const schema = readFileSync('examples/shelving.cpq', 'utf8');
  assert.equal((await adminApi('PUT', `/stores/${store}/products/shelving`, { schema })).status, 201);
  const sales = { name: 'Sales', permissions: ['quote:read', 'quote:write'] };
  const { key } = (await adminApi('POST', `/stores/${store}/api-keys`, sales)).body;
  return async function api(method, path, body, headers = {}) {
    const res = await fetch(`${BASE}/api/v1/quotes${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify({ tenant_id: store, ...body }) : undefined,
    });
    const text = await res.text();
    const json = (res.headers.get('Content-Type') ?? '').startsWith('application/json');
    return { status: res.status, etag: res.headers.get('ETag'), body: json ? JSON.parse(text) : text };
  };
}

/**
 * The demo shop's store with these examples saved in it, as their files are now. test/e2e/run.mjs seeded the demo
 * key; the store is made here, or exists already (another suite made it, or `npm run dev`).
 */
export async function demoProducts(examples) {
  const store = await adminApi('POST', '/stores', { id: DEMO_STORE, name: 'Demo Windows & Doors', plan: 'pro' });
  assert.ok(store.status === 201 || store.status === 409, JSON.stringify(store.body));
  for (const example of examples) {
    const saved = await adminApi('PUT', `/stores/${DEMO_STORE}/products/${example}`, {
      schema: readFileSync(`examples/${example}.cpq`, 'utf8'),
    });
    assert.ok(saved.status === 201 || saved.status === 200, JSON.stringify(saved.body));
  }
}

/** Collects script errors. Refused API calls (401, 409, 422…) are expected; Chrome logs each as an error. */
export function watchErrors(page, errors) {
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource: the server responded with a status of 4'))
      errors.push(m.text());
  });
}

/** A page signed in through the sign-in form, in a context of its own (`page.context()`). */
export async function signedInPage(browser, viewport = { width: 1366, height: 900 }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto(`${BASE}/admin/login`);
  await page.fill('#token', ADMIN_TOKEN);
  await page.click('button[type=submit]');
  await page.waitForURL(`${BASE}/admin/stores`);
  return page;
}

/**
 * Replaces the schema editor's whole text as pasting does: select all, then a paste event carrying the text,
 * which CodeMirror applies itself (the browser's own editing of the content would leave styled spans behind).
 */
export async function setSource(page, text) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+a');
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    const paste = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    document.querySelector('.cm-content').dispatchEvent(paste);
  }, text);
}

/** The text selected in the schema editor (CodeMirror keeps the DOM selection in step with its own). */
export function selectedText(page) {
  return page.evaluate(() => window.getSelection()?.toString() ?? '');
}

/**
 * axe-core's serious and critical violations on the page, its "accessible name contains the visible text" rule
 * switched on too. The page's context needs `bypassCSP: true`, only so that axe can be injected.
 */
export async function seriousViolations(page) {
  // As the page rests: a configurator's summary is dimmed (and fades back) while it fetches a price, which axe would
  // count as low contrast, and the load event (or a quiet network) comes before that fetch on a busy machine.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('cpq-configurator')].every((el) => {
      const summary = el.shadowRoot?.querySelector('.summary');
      return summary?.firstElementChild && !summary.classList.contains('busy') && getComputedStyle(summary).opacity === '1';
    }),
  );
  await page.addScriptTag({ content: AXE });
  const results = await page.evaluate(() =>
    window.axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } } }),
  );
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
