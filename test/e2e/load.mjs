// Concurrent requests against the server under test, as a storefront page sends them, and the figures of their
// answers. Used by burst.e2e.mjs (issue 21). They go to workerd itself, not through the proxy worker `wrangler dev`
// puts in front of it (test/e2e/workerd-address.mjs), so every answer is the Worker's: no answer is retried, and
// any ≥ 500 is a failure of ours.
import { Agent, fetch } from 'undici';

export const WORKER = process.env.E2E_WORKER_URL;
if (!WORKER) throw new Error('E2E_WORKER_URL is unset: run the suite with `npm run test:e2e -- burst`.');

/** What a product page fires at once, in turn: the form, the configurator's state, a price, and the editor's check. */
const KINDS = ['form', 'configure', 'calculate', 'validate'];

/**
 * At most this many requests on the wire at once; the rest of a burst waits in the client. 100 at once is ten times
 * what it takes to show issue 21 (10 concurrent requests fail on the unfixed leases). Each request has a connection
 * of its own, closed after the answer, as separate storefront visitors' are (`pipelining: 0`). undici's
 * `maxRequestsPerClient: 1` still sends a second request on a kept-alive connection, which workerd may close while
 * it idles between bursts: at load 12–17, 13 requests of a burst after 2.5 s of quiet found theirs closed.
 */
const dispatcher = new Agent({ connections: 100, pipelining: 0 });

/** A hung request must not hold the suite: 1,000 at once are all answered within about 8 s on a busy 2-core machine. */
const REQUEST_TIMEOUT_MS = 30_000;

/** The i-th request of a burst to one store: the kinds in turn, each configuration a little different. */
export function storefrontRequest(i, { store, key, product, source }) {
  const kind = KINDS[i % KINDS.length];
  const configuration = { width: 1000 + 10 * (i % 100) };
  const request =
    kind === 'form'
      ? { method: 'GET', path: `/api/v1/products/${product}/form?tenant_id=${store}` }
      : {
          method: 'POST',
          path: `/api/v1/${kind}`,
          body: kind === 'validate' ? { schema: source } : { tenant_id: store, product_id: product, configuration, quantity: 1 },
        };
  return { ...request, kind, store, key };
}

/**
 * One answer: its status (0 when no answer came: a network error or the timeout), when it was sent and answered
 * (local clock, ms), and what the rate-limit checks need. The body is read whole, so the time is the full answer's.
 */
async function send({ method, path, body, kind, store, key }) {
  const sentAt = Date.now();
  const start = performance.now();
  try {
    const res = await fetch(`${WORKER}${path}`, {
      method,
      headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      dispatcher,
    });
    const text = await res.text();
    const header = (name) => res.headers.get(name);
    return {
      kind,
      store,
      status: res.status,
      ms: performance.now() - start,
      sentAt,
      doneAt: Date.now(),
      headers: {
        limit: header('X-RateLimit-Limit'),
        remaining: header('X-RateLimit-Remaining'),
        reset: header('X-RateLimit-Reset'),
        retryAfter: header('Retry-After'),
      },
      // A refusal's body is part of the contract checked here; a failure's start says who failed (app or runtime).
      body: res.status === 429 ? JSON.parse(text) : res.status >= 500 ? text.slice(0, 200) : null,
    };
  } catch (err) {
    const error = `${err.name}: ${err.cause?.code ?? err.message}`;
    return { kind, store, status: 0, error, ms: performance.now() - start, sentAt, doneAt: Date.now() };
  }
}

/** Sends every request at once (at most 100 on the wire, see above) and waits for all the answers. */
export async function burst(requests) {
  const start = performance.now();
  const answers = await Promise.all(requests.map(send));
  return { answers, ms: performance.now() - start };
}

/** Nearest-rank percentile of the answers' times, ms. */
function percentile(answers, p) {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  return times[Math.max(0, Math.ceil((p / 100) * times.length) - 1)];
}

/** "200×40, 429×10": how many answers had each status, 0 standing for no answer at all. */
export function statusCounts(answers) {
  const counts = new Map();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status || 'none'}×${n}`)
    .join(', ');
}

/** A row of the figures table for one burst. */
export function figures(label, { answers, ms }) {
  return {
    ...label,
    requests: answers.length,
    statuses: statusCounts(answers),
    p50: Math.round(percentile(answers, 50)),
    p99: Math.round(percentile(answers, 99)),
    took: Math.round(ms),
  };
}

/** The figures as a Markdown table, the columns padded so that it reads as well in a terminal. */
export function figuresTable(rows) {
  const head = ['burst', 'plan', 'state', 'requests', 'statuses', 'p50 ms', 'p99 ms', 'burst took ms'];
  const cells = rows.map((r) => [r.burst, r.plan, r.state, r.requests, r.statuses, r.p50, r.p99, r.took].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const numeric = [false, false, false, true, false, true, true, true];
  const line = (c) => `| ${c.map((v, i) => (numeric[i] ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...cells.map(line)].join('\n');
}
