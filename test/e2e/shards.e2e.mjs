// Shards against `wrangler dev` and in Chromium (docs/scale.md, docs/backoffice.md "Shards"): the Shards page shows
// each shard's size and fill (no warning at D1's 10 GB), axe-clean at 1366 and 390 px with nothing scrolling sideways;
// on a store's settings an author moves it to shard 1 while three clients keep creating, sending and accepting quotes
// with real concurrent HTTP requests; every write answered 201/200 or 503 with Retry-After (and then retried), and
// afterwards the store lists exactly the quotes that were answered 201, each once, numbered without a duplicate.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ADMIN_TOKEN, adminApi, BASE, launch, seriousViolations, shot, watchErrors } from './browser.mjs';

const STORE = 'e2e-shards';
const WORKER = process.env.E2E_WORKER_URL ?? BASE;
let browser;
let key;

before(async () => {
  assert.equal(
    (await adminApi('POST', '/stores', { id: STORE, name: 'Shard Joinery', plan: 'enterprise', shard: 0 })).status,
    201,
  );
  const schema = readFileSync('examples/shelving.cpq', 'utf8');
  assert.equal((await adminApi('PUT', `/stores/${STORE}/products/shelving`, { schema })).status, 201);
  ({ key } = (
    await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Sales', permissions: ['quote:read', 'quote:write'] })
  ).body);
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/** Signed in through the form; CSP bypassed only so that axe's script can be added to the page. */
async function signedInPage(viewport = { width: 1366, height: 900 }) {
  const page = await (await browser.newContext({ viewport, bypassCSP: true })).newPage();
  await page.goto(`${BASE}/admin/login`);
  await page.fill('#token', ADMIN_TOKEN);
  await page.click('button[type=submit]');
  await page.waitForURL(`${BASE}/admin/stores`);
  return page;
}

/** A quote call straight to workerd (not through wrangler's proxy), as a storefront makes it. */
async function quotes(method, path, body) {
  const res = await fetch(`${WORKER}/api/v1/quotes${path}`, {
    method,
    headers: { 'X-API-Key': key, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify({ tenant_id: STORE, ...body }) : undefined,
  });
  return { status: res.status, retryAfter: res.headers.get('Retry-After'), body: await res.json() };
}

describe('shards', () => {
  it('shows each shard with its size and fill, no warning at 10 GB, axe-clean on a desktop and a phone', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ]) {
      const page = await signedInPage(viewport);
      const errors = [];
      watchErrors(page, errors);
      await page.getByRole('link', { name: 'Shards and capacity' }).click();
      await page.waitForURL(`${BASE}/admin/shards`);
      const capacity = page.getByRole('region', { name: 'Capacity' });
      assert.match(await capacity.textContent(), /Shard 0.*DB.*Shard 1.*DB_1/s);
      assert.equal(await page.locator('.badge.ok').count(), 2, 'two shards with room');
      assert.equal(await page.locator('.notice.warn').count(), 0);
      assert.match(await page.getByRole('region', { name: 'Rows per table' }).textContent(), /quote_items/);
      assert.deepEqual(await seriousViolations(page), []);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `${name}: ${width} px wide`);
      await shot(page, `shards-${name}`);
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  });

  it('moves a busy store from its settings to shard 1: every write landed once or was refused with Retry-After', async () => {
    const created = [];
    const refused = [];
    let busy = true;
    /** A client that retries a refused write after the Retry-After it was given. */
    const write = async (path, body) => {
      for (;;) {
        const res = await quotes('POST', path, body);
        if (res.status !== 503) return res;
        refused.push(res);
        assert.ok(Number(res.retryAfter) >= 1, `503 without Retry-After: ${JSON.stringify(res.body)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const client = async (c) => {
      for (let n = 0; busy || n < 2; n++) {
        const made = await write('', {
          items: [{ product_id: 'shelving', configuration: {} }],
          customer: { name: `Buyer ${c}.${n}` },
        });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        created.push(made.body.id);
        assert.equal((await write(`/${made.body.id}/send`, {})).status, 200);
        if (n % 2 === 0) assert.equal((await write(`/${made.body.id}/accept`, {})).status, 200);
      }
    };

    const page = await signedInPage();
    const errors = [];
    watchErrors(page, errors);
    await page.goto(`${BASE}/admin/stores/${STORE}/settings`);
    const card = page.getByRole('region', { name: 'Database' });
    assert.match(await card.textContent(), /Shard 0/);
    assert.deepEqual(await seriousViolations(page), []);
    const clients = [0, 1, 2].map(client);
    await card.getByLabel('Move to').selectOption('1');
    await card.getByRole('button', { name: 'Move store' }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.getByRole('button', { name: 'Move' }).click();
    // The page reloads on the move's answer; it is served from shard 1 once switched (the old rows go 2 minutes on).
    for (let tries = 0; ; tries++) {
      await page.waitForLoadState();
      const phase = await page
        .locator('[data-move-phase]')
        .getAttribute('data-move-phase')
        .catch(() => null);
      if (phase === 'waiting' || phase === 'cleaning' || phase === 'done') break;
      assert.ok(tries < 100, `the move is still ${phase}`);
      await new Promise((r) => setTimeout(r, 300));
      await page.reload();
    }
    busy = false;
    await Promise.all(clients);
    assert.match(await card.textContent(), /Shard 1/);
    assert.deepEqual(await seriousViolations(page), []);
    await shot(page, 'shards-moved');
    assert.deepEqual(errors, []);

    const status = (await adminApi('GET', `/stores/${STORE}/move`)).body;
    assert.equal(status.shard, 1);
    for (const [table, tally] of Object.entries(status.move.tables)) {
      assert.deepEqual(tally.copied, { rows: tally.rows, hash: tally.hash }, table);
    }
    const listed = [];
    for (let cursor = ''; ; ) {
      const page = await quotes('GET', `?tenant_id=${STORE}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      assert.equal(page.status, 200);
      listed.push(...page.body.quotes);
      if (!page.body.next_cursor) break;
      cursor = encodeURIComponent(page.body.next_cursor);
    }
    assert.deepEqual(listed.map((q) => q.id).sort(), [...created].sort());
    assert.equal(new Set(listed.map((q) => q.number)).size, created.length);
    console.log(
      `shards: ${created.length} quotes created by 3 concurrent clients around a move, ${refused.length} writes answered 503 with Retry-After and retried`,
    );
  });
});
