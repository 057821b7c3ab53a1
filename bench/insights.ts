// The store overview's figures (issue 47, docs/api.md "Insights"): a store of 100,000 quotes created over the last
// year (about 2 items each, 200,000 items) and a second store of 20,000 beside it, generated into a local D1
// (Miniflare's, the one `wrangler dev` runs; every migration applied), then `storeInsights` for the whole year timed
// end to end (seven statements in one batch, as the API runs it), and each statement alone. The peer: the same
// statements without migration 0015's indexes, which is what the figures cost on the list's indexes alone.
// Target: 150 ms for the year. `npm run bench -- insights [--quick]`.

import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { Miniflare } from 'miniflare';
import { unstable_splitSqlQuery } from 'wrangler';
import { insightStatements, periodOf, storeInsights } from '../src/quotes/service/insights';
import { median, section, table, workerdCpu, workerdPids } from './harness';

const quick = process.argv.includes('--quick');
const QUOTES = quick ? 20_000 : 100_000;
const OTHER_QUOTES = QUOTES / 5;
const ROUNDS = quick ? 3 : 7;
const DAY = 86_400_000;
const STORE = 'bench-store';

const mf = new Miniflare({
  modules: true,
  script: 'export default { fetch() { return new Response(null, { status: 204 }); } };',
  d1Databases: ['DB'],
});
const db = await mf.getD1Database('DB');
const env = { DB: db } as unknown as Env;

/** Every migration, split into statements as `wrangler d1 migrations apply` does (triggers whole); run from the root. */
async function migrate() {
  for (const file of readdirSync('migrations').sort()) {
    for (const statement of unstable_splitSqlQuery(readFileSync(`migrations/${file}`, 'utf8'))) {
      await db.prepare(statement).run();
    }
  }
}

/**
 * `count` quotes of `store` created evenly over the year before `now`, made inside SQLite by a recursive CTE (a
 * deterministic mix from each quote's number): 35 % accepted, 20 % rejected, 15 % sent (some expired), 15 % drafts,
 * 5 % awaiting approval, 10 % cancelled; a third with a discount; one to three items of eight products, each with
 * a configuration of three options.
 */
async function generate(store: string, count: number, now: number) {
  const span = 365 * DAY;
  await db
    .prepare('INSERT INTO stores (id, name, plan, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
    .bind(store, store, 'enterprise', now - span, now - span)
    .run();
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2),
       g AS (SELECT i, (i * 7919) % 100 AS r, ?3 - ?4 + (i * ?4 / ?2) AS created FROM n)
       INSERT INTO quotes (id, store_id, year, seq, number, revision, status, version, currency, minor_units, language,
         customer, valid_until, subtotal_minor, discount_minor, total_minor, line_discount_minor, created_by, created_at,
         updated_at, sent_at, decided_at)
       SELECT ?1 || '-' || i, ?1, 2026, i, printf('Q-2026-%06d', i), 1,
         CASE WHEN r < 35 THEN 'accepted' WHEN r < 55 THEN 'rejected' WHEN r < 70 THEN 'sent' WHEN r < 85 THEN 'draft'
              WHEN r < 90 THEN 'pending_approval' ELSE 'cancelled' END,
         1 + (i % 3), 'EUR', 2, 'en', '{"name":"Buyer"}', created + 30 * 86400000,
         10000 + (i * 37) % 90000, CASE WHEN i % 3 = 0 THEN (i * 13) % 2000 ELSE 0 END,
         10000 + (i * 37) % 90000 - CASE WHEN i % 3 = 0 THEN (i * 13) % 2000 ELSE 0 END,
         CASE WHEN i % 5 = 0 THEN (i * 7) % 1000 ELSE 0 END,
         CASE WHEN i % 4 = 0 THEN 'admin' ELSE 'key:k' END, created, created,
         CASE WHEN r < 70 THEN created + 3600000 * (1 + i % 72) END,
         CASE WHEN r < 55 THEN created + 3600000 * (73 + i % 240) END
       FROM g`,
    )
    .bind(store, count, now, span)
    .run();
  for (const position of [1, 2, 3]) {
    // Every quote has a first item, two thirds a second, a third a third.
    await db
      .prepare(
        `INSERT INTO quote_items (id, quote_id, store_id, position, product_id, product_version, content_hash, quantity,
           configuration, priced, total_minor, discount, discount_minor)
         SELECT id || '-' || ?2, id, store_id, ?2, 'product-' || CAST((seq * ?2 * 31) % 8 AS INTEGER), 1, 'h', 1 + seq % 4,
           json_object('wood', CASE (seq + ?2) % 3 WHEN 0 THEN 'oak' WHEN 1 THEN 'pine' ELSE 'walnut' END,
                       'colour', CASE (seq * ?2) % 4 WHEN 0 THEN 'white' WHEN 1 THEN 'black' WHEN 2 THEN 'grey' ELSE 'red' END,
                       'width', 400 + (seq % 9) * 100),
           '{}', 2000 + (seq * ?2 * 53) % 30000, NULL, 0
         FROM quotes WHERE store_id = ?1 AND (?2 = 1 OR (?2 = 2 AND seq % 3 <> 0) OR (?2 = 3 AND seq % 3 = 0))`,
      )
      .bind(store, position)
      .run();
  }
}

const clock = () => Number(process.hrtime.bigint()) / 1e6;

interface Timing {
  /** Median wall time of a call, ms. */
  wall: number;
  /** workerd's CPU time per call, ms (the rounds' total over their number). */
  cpu: number;
}

async function timed(fn: () => Promise<unknown>): Promise<Timing> {
  await fn();
  const pids = workerdPids();
  const times: number[] = [];
  const cpuBefore = workerdCpu(pids);
  for (let r = 0; r < ROUNDS; r++) {
    const start = clock();
    await fn();
    times.push(clock() - start);
  }
  return { wall: median(times), cpu: (workerdCpu(pids) - cpuBefore) / ROUNDS };
}

const now = Date.now();
const today = new Date(now).toISOString().slice(0, 10);
const yearAgo = new Date(now - 364 * DAY).toISOString().slice(0, 10);
const query = { from: yearAgo, to: today, group_by: 'week' as const };

const started = clock();
await migrate();
await generate(STORE, QUOTES, now);
await generate('bench-other', OTHER_QUOTES, now);
const counted = await db.prepare('SELECT count(*) AS n FROM quote_items WHERE store_id = ?').bind(STORE).first<{ n: number }>();
console.log(
  `generated ${QUOTES.toLocaleString('en')} quotes and ${counted?.n.toLocaleString('en')} items (and ${OTHER_QUOTES.toLocaleString('en')} quotes of another store) in ${((clock() - started) / 1000).toFixed(1)} s; ${ROUNDS} rounds: the median wall time, and workerd's CPU time per call`,
);

const statements = insightStatements(STORE, 'EUR', periodOf(query, now), now);
const eachStatement = async () => {
  const times = new Map<string, Timing>();
  for (const s of statements) {
    times.set(
      s.name,
      await timed(() =>
        db
          .prepare(s.sql)
          .bind(...s.params)
          .all(),
      ),
    );
  }
  return times;
};

const withIndexes = await eachStatement();
const whole = await timed(() => storeInsights(env, STORE, query, now));
const figures = await storeInsights(env, STORE, query, now);

const INDEXES = [
  'quotes_store_created_figures',
  'quotes_store_decided',
  'quotes_store_open',
  'quote_items_store_created',
  'quote_items_store_product_time',
];
for (const name of INDEXES) await db.prepare(`DROP INDEX ${name}`).run();
const withoutIndexes = await eachStatement();
const wholeWithout = await timed(() => storeInsights(env, STORE, query, now));

const cells = (t: Timing) => [t.wall.toFixed(1), t.cpu.toFixed(1)];
section(
  `a year of ${QUOTES.toLocaleString('en')} quotes (${yearAgo} to ${today}, by week); load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} CPUs`,
  table(
    ['statement', 'wall ms, 0015', 'workerd CPU ms, 0015', 'wall ms, without', 'workerd CPU ms, without'],
    [
      ...statements.map((s) => [s.name, ...cells(withIndexes.get(s.name)!), ...cells(withoutIndexes.get(s.name)!)]),
      ['sum of the statements alone', ...cells(sum(withIndexes)), ...cells(sum(withoutIndexes))],
      ['storeInsights: one batch of all of them, as the API runs it', ...cells(whole), ...cells(wholeWithout)],
    ],
  ),
);
console.log(
  `\nfunnel ${JSON.stringify(figures.funnel)}; won ${figures.won.count}; top product ${figures.topProducts[0]?.productId}; ${figures.trend.length} buckets; target 150 ms: ${whole.wall <= 150 ? 'met' : 'NOT met'} (wall), ${whole.cpu <= 150 ? 'met' : 'NOT met'} (workerd CPU)`,
);
await mf.dispose();

function sum(times: Map<string, Timing>): Timing {
  const all = [...times.values()];
  return { wall: all.reduce((a, t) => a + t.wall, 0), cpu: all.reduce((a, t) => a + t.cpu, 0) };
}
