import type { Child } from 'hono/jsx';
import { enc } from '../load';
import { bucketEnd, type OverviewPeriod, PERIODS } from '../overview-period';
import { filterQuery, type QuoteFilters } from '../quote-filters';
import type { InsightsJson, StoreJson } from '../types';
import { BarChart, ColumnChart } from './charts';
import { type OverviewFormat, overviewFormat } from './overview-format';
import { Empty } from './parts';
import { numberLabel } from './quote-format';
import { StorePage } from './stores';

// The store overview (docs/backoffice.md, "Store overview"): the insights API's figures for a period, each a link to
// the quote list filtered to the quotes behind it, and three charts drawn as SVG on the server (charts.tsx).

interface Props {
  csrf: string;
  store: StoreJson;
  period: OverviewPeriod;
  locale: string | null;
  insights: InsightsJson | null;
  /** The API's refusal of a custom range, shown under the field it names. */
  problem: { field: string | null; message: string } | null;
}

const GROUP_WORD = { day: 'day', week: 'week', month: 'month' } as const;

function PeriodForm({ base, period, problem }: { base: string; period: OverviewPeriod; problem: Props['problem'] }) {
  const day = (name: 'from' | 'to', label: string) => (
    <div class="field">
      <label for={`period-${name}`}>{label}</label>
      <input
        id={`period-${name}`}
        name={name}
        type="date"
        value={period[name]}
        aria-invalid={problem?.field === name ? 'true' : undefined}
        aria-describedby={problem?.field === name ? `period-${name}-error` : undefined}
      />
      {problem?.field === name && (
        <p class="field-error" id={`period-${name}-error`}>
          {problem.message}
        </p>
      )}
    </div>
  );
  return (
    <form class="filters period" method="get" action={base} aria-label="Period">
      <div class="field">
        <label for="period-name">Period</label>
        <select id="period-name" name="period">
          {PERIODS.map(([value, label]) => (
            <option value={value} selected={value === period.name}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {day('from', 'From (custom range)')}
      {day('to', 'To (custom range)')}
      <button class="btn" type="submit">
        Show
      </button>
    </form>
  );
}

function Figure({ label, href, value, children }: { label: string; href: string; value: string; children?: Child }) {
  return (
    <div class="kpi">
      <dt>{label}</dt>
      <dd>
        <a class="kpi-value" href={href}>
          {value}
        </a>
        {children && <span class="kpi-note">{children}</span>}
      </dd>
    </div>
  );
}

export function OverviewPage({ csrf, store, period, locale, insights, problem }: Props) {
  const base = `/admin/stores/${enc(store.id)}/overview`;
  return (
    <StorePage csrf={csrf} store={store} tab="overview" title="Overview">
      <PeriodForm base={base} period={period} problem={problem} />
      {problem && problem.field === null && <p class="notice error">{problem.message}</p>}
      {insights === null ? null : insights.currency === null ? (
        <Empty title="No quotes yet">
          <p>The figures appear here once the store has quotes.</p>
        </Empty>
      ) : (
        <Figures store={store} insights={insights} f={overviewFormat(locale, insights.currency)} />
      )}
    </StorePage>
  );
}

function Figures({ store, insights: x, f }: { store: StoreJson; insights: InsightsJson; f: OverviewFormat }) {
  const quotes = (filters: QuoteFilters) => `/admin/stores/${enc(store.id)}/quotes?${filterQuery(filters)}`;
  const { from, to } = x.period;
  const previous = x.previous_period;
  const created = { from, to };
  const decided = { decided_from: from, decided_to: to };
  const decidedBefore = { decided_from: previous.from, decided_to: previous.to };
  const cv = (v: { count: number; value: number }) => `${f.count(v.count)} · ${f.money(v.value)}`;
  const largest = x.discounts.largest;
  const group = GROUP_WORD[x.period.group_by];
  const best = x.trend.reduce((a, b) => (b.value > a.value ? b : a), x.trend[0]!);
  return (
    <>
      <p class="muted period-line">
        {`${f.day(from)} – ${f.day(to)} (${f.count(x.period.days)} days), against ${f.day(previous.from)} – ${f.day(previous.to)}; amounts in ${x.currency}.`}
      </p>
      <section class="card" aria-labelledby="pipeline-title">
        <h2 id="pipeline-title">Pipeline now</h2>
        <dl class="kpis">
          <Figure label="Requested" href={quotes({ status: 'draft', request: 'any' })} value={cv(x.pipeline.requested)}>
            buyers' requests, still drafts
          </Figure>
          <Figure label="Draft" href={quotes({ status: 'draft' })} value={cv(x.pipeline.draft)} />
          <Figure
            label="Awaiting approval"
            href={quotes({ status: 'pending_approval' })}
            value={cv(x.pipeline.pending_approval)}
          />
          <Figure label="Sent" href={quotes({ status: 'sent' })} value={cv(x.pipeline.sent)} />
          <Figure label="Expiring this week" href={quotes({ status: 'sent' })} value={cv(x.expiring_this_week)}>
            {`valid until ${f.day(x.expiring_this_week.until)} at the latest`}
          </Figure>
        </dl>
      </section>
      <section class="card" aria-labelledby="period-title">
        <h2 id="period-title">This period</h2>
        <dl class="kpis">
          <Figure label="Won" href={quotes({ status: 'accepted', ...decided })} value={cv(x.won)}>
            <a href={quotes({ status: 'accepted', ...decidedBefore })}>{`previous period: ${cv(x.won.previous)}`}</a>
          </Figure>
          <Figure label="Lost" href={quotes({ status: 'rejected', ...decided })} value={cv(x.lost)}>
            <a href={quotes({ status: 'rejected', ...decidedBefore })}>{`previous period: ${cv(x.lost.previous)}`}</a>
          </Figure>
          <Figure label="Win rate" href={quotes(decided)} value={f.percent(x.win_rate_percent)}>
            {`previous period: ${f.percent(x.previous_win_rate_percent)}`}
          </Figure>
          <Figure label="Average discount" href={quotes(created)} value={f.percent(x.discounts.average_percent)}>
            {`${f.count(x.discounts.discounted)} of ${f.count(x.discounts.sent)} sent quotes, ${f.money(x.discounts.amount)} in all`}
          </Figure>
          <Figure
            label="Largest discount"
            href={largest ? `/admin/stores/${enc(store.id)}/quotes/${enc(largest.quote_id)}` : quotes(created)}
            value={largest ? f.percent(largest.percent) : '–'}
          >
            {largest && `${numberLabel(largest)}, ${f.money(largest.amount)}`}
          </Figure>
          <Figure
            label="Request to send (mean)"
            href={quotes(created)}
            value={f.duration(x.times.request_to_send.average_seconds)}
          >
            {`over ${f.count(x.times.request_to_send.quotes)} quotes created in the period`}
          </Figure>
          <Figure
            label="Send to decision (mean)"
            href={quotes(decided)}
            value={f.duration(x.times.send_to_decision.average_seconds)}
          >
            {`over ${f.count(x.times.send_to_decision.quotes)} quotes decided in the period`}
          </Figure>
        </dl>
      </section>
      <div class="overview-charts">
        <section class="card" aria-labelledby="trend-heading">
          <h2 id="trend-heading">{`Won value by ${group}`}</h2>
          <ColumnChart
            id="trend"
            title={`Won value by ${group}, ${f.day(from)} – ${f.day(to)}`}
            description={
              best.value > 0
                ? `${f.money(x.won.value)} won in ${x.trend.length} ${group}s; the best ${group} began ${f.day(best.start)} with ${f.money(best.value)}.`
                : `Nothing won in these ${x.trend.length} ${group}s.`
            }
            columns={[`${group[0]!.toUpperCase()}${group.slice(1)} from`, 'Won']}
            axisLabel={(b) => b.label}
            bars={x.trend.map((b) => ({
              label: f.shortDay(b.start),
              value: b.value,
              text: `${f.money(b.value)} (${f.count(b.won)})`,
              href: quotes({
                status: 'accepted',
                decided_from: b.start < from ? from : b.start,
                decided_to: bucketEnd(b.start, x.period.group_by, to),
              }),
            }))}
          />
        </section>
        <section class="card" aria-labelledby="funnel-heading">
          <h2 id="funnel-heading">Funnel of the period's quotes</h2>
          <BarChart
            id="funnel"
            title="Quotes created in the period, sent since, and won since"
            description={`Of ${f.count(x.funnel.created)} quotes created, ${f.count(x.funnel.sent)} were sent and ${f.count(x.funnel.won)} won.`}
            columns={['Stage', 'Quotes']}
            bars={[
              { label: 'Created', value: x.funnel.created, text: f.count(x.funnel.created), href: quotes(created) },
              { label: 'Sent', value: x.funnel.sent, text: f.count(x.funnel.sent), href: quotes(created) },
              {
                label: 'Won',
                value: x.funnel.won,
                text: f.count(x.funnel.won),
                href: quotes({ status: 'accepted', ...created }),
              },
            ]}
          />
        </section>
        <section class="card" aria-labelledby="options-heading">
          <h2 id="options-heading">Options buyers chose most</h2>
          {x.options.top.length === 0 ? (
            <p class="muted">No chosen options in the period's quotes.</p>
          ) : (
            <BarChart
              id="options"
              title="Options chosen most, as a share of the product's quoted items"
              description={`From the newest ${f.count(x.options.sampled_items)} quoted items of the period: how often each option was chosen where its field was set.`}
              columns={['Product · field = option', 'Share']}
              max={100}
              bars={x.options.top.map((o) => ({
                label: `${o.product_id} · ${o.field} = ${o.option}`,
                value: o.share_percent,
                text: `${f.percent(o.share_percent)} (${f.count(o.count)})`,
                href: quotes({ product: o.product_id, ...created }),
              }))}
            />
          )}
        </section>
        <section class="card" aria-labelledby="products-heading">
          <h2 id="products-heading">Top products</h2>
          {x.top_products.length === 0 ? (
            <p class="muted">No quoted items in the period.</p>
          ) : (
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col" class="num">
                      Items
                    </th>
                    <th scope="col" class="num">
                      Quantity
                    </th>
                    <th scope="col" class="num">
                      Quoted value
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {x.top_products.map((p) => (
                    <tr>
                      <td data-label="Product">
                        <a href={quotes({ product: p.product_id, ...created })}>{p.product_id}</a>
                      </td>
                      <td class="num" data-label="Items">
                        {f.count(p.items)}
                      </td>
                      <td class="num" data-label="Quantity">
                        {f.count(p.quantity)}
                      </td>
                      <td class="num" data-label="Quoted value">
                        {f.money(p.value)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
