import { type Context, Hono } from 'hono';
import type { ErrorBody } from '../../errors';
import { adminGet, adminPost } from '../api';
import type { BackofficeEnv } from '../env';
import { enc, load, loaded } from '../load';
import { overviewPeriod } from '../overview-period';
import { filterQuery, filtersOf, listOrProblem } from '../quote-filters';
import { CSV_MAX_ROWS, CSV_PAGE, quotesCsv } from '../quotes-csv';
import type {
  ApiKeyListJson,
  CustomerGroupListJson,
  DeliveryListJson,
  InsightsJson,
  MarketListJson,
  MoveStatusJson,
  ProductListJson,
  QuoteJson,
  QuoteListJson,
  QuoteSettingsJson,
  ShardListJson,
  StoreJson,
  StoreListJson,
  StoreProfileJson,
  WebhookListJson,
} from '../types';
import { ApiKeysPage } from '../views/api-keys';
import { OverviewPage } from '../views/overview';
import { ProductsPage } from '../views/products';
import { QuotePage, QuotesPage } from '../views/quotes';
import { SettingsPage, StoresPage } from '../views/stores';
import { WebhooksPage } from '../views/webhooks';

/** The store's new buyers' requests, which its pages count in their navigation. */
const newRequests = async (c: Context<BackofficeEnv>, id: string) =>
  (await load<{ new: number }>(c, `/stores/${id}/quote-requests`)).new;

export const storePages = new Hono<BackofficeEnv>()
  .get('/', async (c) => {
    const { stores } = await load<StoreListJson>(c, '/stores');
    return c.html(<StoresPage csrf={c.var.csrf} stores={stores} />);
  })
  // A store opens on its overview: how the store is doing, then where to act.
  .get('/:store', (c) => c.redirect(`/admin/stores/${enc(c.req.param('store'))}/overview`, 302))
  .get('/:store/overview', async (c) => {
    const id = enc(c.req.param('store'));
    const period = overviewPeriod(c.req.query(), Date.now());
    const query = new URLSearchParams({ from: period.from, to: period.to, group_by: period.groupBy });
    const [store, { locale }, answer] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<StoreProfileJson>(c, `/stores/${id}/profile`),
      adminGet<InsightsJson & ErrorBody>(c, `/stores/${id}/insights?${query}`),
    ]);
    // A custom range the API refuses (a day that is not one, too long): the form again, the problem under its field.
    const refused =
      answer.status === 400 ? (answer.body.errors as { field: string | null; message: string }[] | undefined)?.[0] : undefined;
    const problem =
      answer.status === 400 ? { field: refused?.field ?? null, message: refused?.message ?? answer.body.error } : null;
    const insights = problem ? null : loaded<InsightsJson>('/insights', answer);
    return c.html(
      <OverviewPage csrf={c.var.csrf} store={store} period={period} locale={locale} insights={insights} problem={problem} />,
      problem ? 400 : 200,
    );
  })
  .get('/:store/products', async (c) => {
    const id = enc(c.req.param('store'));
    const [store, list, fresh] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<ProductListJson>(c, `/stores/${id}/products`),
      newRequests(c, id),
    ]);
    return c.html(<ProductsPage csrf={c.var.csrf} store={store} list={list} newRequests={fresh} />);
  })
  .get('/:store/api-keys', async (c) => {
    const id = enc(c.req.param('store'));
    const [store, { api_keys }, { customer_groups }, { markets }, fresh] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<ApiKeyListJson>(c, `/stores/${id}/api-keys`),
      load<CustomerGroupListJson>(c, `/stores/${id}/customer-groups`),
      load<MarketListJson>(c, `/stores/${id}/markets`),
      newRequests(c, id),
    ]);
    // Active keys first, newest first: the ones an author acts on.
    const keys = [...api_keys].sort(
      (a, b) => Number(a.revoked_at !== null) - Number(b.revoked_at !== null) || b.created_at.localeCompare(a.created_at),
    );
    return c.html(
      <ApiKeysPage csrf={c.var.csrf} store={store} keys={keys} groups={customer_groups} markets={markets} newRequests={fresh} />,
    );
  })
  .get('/:store/webhooks', async (c) => {
    const id = enc(c.req.param('store'));
    const [store, { webhooks }, { deliveries }, fresh] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<WebhookListJson>(c, `/stores/${id}/webhooks`),
      load<DeliveryListJson>(c, `/stores/${id}/webhook-deliveries?limit=50`),
      newRequests(c, id),
    ]);
    return c.html(<WebhooksPage csrf={c.var.csrf} store={store} hooks={webhooks} deliveries={deliveries} newRequests={fresh} />);
  })
  .get('/:store/quotes', async (c) => {
    const id = enc(c.req.param('store'));
    // Only the filters the list takes travel on; an unknown status is the API's 400, shown as not found.
    const filters = filtersOf(c.req.query());
    const { cursor } = c.req.query();
    const [store, listed, settings, { products }, { locale }, fresh] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      listOrProblem(c, `/stores/${id}/quotes?${filterQuery(filters, cursor ? { cursor } : {})}`),
      load<QuoteSettingsJson>(c, `/stores/${id}/quote-settings`),
      load<ProductListJson>(c, `/stores/${id}/products`),
      load<StoreProfileJson>(c, `/stores/${id}/profile`),
      newRequests(c, id),
    ]);
    return c.html(
      <QuotesPage
        csrf={c.var.csrf}
        store={store}
        list={listed.list}
        settings={settings}
        products={products}
        filters={filters}
        problem={listed.problem}
        locale={locale}
        newRequests={fresh}
      />,
      listed.problem ? 422 : 200,
    );
  })
  .get('/:store/quotes.csv', async (c) => {
    const id = enc(c.req.param('store'));
    const filters = filtersOf(c.req.query());
    const quotes: QuoteListJson['quotes'] = [];
    let cursor: string | null = '';
    // Page after page of the list with the same filters, to the export's bound.
    while (cursor !== null && quotes.length < CSV_MAX_ROWS) {
      const query = filterQuery(filters, { ...(cursor ? { cursor } : {}), limit: String(CSV_PAGE) });
      const listed = await listOrProblem(c, `/stores/${id}/quotes?${query}`);
      if (listed.problem) return c.json(listed.refusal, 422);
      quotes.push(...listed.list.quotes);
      cursor = listed.list.next_cursor;
    }
    return c.body(quotesCsv(quotes.slice(0, CSV_MAX_ROWS)), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="quotes-${c.req.param('store')}.csv"`,
    });
  })
  .get('/:store/quotes/:id', async (c) => {
    const id = enc(c.req.param('store'));
    // The store's products: the ones an item can be, and their current versions (an item on an older one is out of date).
    // The store's keys name the key behind each change in the history.
    const [store, quote, { products }, { api_keys }, profile, settings] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<QuoteJson>(c, `/stores/${id}/quotes/${enc(c.req.param('id'))}`),
      load<ProductListJson>(c, `/stores/${id}/products`),
      load<ApiKeyListJson>(c, `/stores/${id}/api-keys`),
      load<StoreProfileJson>(c, `/stores/${id}/profile`),
      load<QuoteSettingsJson>(c, `/stores/${id}/quote-settings`),
    ]);
    const keyNames = new Map(api_keys.map((k) => [k.id, k.name]));
    // A buyer's request shown here is opened: no longer counted as new (the page still says it was one).
    if (quote.request?.opened_at === null) await adminPost(c, `/stores/${id}/quotes/${enc(quote.id)}/opened`);
    return c.html(
      <QuotePage
        csrf={c.var.csrf}
        store={store}
        quote={quote}
        products={products}
        keyNames={keyNames}
        locale={profile.locale}
        storeRate={profile.tax_rate_percent}
        settings={settings}
      />,
    );
  })
  .get('/:store/settings', async (c) => {
    const id = enc(c.req.param('store'));
    const [store, profile, fresh, move, shards] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<StoreProfileJson>(c, `/stores/${id}/profile`),
      newRequests(c, id),
      load<MoveStatusJson>(c, `/stores/${id}/move`),
      load<ShardListJson>(c, '/shards'),
    ]);
    return c.html(
      <SettingsPage csrf={c.var.csrf} store={store} profile={profile} newRequests={fresh} move={move} shards={shards} />,
    );
  });
