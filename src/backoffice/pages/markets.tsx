import { Hono } from 'hono';
import type { BackofficeEnv } from '../env';
import { enc, load } from '../load';
import type { CustomerGroupListJson, MarketJson, MarketListJson, PriceListListJson, StoreJson } from '../types';
import { CustomerGroupsPage } from '../views/customer-groups';
import { MarketPage, MarketsPage } from '../views/markets';
import { today } from './price-lists';

/** Stores > Markets and Stores > Customer groups (docs/backoffice.md, "Markets and price lists"). */
export const marketPages = new Hono<BackofficeEnv>()
  .get('/:store/markets', async (c) => {
    const id = enc(c.req.param('store'));
    const [store, { markets }, { customer_groups }, { price_lists }] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<MarketListJson>(c, `/stores/${id}/markets`),
      load<CustomerGroupListJson>(c, `/stores/${id}/customer-groups`),
      load<PriceListListJson>(c, `/stores/${id}/price-lists`),
    ]);
    return c.html(
      <MarketsPage
        csrf={c.var.csrf}
        store={store}
        markets={markets}
        groups={customer_groups}
        lists={price_lists}
        today={today()}
      />,
    );
  })
  .get('/:store/markets/:market', async (c) => {
    const id = enc(c.req.param('store'));
    const [store, market, { customer_groups }, { price_lists }] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<MarketJson>(c, `/stores/${id}/markets/${enc(c.req.param('market'))}`),
      load<CustomerGroupListJson>(c, `/stores/${id}/customer-groups`),
      load<PriceListListJson>(c, `/stores/${id}/price-lists`),
    ]);
    return c.html(<MarketPage csrf={c.var.csrf} store={store} market={market} groups={customer_groups} lists={price_lists} />);
  })
  .get('/:store/customer-groups', async (c) => {
    const id = enc(c.req.param('store'));
    const [store, { customer_groups }] = await Promise.all([
      load<StoreJson>(c, `/stores/${id}`),
      load<CustomerGroupListJson>(c, `/stores/${id}/customer-groups`),
    ]);
    return c.html(<CustomerGroupsPage csrf={c.var.csrf} store={store} groups={customer_groups} />);
  });
