// Webhooks through wrangler dev's real queues (docs/webhooks.md): a receiver in this process, registered over the
// admin API (http to localhost: run.mjs starts the Worker with WEBHOOKS_ALLOW_LOCAL=1 and retries a second
// apart), gets quote.accepted signed with the endpoint's secret and carrying the items' production outputs; a
// receiver answering 500 once is retried and the log shows both attempts; a replay from the API arrives again.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { adminApi, BASE, launch, shot, signedInPage, watchErrors } from './browser.mjs';

const STORE = 'e2e-webhooks';
let server;
let target;
let browser;
const received = [];
/** Statuses the receiver answers next, one per request; 200 when none are left. */
const planned = [];

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(planned.shift() ?? 200).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${server.address().port}/hooks`;
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'Hook Joinery', plan: 'enterprise' })).status, 201);
  const schema = readFileSync('examples/shelving.cpq', 'utf8');
  assert.equal((await adminApi('PUT', `/stores/${STORE}/products/shelving`, { schema })).status, 201);
  browser = await launch();
});

after(async () => {
  server?.close();
  await browser?.close();
});

async function quotes(key, method, path, body) {
  const res = await fetch(`${BASE}/api/v1/quotes${path}`, {
    method,
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ tenant_id: STORE, ...body }),
  });
  assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${await res.clone().text()}`);
  return res.json();
}

/** Polls until `check` answers something truthy, or fails after `ms`. */
async function until(what, check, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) assert.fail(`waited ${ms / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function verify(secret, message) {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(message.headers['cpq-signature']) ?? [];
  assert.ok(t, `a Stripe-style signature header: ${message.headers['cpq-signature']}`);
  const expected = createHmac('sha256', secret).update(`${t}.${message.body}`).digest();
  assert.ok(timingSafeEqual(expected, Buffer.from(v1, 'hex')), 'the signature is the HMAC of "t.body" with the secret');
  assert.ok(Math.abs(Date.now() / 1000 - Number(t)) < 300);
}

const log = async () => (await adminApi('GET', `/stores/${STORE}/webhook-deliveries`)).body.deliveries;

describe('webhooks through the queue', () => {
  it('quote.accepted reaches the receiver signed, with the items and their production outputs, after a 500 is retried', async () => {
    const hook = await adminApi('POST', `/stores/${STORE}/webhooks`, { url: target, events: ['quote.accepted'] });
    assert.equal(hook.status, 201, JSON.stringify(hook.body));
    const { secret } = hook.body;
    const { key } = (await adminApi('POST', `/stores/${STORE}/api-keys`, { name: 'Sales', permissions: ['quote:write'] })).body;
    const quote = await quotes(key, 'POST', '', { items: [{ product_id: 'shelving', configuration: {}, quantity: 2 }] });
    await quotes(key, 'POST', `/${quote.id}/send`, {});
    planned.push(500);
    await quotes(key, 'POST', `/${quote.id}/accept`, {});

    await until('a retried delivery', () => received.length >= 2 && received);
    for (const message of received) verify(secret, message);
    assert.equal(received[0].body, received[1].body, 'the retry sends the stored event');
    const event = JSON.parse(received[1].body);
    assert.equal(event.type, 'quote.accepted');
    assert.equal(received[1].headers['cpq-event-id'], event.id);
    assert.equal(event.data.quote.id, quote.id);
    const [item] = event.data.quote.items;
    assert.equal(item.quantity, 2);
    assert.ok(Object.keys(item.outputs).length > 0, 'the production outputs travel with the item');
    assert.deepEqual(Object.keys(item.outputs).sort(), Object.keys(item.output_info).sort());

    const [delivery] = await until('the log to show the delivery', async () => {
      const d = await log();
      return d[0]?.status === 'delivered' && d;
    });
    assert.deepEqual(
      delivery.log.map((a) => [a.attempt, a.status_code]),
      [
        [1, 500],
        [2, 200],
      ],
    );

    const replayed = await adminApi('POST', `/stores/${STORE}/webhook-deliveries/${delivery.id}/replay`, {});
    assert.equal(replayed.status, 200);
    await until('the replay', () => received.length >= 3);
    verify(secret, received[2]);
    assert.equal(received[2].body, received[0].body);
    await until('the replay in the log', async () => (await log())[0].attempts === 3);
  });
});

describe('Stores > Webhooks in the backoffice', () => {
  it('adds an endpoint (its secret shown once), shows the log, replays a delivery, sends a test event, rotates the secret and disables the endpoint', async () => {
    const page = await signedInPage(browser);
    const errors = [];
    watchErrors(page, errors);
    await page.goto(`${BASE}/admin/stores/${STORE}/webhooks`);
    // The first suite's endpoint and its delivery are listed.
    await page.locator('tr[data-delivery-id] .badge.ok', { hasText: 'delivered' }).first().waitFor();

    await page.fill('#hook-url', `${target}/second`);
    await page.getByRole('checkbox', { name: 'quote.sent' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.locator('#new-key:not([hidden])').waitFor();
    const secret = await page.inputValue('#new-key-value');
    assert.match(secret, /^whsec_/);
    await page.locator('#hooks tr[data-webhook-id]').nth(1).waitFor();
    await shot(page, 'webhooks-secret-shown');
    const listed = (await adminApi('GET', `/stores/${STORE}/webhooks`)).body.webhooks;
    assert.deepEqual(listed.at(-1).events, ['quote.sent', 'quote.accepted']);

    const before = received.length;
    await page
      .getByRole('button', { name: /^Replay quote\.accepted/ })
      .first()
      .click();
    await until('the replay from the page', () => received.length > before);
    await page.waitForLoadState('load');

    // Send test event: the receiver gets a signed webhook.test at once; the status line tells the outcome.
    const beforeTest = received.length;
    await page.getByRole('button', { name: `Send test event to ${target}/second` }).click();
    await page.locator('#flash', { hasText: /Test event delivered: 200 in \d+ ms/ }).waitFor();
    assert.equal(received.length, beforeTest + 1);
    verify(secret, received.at(-1));
    assert.equal(JSON.parse(received.at(-1).body).type, 'webhook.test');
    planned.push(503);
    await page.getByRole('button', { name: `Send test event to ${target}/second` }).click();
    await page.locator('#flash', { hasText: 'Test event failed: HTTP 503' }).waitFor();

    // Rotate secret, after a confirmation: the new secret shown once; the old one still signs beside it.
    await page.getByRole('button', { name: `Rotate secret of ${target}/second` }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Rotate secret' }).click();
    await page.waitForFunction((old) => {
      const value = document.querySelector('#new-key-value')?.value;
      return value?.startsWith('whsec_') && value !== old;
    }, secret);
    const rotated = await page.inputValue('#new-key-value');
    await page.getByRole('button', { name: `Send test event to ${target}/second` }).click();
    await page.locator('#flash', { hasText: /Test event delivered/ }).waitFor();
    const both = received.at(-1).headers['cpq-signature'];
    assert.match(both, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const [t, fresh, old] = both.split(',').map((p) => p.split('=')[1]);
    const mac = (key) =>
      createHmac('sha256', key)
        .update(`${t}.${received.at(-1).body}`)
        .digest('hex');
    assert.deepEqual([fresh, old], [mac(rotated), mac(secret)], 'the new secret and the old one both sign');

    await page.getByRole('button', { name: `Disable ${target}/second` }).click();
    await page.getByRole('button', { name: `Enable ${target}/second` }).waitFor();
    assert.equal((await adminApi('GET', `/stores/${STORE}/webhooks`)).body.webhooks.at(-1).enabled, false);
    await shot(page, 'webhooks-log');
    assert.deepEqual(errors, []);
  });
});
