// Issue 21: bursts of concurrent storefront requests (form, configure, calculate, validate) against the workerd of
// `wrangler dev` (test/e2e/load.mjs), one isolate serving them all as in production. Leases make requests of one
// isolate wait on one renewal; a request must never wait on a promise that another request's I/O settles, or
// workerd cancels it as hung (500). Every burst must be answered below 500, admit at most the plan's minute budget
// per window (and nearly all of it on a new store), refuse with the documented 429, and leave no cross-request
// warning in the server log.
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { ARTIFACTS, adminApi, bySize } from './browser.mjs';
import { burst, figures, figuresTable, statusCounts, storefrontRequest, WORKER } from './load.mjs';

/** Requests per minute, as src/limits/budgets.ts has them, and the day's, which a refusal may name instead. */
const BUDGETS = { free: { minute: 60, day: 1_000 }, pro: { minute: 300, day: 10_000 }, enterprise: null };
const PLANS = Object.keys(BUDGETS);
/** Up to 1,000 at once under `npm run test:soak`; under `npm test` up to 350, past the largest budget (pro's 300). */
const SIZES = bySize([1, 10, 50, 350], [1, 10, 50, 200, 1_000]);
const SEVERAL = bySize([350], [200, 1_000]);
/** Quiet before the third burst, 1 to 3 s: the lease (1 s) has expired and its tokens went back, or are going. */
const QUIET_MS = [1_000, 1_500, 2_000, 2_500, 3_000];
/** docs/rate-limits.md: "never more than the limit, ≥ 97 % of it once settled". */
const SETTLED = 0.97;
const PRODUCT = 'pvc-window';
const SOURCE = readFileSync(`examples/${PRODUCT}.cpq`, 'utf8');
/** What workerd and the runtime log when a request waited on another request's promise (issue 21). */
const CROSS_REQUEST = /different request context|code had hung|canceled this request/;

const SERVER_LOG = process.env.E2E_SERVER_LOG;
if (!SERVER_LOG) throw new Error('E2E_SERVER_LOG is unset: run the suite with `npm run test:e2e -- burst`.');
/** Only the lines logged from here on are this suite's. */
const logStart = statSync(SERVER_LOG).size;
const rows = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const minuteOf = (ms) => Math.floor(ms / 60_000);

/** A store never used through the API: its plan, a storefront key and the product. */
async function newStore(id, plan) {
  assert.equal((await adminApi('POST', '/stores', { id, name: `Burst ${id}`, plan })).status, 201);
  const created = await adminApi('POST', `/stores/${id}/api-keys`, { name: 'Storefront' });
  assert.equal(created.status, 201);
  assert.equal((await adminApi('PUT', `/stores/${id}/products/${PRODUCT}`, { schema: SOURCE })).status, 201);
  return { store: id, plan, key: created.body.key, product: PRODUCT, source: SOURCE, answers: [] };
}

/** Sends n requests at once, spread over the stores in turn, keeps each store's answers and the burst's figures. */
async function fire(stores, n, label) {
  const requests = Array.from({ length: n }, (_, i) =>
    storefrontRequest(Math.floor(i / stores.length), stores[i % stores.length]),
  );
  const result = await burst(requests);
  for (const s of stores) s.answers.push(...result.answers.filter((a) => a.store === s.store));
  rows.push(figures({ burst: n, ...label }, result));
  return result.answers;
}

const admittedIn = (answers) => answers.filter((a) => a.status > 0 && a.status < 500 && a.status !== 429);

/** Problems, each once with how often it occurred and its first example, so that a failure reads as a summary. */
class Problems {
  #seen = new Map();
  add(message, example = '') {
    const seen = this.#seen.get(message) ?? { n: 0, example };
    this.#seen.set(message, { ...seen, n: seen.n + 1 });
  }
  list() {
    return [...this.#seen].map(
      ([message, { n, example }]) => `${message}${n > 1 ? ` (×${n})` : ''}${example && `, e.g. ${example}`}`,
    );
  }
}

/** Every answer below 500, and every 429 as docs/rate-limits.md shows it. */
function checkAnswers({ store, plan }, answers, problems) {
  const failed = answers.filter((a) => a.status === 0 || a.status >= 500);
  if (failed.length) problems.add(`${store}: ${failed.length} of ${answers.length} failed (${statusCounts(answers)})`);
  for (const a of failed) problems.add(`${store}: ${a.status || 'no answer'}`, JSON.stringify(a.error ?? a.body));
  for (const a of answers.filter((r) => r.status === 429)) {
    const { limit, remaining, reset, retryAfter } = a.headers;
    const example = JSON.stringify({ ...a.headers, body: a.body });
    if (!BUDGETS[plan]) problems.add(`${store}: an unlimited store answered 429`, example);
    if (a.body?.code !== 'RATE_LIMITED' || typeof a.body.error !== 'string') problems.add(`${store}: 429 body`, example);
    if (!Object.values(BUDGETS[plan] ?? {}).includes(Number(limit))) problems.add(`${store}: 429's X-RateLimit-Limit`, example);
    if (remaining !== '0') problems.add(`${store}: 429's X-RateLimit-Remaining`, example);
    // Reset ends the binding window; Retry-After counts the seconds until then, from some moment between sending
    // and answer, rounded up (at least 1). A second either way allows for the two clocks' rounding.
    const latest = Math.ceil(Number(reset) - a.sentAt / 1000) + 1;
    const earliest = Math.max(1, Math.ceil(Number(reset) - a.doneAt / 1000) - 1);
    if (!/^[1-9]\d*$/.test(retryAfter ?? '') || Number(retryAfter) < earliest || Number(retryAfter) > latest)
      problems.add(`${store}: 429's Retry-After is not the seconds until X-RateLimit-Reset`, example);
  }
}

/**
 * At most the minute budget admitted in any minute window. A request's window is the minute it was admitted in,
 * somewhere between sending and answer: counted by the local clock (the server's, on this machine) when both fall
 * in one minute, and by the X-RateLimit-Reset the server gave it. A burst straddling a minute edge legitimately
 * admits a budget on each side, which both counts keep apart.
 */
function checkWindows({ store, plan, answers }, problems) {
  const budget = BUDGETS[plan];
  if (!budget) return;
  const byClock = new Map();
  const byReset = new Map();
  for (const a of admittedIn(answers)) {
    if (minuteOf(a.sentAt) === minuteOf(a.doneAt)) byClock.set(minuteOf(a.sentAt), (byClock.get(minuteOf(a.sentAt)) ?? 0) + 1);
    // The day binds only near its own end, then Reset names the day: those answers say nothing about the minute.
    if (Number(a.headers.limit) === budget.minute) byReset.set(a.headers.reset, (byReset.get(a.headers.reset) ?? 0) + 1);
  }
  for (const [minute, n] of byClock)
    if (n > budget.minute) problems.add(`${store}: ${n} admitted in the minute from ${new Date(minute * 60_000).toISOString()}`);
  for (const [reset, n] of byReset)
    if (n > budget.minute) problems.add(`${store}: ${n} admitted in the minute window ending at ${reset}`);
}

/** A new store's first burst: nearly all of the budget admitted, or all of the burst when it fits. */
function checkSettled({ store, plan }, answers, problems) {
  const wanted = Math.min(answers.length, BUDGETS[plan] ? Math.floor(SETTLED * BUDGETS[plan].minute) : answers.length);
  const admitted = admittedIn(answers).length;
  if (admitted < wanted) problems.add(`${store}: a new store admitted ${admitted} of ${answers.length}, fewer than ${wanted}`);
}

it("goes to workerd itself, not through wrangler dev's proxy worker", async () => {
  assert.notEqual(new URL(WORKER).port, new URL(process.env.E2E_PROXY_URL ?? '').port);
  const res = await fetch(`${WORKER}/api/health`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('X-Request-Id') ?? '', /^[0-9a-f-]{36}$/);
});

for (const plan of PLANS) {
  describe(`bursts to one ${plan} store`, () => {
    SIZES.forEach((n, i) => {
      it(`${n} at once: cold, warm right after, then after ${QUIET_MS[i] / 1000} s of quiet`, async () => {
        const store = await newStore(`burst-${plan}-${n}`, plan);
        const problems = new Problems();
        const cold = await fire([store], n, { plan, state: 'cold' });
        checkSettled(store, cold, problems);
        await fire([store], n, { plan, state: 'warm' });
        await sleep(QUIET_MS[i]);
        await fire([store], n, { plan, state: `${QUIET_MS[i] / 1000} s quiet` });
        checkAnswers(store, store.answers, problems);
        checkWindows(store, problems);
        assert.deepEqual(problems.list(), []);
      });
    });
  });
}

describe('bursts across several stores at once', () => {
  for (const n of SEVERAL) {
    it(`${n} over a free, a pro, an enterprise and another free store: cold, then warm`, async () => {
      const stores = await Promise.all(
        ['free', 'pro', 'enterprise', 'free'].map((plan, i) => newStore(`burst-multi-${n}-${i}-${plan}`, plan)),
      );
      const plan = stores.map((s) => s.plan).join(' + ');
      const problems = new Problems();
      await fire(stores, n, { plan, state: 'cold' });
      for (const s of stores) checkSettled(s, s.answers, problems);
      await fire(stores, n, { plan, state: 'warm' });
      for (const s of stores) {
        checkAnswers(s, s.answers, problems);
        checkWindows(s, problems);
      }
      assert.deepEqual(problems.list(), []);
    });
  }
});

it('the server logged no request waiting on another request', async () => {
  // The runner writes the log as it arrives; give the last lines a moment to get there.
  await sleep(500);
  const lines = readFileSync(SERVER_LOG).subarray(logStart).toString('utf8').split('\n');
  const crossed = lines.filter((l) => CROSS_REQUEST.test(l));
  const kinds = ['different request context', 'code had hung', 'canceled this request'].map(
    (k) => `${crossed.filter((l) => l.includes(k)).length} × "${k}"`,
  );
  assert.equal(crossed.length, 0, `${kinds.join(', ')}; the first:\n${crossed.slice(0, 3).join('\n')}`);
});

after(() => {
  const table = figuresTable(rows);
  console.log(`\nBursts against the workerd of wrangler dev (issue 21):\n\n${table}\n`);
  writeFileSync(`${ARTIFACTS}/burst-figures.md`, `${table}\n`);
});
