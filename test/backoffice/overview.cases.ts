import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { quoteTenant } from '../api/quotes-helpers';
import { call } from '../helpers';
import { signIn } from './sign-in';

// Stores > Overview (docs/backoffice.md, "Store overview"): the insights API's figures for a period, each linking to
// the quote list filtered to its quotes, and charts as SVG images with a title and a table behind them.

const get = (path: string, cookie: string) => call(path, { headers: { Cookie: cookie }, redirect: 'manual' });

/** A store with two quotes accepted on 5 March 2026 (120.00 and 80.00 EUR) and one rejected on 6 March (50.00). */
async function store() {
  const t = await quoteTenant();
  const decide = async (status: string, total: number, day: string) => {
    const { id } = await (await t.create()).json<{ id: string }>();
    await (await storeBinding(env, t.storeId))
      .prepare(
        'UPDATE quotes SET status = ?, total_minor = ?, subtotal_minor = ?, created_at = ?, sent_at = ?, decided_at = ? WHERE id = ?',
      )
      .bind(
        status,
        total,
        total,
        Date.parse(`${day}T08:00:00Z`),
        Date.parse(`${day}T09:00:00Z`),
        Date.parse(`${day}T10:00:00Z`),
        id,
      )
      .run();
  };
  await decide('accepted', 12000, '2026-03-05');
  await decide('accepted', 8000, '2026-03-05');
  await decide('rejected', 5000, '2026-03-06');
  return t.storeId;
}

describe('store overview', () => {
  it('opens a store on its overview: figures linking to the filtered list, charts with a title and a table', async () => {
    const { cookie } = await signIn();
    const id = await store();
    expect((await get(`/admin/stores/${id}`, cookie)).headers.get('location')).toBe(`/admin/stores/${id}/overview`);
    const res = await get(`/admin/stores/${id}/overview?period=custom&from=2026-03-01&to=2026-03-31`, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('aria-current="page">Overview</a>');
    // Won: 2 · €200.00, linked to the accepted quotes decided in the period; the previous period's too.
    expect(html).toContain(
      `<a class="kpi-value" href="/admin/stores/${id}/quotes?status=accepted&amp;decided_from=2026-03-01&amp;decided_to=2026-03-31">2 · €200.00</a>`,
    );
    expect(html).toContain(
      `href="/admin/stores/${id}/quotes?status=accepted&amp;decided_from=2026-01-29&amp;decided_to=2026-02-28"`,
    );
    expect(html).toContain('>66.7%</a>');
    // Requested: the drafts that are buyers' requests, as the desk tells them apart.
    expect(html).toContain(`href="/admin/stores/${id}/quotes?status=draft&amp;request=any"`);
    // The trend by day: an SVG image named by its title, and the day's bar as a linked table row.
    expect(html).toMatch(
      /<svg viewBox="0 0 640 220" role="img" aria-labelledby="trend-title" class="chart-svg"><title id="trend-title">Won value by day, /,
    );
    expect(html).toContain(
      `<a href="/admin/stores/${id}/quotes?status=accepted&amp;decided_from=2026-03-05&amp;decided_to=2026-03-05">5 Mar</a></th><td class="num" data-label="Won">€200.00 (2)</td>`,
    );
    expect(html).toContain('<title id="funnel-title">');
    expect(html).not.toContain('<canvas');
    expect(html).not.toMatch(/ style="/);
  });

  it('shows a custom range the API refuses with its message under the field, 400', async () => {
    const { cookie } = await signIn();
    const id = await store();
    const res = await get(`/admin/stores/${id}/overview?period=custom&from=2026-02-30&to=2026-03-31`, cookie);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('id="period-from-error">Not a day (YYYY-MM-DD)</p>');
    expect(html).toContain('aria-invalid="true"');
  });
});
