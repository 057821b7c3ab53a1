// The outbox under faults (docs/webhooks.md, "Emission", "Fault knobs"): a `wrangler dev` of its own serves the
// Worker with the fault knobs (bench/worker-with-knobs.ts), 30 % of queue sends throwing and some requests cut with
// a 500 right after their write, and a receiver in this process subscribed to a quote's events. Quotes are
// requested, sent and accepted (three transitions each, every one an event), a client retrying what a 500 left
// undone; then the cron's sweep is run (`/__scheduled`, `--test-scheduled`) until it has nothing left to send.
// Every event written arrives at least once, none is lost, and the duplicates are counted. Its own server, not
// run.mjs's: the knobs would fail the other suites' requests. 30 transitions under `npm test`, 300 under
// `npm run test:soak`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { shardBindings } from '../../scripts/migrate.mjs';
import { bySize } from './browser.mjs';

const QUOTES = bySize(10, 100);
const LANES = bySize(5, 10);
const TOKEN = 'soak-token';
const STORE = 'e2e-outbox-soak';
const wrangler = join('node_modules', '.bin', 'wrangler');
const persist = mkdtempSync(join(tmpdir(), 'cpq-outbox-soak-'));
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };
let dev;
let base;
let receiver;
let target;
let serverLog = '';
/** Every request the receiver got: the event's id, type, sequence and quote. */
const received = [];

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = netServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

function run(args) {
  const child = spawn(wrangler, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`wrangler ${args[0]} failed:\n${output}`)))),
  );
}

before(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const event = JSON.parse(body);
      received.push({ id: event.id, type: event.type, sequence: event.sequence, quote: event.data.quote.id });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${receiver.address().port}/hooks`;

  for (const binding of shardBindings(readFileSync('wrangler.toml', 'utf8'))) {
    await run(['d1', 'migrations', 'apply', binding, '--local', '--persist-to', persist]);
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const vars = [
    `ADMIN_TOKEN:${TOKEN}`,
    'WEBHOOKS_ALLOW_LOCAL:1',
    'WEBHOOKS_RETRY_BASE_SECONDS:1',
    // The test runs the sweep once every transition is done: nothing is still being sent by its request then.
    'WEBHOOKS_SWEEP_AFTER_SECONDS:0',
    'CPQ_DEV_QUEUE_FAIL_RATE:0.3',
    'CPQ_DEV_CUT_AFTER_WRITE_RATE:0.1',
  ];
  dev = spawn(
    wrangler,
    [
      'dev',
      'bench/worker-with-knobs.ts',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--persist-to',
      persist,
      '--test-scheduled',
      '--show-interactive-dev-session=false',
      ...vars.flatMap((v) => ['--var', v]),
    ],
    { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  dev.stdout.on('data', (d) => (serverLog += d));
  dev.stderr.on('data', (d) => (serverLog += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`wrangler dev exited:\n${serverLog}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`wrangler dev did not answer within 90 s:\n${serverLog}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

after(async () => {
  receiver?.close();
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    // The child leads its own process group (detached): this reaches its workerd too, and nothing else.
    process.kill(-dev.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  }
  rmSync(persist, { recursive: true, force: true });
});

async function call(method, path, body, headers = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
const admin = (method, path, body) => call(method, `/api/admin${path}`, body, { Authorization: `Bearer ${TOKEN}` });

/** Setup through the admin API, whose writes may be cut too: a 500 was written, so the next try finds it done. */
async function arrange(what, attempt) {
  for (let i = 0; i < 10; i++) {
    const res = await attempt();
    if (res) return res;
  }
  assert.fail(`could not ${what}`);
}

/** What became of the events that never arrived: their deliveries' states, and the server's errors. */
async function lost(expected, arrived, driveSeconds) {
  const missing = [...expected].filter((e) => !arrived.has(e));
  const states = {};
  let cursor = null;
  do {
    const page = (await admin('GET', `/stores/${STORE}/webhook-deliveries?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).body;
    for (const d of page.deliveries)
      states[`${d.status} after ${d.attempts}`] = (states[`${d.status} after ${d.attempts}`] ?? 0) + 1;
    cursor = page.next_cursor;
  } while (cursor);
  const errors = serverLog
    .split('\n')
    .filter((l) => /error|✘/i.test(l) && !l.includes('failed on purpose') && !l.includes('cut right after'));
  return `${missing.length} events never arrived (driven in ${driveSeconds} s), e.g. ${missing.slice(0, 3).join(', ')}; deliveries: ${JSON.stringify(states)}; server errors (${errors.length}): ${errors.slice(0, 10).join('\n')}`;
}

describe('the outbox under failing queue sends and requests cut after their write', () => {
  it(`delivers every event of ${QUOTES * 3} quote transitions at least once`, { timeout: bySize(120_000, 600_000) }, async () => {
    const started = Date.now();
    await arrange('create the store', async () => {
      const res = await admin('POST', '/stores', { id: STORE, name: 'Soak Joinery', plan: 'enterprise' });
      return res.status === 201 || res.status === 409;
    });
    const schema = readFileSync('examples/shelving.cpq', 'utf8');
    await arrange(
      'save the product',
      async () => (await admin('PUT', `/stores/${STORE}/products/shelving`, { schema })).status < 300,
    );
    await arrange('add the endpoint', async () => {
      const listed = (await admin('GET', `/stores/${STORE}/webhooks`)).body.webhooks;
      if (listed.length > 0) return true;
      await admin('POST', `/stores/${STORE}/webhooks`, {
        url: target,
        events: ['quote.requested', 'quote.sent', 'quote.accepted'],
      });
      return false;
    });
    const key = (permissions) =>
      arrange('make a key', async () => {
        const res = await admin('POST', `/stores/${STORE}/api-keys`, { name: permissions.join(' '), permissions });
        return res.status === 201 && res.body.key;
      });
    const storefront = await key(['quote:request']);
    const sales = await key(['quote:read', 'quote:write']);

    const tally = { transitions: 0, cut: 0, retried: 0 };
    const quote = (method, path, apiKey, body, headers = {}) =>
      call(method, `/api/v1/quotes${path}`, body && { tenant_id: STORE, ...body }, { 'X-API-Key': apiKey, ...headers });
    const statusOf = async (id) => (await quote('GET', `/${id}?tenant_id=${STORE}`, sales)).body.status;

    /** A transition as a careful client makes it: after a 500 it reads the quote, and tries again if nothing moved. */
    async function step(id, action, to) {
      for (let i = 0; i < 10; i++) {
        const res = await quote('POST', `/${id}/${action}`, sales, {});
        if (res.status === 200) return tally.transitions++;
        assert.equal(res.status, 500, `${action}: ${res.status} ${JSON.stringify(res.body)}`);
        if ((await statusOf(id)) === to) {
          tally.cut++;
          return tally.transitions++;
        }
        tally.retried++;
      }
      assert.fail(`${action} of ${id} never went through`);
    }

    async function request(n) {
      // The Idempotency-Key makes a retry after a cut answer the quote that was written.
      const headers = { 'Idempotency-Key': `soak-${n}` };
      const body = { items: [{ product_id: 'shelving', configuration: {}, quantity: 1 }], customer: { name: `Buyer ${n}` } };
      for (let i = 0; i < 10; i++) {
        const res = await quote('POST', '', storefront, body, headers);
        if (res.status === 201 || res.status === 200) {
          if (i > 0) tally.cut++;
          tally.transitions++;
          return res.body.id;
        }
        assert.equal(res.status, 500, `request: ${res.status} ${JSON.stringify(res.body)}`);
      }
      assert.fail(`quote request ${n} never went through`);
    }

    const quotes = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < QUOTES) {
          const n = next++;
          const id = await request(n);
          quotes.push(id);
          await step(id, 'send', 'sent');
          await step(id, 'accept', 'accepted');
        }
      }),
    );
    const driven = Date.now();

    // Each event once per quote: (quote, type) is what must arrive.
    const expected = new Set(
      quotes.flatMap((id) => ['quote.requested', 'quote.sent', 'quote.accepted'].map((t) => `${id} ${t}`)),
    );
    const arrived = () => new Set(received.map((r) => `${r.quote} ${r.type}`));
    let sweeps = 0;
    const deadline = Date.now() + bySize(60_000, 240_000);
    while ([...expected].some((e) => !arrived().has(e))) {
      if (Date.now() > deadline) assert.fail(await lost(expected, arrived(), (driven - started) / 1000));
      // The sweep's own sends fail at the same rate: each run sends what is still not marked queued.
      const res = await fetch(`${base}/__scheduled?cron=*+*+*+*+*`);
      assert.equal(res.status, 200, await res.text());
      sweeps++;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const done = Date.now();

    assert.equal(tally.transitions, QUOTES * 3);
    assert.deepEqual([...arrived()].sort(), [...expected].sort(), 'no event the test did not make');
    // One event per transition: a change written once has one event, whatever its client retried.
    const ids = new Map();
    for (const r of received) ids.set(`${r.quote} ${r.type}`, new Set([...(ids.get(`${r.quote} ${r.type}`) ?? []), r.id]));
    assert.ok(
      [...ids.values()].every((s) => s.size === 1),
      'one event id per transition',
    );
    // A receiver orders a quote's events by sequence.
    for (const id of quotes) {
      const seq = (type) => received.find((r) => r.quote === id && r.type === type).sequence;
      assert.ok(seq('quote.requested') < seq('quote.sent') && seq('quote.sent') < seq('quote.accepted'), `sequence of ${id}`);
    }
    const failedSends = (serverLog.match(/CPQ_DEV_QUEUE_FAIL_RATE: this sendBatch failed on purpose/g) ?? []).length;
    const figures = {
      quotes: QUOTES,
      transitions: tally.transitions,
      cut_after_write: tally.cut,
      retried_unwritten: tally.retried,
      queue_sends_failed: failedSends,
      events: expected.size,
      deliveries_received: received.length,
      duplicates: received.length - new Set(received.map((r) => r.id)).size,
      sweeps,
      drive_s: (driven - started) / 1000,
      until_all_delivered_s: (done - driven) / 1000,
    };
    console.log(`outbox soak: ${JSON.stringify(figures)}`);
    // The knobs did fail something, or this proved nothing.
    assert.ok(failedSends > 0, 'some queue sends failed');
  });
});
