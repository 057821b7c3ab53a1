import type { z } from '@hono/zod-openapi';
import type { Insights } from '../../api/insights';
import type { StoreInsights } from '../../quotes/service/insights';
import { majorOf } from '../../quotes/totals';

// A store's figures as the API serves them (src/api/insights.ts), for /v1/insights and the admin API: amounts leave
// in major units of the currency, as every amount of the API does (docs/api.md, "Money").

export function presentInsights(storeId: string, f: StoreInsights): z.infer<typeof Insights> {
  const major = (minor: number) => majorOf(minor, f.minorUnits);
  const cv = (x: { count: number; valueMinor: number }) => ({ count: x.count, value: major(x.valueMinor) });
  const average = (x: { quotes: number; averageSeconds: number | null }) => ({
    quotes: x.quotes,
    average_seconds: x.averageSeconds,
  });
  const { largest } = f.discounts;
  return {
    store_id: storeId,
    currency: f.currency,
    period: { from: f.period.from, to: f.period.to, days: f.period.days, group_by: f.period.groupBy },
    previous_period: { from: f.period.previousFrom, to: f.period.previousTo },
    pipeline: {
      requested: cv(f.pipeline.requested),
      draft: cv(f.pipeline.draft),
      pending_approval: cv(f.pipeline.pending_approval),
      sent: cv(f.pipeline.sent),
    },
    won: { ...cv(f.won), previous: cv(f.won.previous) },
    lost: { ...cv(f.lost), previous: cv(f.lost.previous) },
    win_rate_percent: f.winRate,
    previous_win_rate_percent: f.previousWinRate,
    discounts: {
      sent: f.discounts.sent,
      discounted: f.discounts.discounted,
      amount: major(f.discounts.givenMinor),
      average_percent: f.discounts.averagePercent,
      largest: largest && {
        quote_id: largest.quoteId,
        number: largest.number,
        revision: largest.revision,
        percent: largest.percent,
        amount: major(largest.givenMinor),
      },
    },
    times: { request_to_send: average(f.times.requestToSend), send_to_decision: average(f.times.sendToDecision) },
    expiring_this_week: { ...cv(f.expiring), until: f.expiring.until },
    funnel: f.funnel,
    top_products: f.topProducts.map((p) => ({
      product_id: p.productId,
      items: p.items,
      quantity: p.quantity,
      value: major(p.valueMinor),
    })),
    options: {
      sampled_items: f.options.sampled,
      top: f.options.top.map((o) => ({
        product_id: o.productId,
        field: o.field,
        option: o.option,
        count: o.count,
        share_percent: o.sharePercent,
      })),
    },
    trend: f.trend.map((b) => ({ start: b.start, won: b.won, value: major(b.valueMinor) })),
  };
}
