// The store overview's period selector (docs/backoffice.md, "Store overview"): this week, this month, this quarter
// (each up to today, UTC) or a custom range, as the page's query holds it (?period=&from=&to=), turned into the
// insights API's query. The API checks a custom range (400 naming the field), the page shows its message.

export const PERIODS = [
  ['week', 'This week'],
  ['month', 'This month'],
  ['quarter', 'This quarter'],
  ['custom', 'Custom range'],
] as const;

export type PeriodName = (typeof PERIODS)[number][0];
export type GroupBy = 'day' | 'week' | 'month';

export interface OverviewPeriod {
  name: PeriodName;
  from: string;
  to: string;
  groupBy: GroupBy;
}

const DAY = 86_400_000;
const iso = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Days enough to read by day, by week up to a year, by month beyond (the API allows at most 400 buckets). */
function groupFor(from: string, to: string): GroupBy {
  const days = (Date.parse(to) - Date.parse(from)) / DAY + 1;
  if (!(days > 0)) return 'day';
  return days <= 62 ? 'day' : days <= 366 ? 'week' : 'month';
}

export function overviewPeriod(query: Record<string, string>, now: number): OverviewPeriod {
  const today = now - (now % DAY);
  const d = new Date(today);
  const name = (PERIODS.find(([p]) => p === query.period)?.[0] ?? 'month') as PeriodName;
  if (name === 'custom') {
    const from = query.from ?? iso(today - 29 * DAY);
    const to = query.to ?? iso(today);
    return { name, from, to, groupBy: groupFor(from, to) };
  }
  const from =
    name === 'week'
      ? today - ((d.getUTCDay() + 6) % 7) * DAY
      : Date.UTC(d.getUTCFullYear(), name === 'month' ? d.getUTCMonth() : d.getUTCMonth() - (d.getUTCMonth() % 3), 1);
  return { name, from: iso(from), to: iso(today), groupBy: name === 'quarter' ? 'week' : 'day' };
}

/** The last day of the bucket starting on `start`, within the period: a trend bar's link covers just its days. */
export function bucketEnd(start: string, groupBy: GroupBy, periodTo: string): string {
  const at = Date.parse(`${start}T00:00:00Z`);
  const d = new Date(at);
  const end =
    groupBy === 'day' ? at : groupBy === 'week' ? at + 6 * DAY : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY;
  const last = iso(end);
  return last < periodTo ? last : periodTo;
}
