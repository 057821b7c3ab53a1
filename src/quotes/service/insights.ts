import {
  type GROUP_BY,
  INSIGHTS_MAX_BUCKETS,
  INSIGHTS_MAX_DAYS,
  OPTION_SAMPLE_ITEMS,
  TOP_OPTIONS,
  TOP_PRODUCTS,
} from '../../api/insights';
import { storeBinding } from '../../db/client';
import { ApiError } from '../../errors';
import { CURRENCIES, minorUnits } from '../../lang/check/currencies';

// A store's figures over a period (docs/api.md, "Insights"): seven statements in one D1 batch, each reading one
// range of a covering index (migrations/0015_insights_indexes.sql), so a year of 100,000 quotes costs index entries,
// never table rows (bench/insights.ts; the plans are checked in test/api/insights.cases.ts). Money stays in integer
// minor units until it leaves.

const DAY = 86_400_000;

export type GroupBy = (typeof GROUP_BY)[number];

export interface InsightsQuery {
  from?: string | undefined;
  to?: string | undefined;
  group_by: GroupBy;
  currency?: string | undefined;
}

function refuse(field: string, message: string): never {
  throw new ApiError('BAD_REQUEST', `${field}: ${message}`, {
    errors: [{ field, code: 'INVALID_VALUE', message, location: 'query' }],
  });
}

/** A YYYY-MM-DD day as its first millisecond (UTC); a 400 naming the field for anything else (2026-02-30 too). */
function dayStart(field: string, text: string): number {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text) refuse(field, 'Not a day (YYYY-MM-DD)');
  return at;
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The first day of the bucket holding `at`: the day, its week's Monday, or its month's first. */
export function bucketStart(at: number, groupBy: GroupBy): number {
  const d = new Date(at - (at % DAY));
  if (groupBy === 'week') return d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY;
  if (groupBy === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  return d.getTime();
}

function nextBucket(start: number, groupBy: GroupBy): number {
  if (groupBy === 'day') return start + DAY;
  if (groupBy === 'week') return start + 7 * DAY;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Every bucket's start from the one holding `from` to the one holding `to` (at most INSIGHTS_MAX_BUCKETS + 1). */
function bucketsOf(from: number, to: number, groupBy: GroupBy): number[] {
  const starts: number[] = [];
  for (let b = bucketStart(from, groupBy); b <= to && starts.length <= INSIGHTS_MAX_BUCKETS; b = nextBucket(b, groupBy)) {
    starts.push(b);
  }
  return starts;
}

export interface Period {
  from: number;
  /** The last millisecond of the last day. */
  to: number;
  previousFrom: number;
  days: number;
  groupBy: GroupBy;
  buckets: number[];
}

/** The period asked for, checked: real days, to not before from, at most INSIGHTS_MAX_DAYS and INSIGHTS_MAX_BUCKETS. */
export function periodOf(query: InsightsQuery, now: number): Period {
  const toDay = query.to === undefined ? now - (now % DAY) : dayStart('to', query.to);
  const fromDay = query.from === undefined ? toDay - 29 * DAY : dayStart('from', query.from);
  if (toDay < fromDay) refuse('to', 'Before from');
  const days = (toDay - fromDay) / DAY + 1;
  if (days > INSIGHTS_MAX_DAYS) refuse('from', `A period is at most ${INSIGHTS_MAX_DAYS} days`);
  const to = toDay + DAY - 1;
  const buckets = bucketsOf(fromDay, to, query.group_by);
  if (buckets.length > INSIGHTS_MAX_BUCKETS) {
    refuse('group_by', `At most ${INSIGHTS_MAX_BUCKETS} buckets: group this period by a longer one`);
  }
  return { from: fromDay, to, previousFrom: fromDay - days * DAY, days, groupBy: query.group_by, buckets };
}

export interface Statement {
  name: string;
  sql: string;
  params: (string | number | null)[];
}

const GIVEN = 'line_discount_minor + discount_minor';
const SHARE = `(${GIVEN}) * 1.0 / NULLIF(subtotal_minor + line_discount_minor, 0)`;
/**
 * The currency counted: ?2, or (null) the store's newest quote's. An uncorrelated subquery, so SQLite reads that one
 * row once per statement, and the whole answer is one batch (coalesce stops at ?2 when it is given).
 */
const CURRENCY =
  'coalesce(?2, (SELECT currency FROM quotes WHERE store_id = ?1 ORDER BY year DESC, seq DESC, revision DESC LIMIT 1))';
const CREATED = `store_id = ?1 AND created_at BETWEEN ?3 AND ?4 AND currency = ${CURRENCY}`;

/** The end of the week holding `now` (Sunday, 23:59:59.999 UTC). */
const weekEnd = (now: number) => bucketStart(now, 'week') + 7 * DAY - 1;

/**
 * The statements of one answer (?1 the store, ?2 the currency or null), exported so that a test can read their
 * plans. The first finds the store (none: 404) and the currency counted.
 */
export function insightStatements(storeId: string, currency: string | null, period: Period, now: number): Statement[] {
  const created = [storeId, currency, period.from, period.to];
  return [
    {
      name: 'store',
      sql: `SELECT id, ${CURRENCY} AS currency FROM stores WHERE id = ?1`,
      params: [storeId, currency],
    },
    {
      name: 'pipeline',
      sql: `SELECT CASE WHEN status = 'draft' AND requested = 1 THEN 'requested' ELSE status END AS k,
              count(*) AS n, coalesce(sum(total_minor), 0) AS v
            FROM quotes WHERE store_id = ?1 AND status IN ('draft', 'pending_approval', 'sent') AND currency = ${CURRENCY}
              AND (status <> 'sent' OR valid_until >= ?3) GROUP BY k`,
      params: [storeId, currency, now],
    },
    {
      name: 'expiring',
      sql: `SELECT count(*) AS n, coalesce(sum(total_minor), 0) AS v FROM quotes
            WHERE store_id = ?1 AND status = 'sent' AND valid_until BETWEEN ?3 AND ?4 AND currency = ${CURRENCY}`,
      params: [storeId, currency, now, weekEnd(now)],
    },
    {
      name: 'decided',
      // Both periods' decisions by day (an integer division: cheaper than a date function per row), in one pass
      // over the range; the days add up into the trend's buckets in bucketStart.
      sql: `SELECT decided_at >= ?3 AS current, status, decided_at / ${DAY} AS d, count(*) AS n,
              coalesce(sum(total_minor), 0) AS v, count(sent_at) AS timed, coalesce(sum(decided_at - sent_at), 0) AS ms
            FROM quotes WHERE store_id = ?1 AND decided_at BETWEEN ?4 AND ?5 AND currency = ${CURRENCY}
              AND status IN ('accepted', 'rejected') GROUP BY current, status, d`,
      params: [storeId, currency, period.from, period.previousFrom, period.to],
    },
    {
      name: 'created',
      // With one max() among the aggregates, SQLite takes the bare id from the row holding the maximum (the
      // first such in index order, so the earliest created of equal shares): the largest discount in the same pass,
      // then its number from its row, once.
      sql: `SELECT c.*, q.number AS largest_number, q.revision AS largest_revision,
              q.line_discount_minor + q.discount_minor AS largest_given
            FROM (
              SELECT count(*) AS created, count(sent_at) AS sent, coalesce(sum(status = 'accepted'), 0) AS won,
                coalesce(sum(sent_at - created_at), 0) AS send_ms,
                coalesce(sum(sent_at IS NOT NULL AND ${GIVEN} > 0), 0) AS discounted,
                coalesce(sum(CASE WHEN sent_at IS NOT NULL THEN ${GIVEN} ELSE 0 END), 0) AS given,
                coalesce(sum(CASE WHEN sent_at IS NOT NULL AND ${GIVEN} > 0 THEN ${SHARE} END), 0) AS shares,
                max(CASE WHEN sent_at IS NOT NULL AND ${GIVEN} > 0 THEN ${SHARE} END) AS largest_share, id AS largest_id
              FROM quotes WHERE ${CREATED}
            ) c LEFT JOIN quotes q ON q.id = c.largest_id AND c.largest_share IS NOT NULL`,
      params: created,
    },
    {
      name: 'products',
      // A loose index scan: the store's products one seek each (the next product_id after the last), then each
      // product's items of the period as one range of quote_items_store_product_time, so no row of another period
      // is read and nothing is sorted but the products themselves.
      sql: `WITH RECURSIVE product(id) AS (
              SELECT (SELECT min(product_id) FROM quote_items WHERE store_id = ?1 AND currency = ${CURRENCY})
              UNION ALL
              SELECT (SELECT min(product_id) FROM quote_items
                      WHERE store_id = ?1 AND currency = ${CURRENCY} AND product_id > product.id)
              FROM product WHERE product.id IS NOT NULL
            ), summed AS MATERIALIZED (
              SELECT id, (SELECT json_array(count(*), sum(quantity), sum(total_minor - discount_minor)) FROM quote_items
                          WHERE store_id = ?1 AND currency = ${CURRENCY} AND product_id = product.id
                            AND created_at BETWEEN ?3 AND ?4) AS t
              FROM product WHERE id IS NOT NULL
            )
            SELECT id AS product_id, t ->> '$[0]' AS items, t ->> '$[1]' AS quantity, t ->> '$[2]' AS v
            FROM summed WHERE t ->> '$[0]' > 0 ORDER BY v DESC, product_id LIMIT ${TOP_PRODUCTS}`,
      params: created,
    },
    {
      name: 'options',
      // The newest items of the period only: the JSON read is bounded by OPTION_SAMPLE_ITEMS configurations.
      sql: `WITH sample AS (
              SELECT product_id, configuration FROM quote_items WHERE ${CREATED}
              ORDER BY created_at DESC LIMIT ${OPTION_SAMPLE_ITEMS}
            ), counted AS (
              SELECT s.product_id AS product_id, j.key AS field, j.value AS option, count(*) AS n
              FROM sample s, json_each(s.configuration) j WHERE j.type = 'text' GROUP BY 1, 2, 3
            )
            SELECT product_id, field, option, n, sum(n) OVER (PARTITION BY product_id, field) AS of_n,
              (SELECT count(*) FROM sample) AS sampled
            FROM counted ORDER BY n DESC, product_id, field, option LIMIT ${TOP_OPTIONS}`,
      params: created,
    },
  ];
}

type Row = Record<string, number | string | null>;
const num = (v: unknown) => Number(v ?? 0);
const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

/** The figures of a store over a period, money in minor units; the route presents them (docs/api.md, "Insights"). */
export async function storeInsights(env: Env, storeId: string, query: InsightsQuery, now = Date.now()) {
  const period = periodOf(query, now);
  if (query.currency !== undefined && !CURRENCIES.has(query.currency)) refuse('currency', 'Not an ISO 4217 currency');
  const statements = insightStatements(storeId, query.currency ?? null, period, now);
  const db = await storeBinding(env, storeId);
  const results = await db.batch<Row>(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
  const rows = new Map(statements.map((s, i) => [s.name, results[i]!.results]));
  const of = (name: string) => rows.get(name) ?? [];
  const store = of('store')[0];
  if (!store) throw new ApiError('NOT_FOUND', `Store '${storeId}' not found`);
  const currency = store.currency === null ? null : String(store.currency);
  const pipeline = (k: string) => {
    const row = of('pipeline').find((r) => r.k === k);
    return { count: num(row?.n), valueMinor: num(row?.v) };
  };
  // The decided rows come by bucket: each figure adds up its period's and status's.
  const decided = (current: boolean, status: string) => {
    const rows = of('decided').filter((r) => num(r.current) === Number(current) && r.status === status);
    const total = (key: string) => rows.reduce((n, r) => n + num(r[key]), 0);
    return { count: total('n'), valueMinor: total('v'), timed: total('timed'), ms: total('ms') };
  };
  const winRate = (won: number, lost: number) => (won + lost === 0 ? null : round((100 * won) / (won + lost), 1));
  const [won, lost] = [decided(true, 'accepted'), decided(true, 'rejected')];
  const [wonBefore, lostBefore] = [decided(false, 'accepted'), decided(false, 'rejected')];
  const countValue = (x: { count: number; valueMinor: number }) => ({ count: x.count, valueMinor: x.valueMinor });
  const created = of('created')[0] ?? {};
  const largest =
    created.largest_number == null
      ? null
      : {
          quoteId: String(created.largest_id),
          number: String(created.largest_number),
          revision: num(created.largest_revision),
          givenMinor: num(created.largest_given),
        };
  const trend = new Map<number, { n: number; v: number }>();
  for (const r of of('decided')) {
    if (num(r.current) !== 1 || r.status !== 'accepted') continue;
    const bucket = bucketStart(num(r.d) * DAY, period.groupBy);
    const sum = trend.get(bucket) ?? { n: 0, v: 0 };
    trend.set(bucket, { n: sum.n + num(r.n), v: sum.v + num(r.v) });
  }
  const sampled = num(of('options')[0]?.sampled);
  return {
    currency,
    minorUnits: currency === null ? 2 : minorUnits(currency),
    period: {
      from: isoDay(period.from),
      to: isoDay(period.to),
      days: period.days,
      groupBy: period.groupBy,
      previousFrom: isoDay(period.previousFrom),
      previousTo: isoDay(period.from - DAY),
    },
    pipeline: {
      requested: pipeline('requested'),
      draft: pipeline('draft'),
      pending_approval: pipeline('pending_approval'),
      sent: pipeline('sent'),
    },
    won: { ...countValue(won), previous: countValue(wonBefore) },
    lost: { ...countValue(lost), previous: countValue(lostBefore) },
    winRate: winRate(won.count, lost.count),
    previousWinRate: winRate(wonBefore.count, lostBefore.count),
    discounts: {
      sent: num(created.sent),
      discounted: num(created.discounted),
      givenMinor: num(created.given),
      averagePercent: num(created.discounted) === 0 ? null : round((100 * num(created.shares)) / num(created.discounted), 2),
      largest: largest && { ...largest, percent: round(100 * num(created.largest_share), 2) },
    },
    times: {
      requestToSend: average(num(created.sent), num(created.send_ms)),
      sendToDecision: average(won.timed + lost.timed, won.ms + lost.ms),
    },
    expiring: { count: num(of('expiring')[0]?.n), valueMinor: num(of('expiring')[0]?.v), until: isoDay(weekEnd(now)) },
    funnel: { created: num(created.created), sent: num(created.sent), won: num(created.won) },
    topProducts: of('products').map((r) => ({
      productId: String(r.product_id),
      items: num(r.items),
      quantity: num(r.quantity),
      valueMinor: num(r.v),
    })),
    options: {
      sampled,
      top: of('options').map((r) => ({
        productId: String(r.product_id),
        field: String(r.field),
        option: String(r.option),
        count: num(r.n),
        sharePercent: round((100 * num(r.n)) / num(r.of_n), 1),
      })),
    },
    trend: period.buckets.map((start) => ({
      start: isoDay(start),
      won: trend.get(start)?.n ?? 0,
      valueMinor: trend.get(start)?.v ?? 0,
    })),
  };
}

const average = (quotes: number, ms: number) => ({
  quotes,
  averageSeconds: quotes === 0 ? null : Math.round(ms / quotes / 1000),
});

export type StoreInsights = Awaited<ReturnType<typeof storeInsights>>;
