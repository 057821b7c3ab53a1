import { describe, expect, it } from 'vitest';
import { admin } from '../helpers';
import { type QuoteJson, quoteTenant } from './quotes-helpers';

// Buyers' requests (docs/backoffice.md, "Requests"): a quote a storefront's quote:request key creates is a
// request, new until the backoffice opens it; a quote a sales key or the admin makes is none.

const REQUEST = ['quote:request'];

describe("buyers' requests", () => {
  it('marks a quote:request key’s quotes as requests, counts the new ones and lists them apart until opened', async () => {
    const shop = await quoteTenant(REQUEST);
    const { storeId } = shop;
    const requests: QuoteJson[] = [];
    for (const name of ['Ada', 'Grace', 'Edsger']) {
      const res = await shop.create({ customer: { name } });
      expect(res.status).toBe(201);
      requests.push(await res.json<QuoteJson>());
    }
    expect(requests[0]!.request).toEqual({ opened_at: null });
    const own = await (
      await admin('POST', `/stores/${storeId}/quotes`, { items: [{ product_id: 'shelf', configuration: {} }] })
    ).json<QuoteJson>();
    expect(own.request).toBeNull();

    const count = async () => (await (await admin('GET', `/stores/${storeId}/quote-requests`)).json<{ new: number }>()).new;
    const listed = async (request: string) =>
      (await (await admin('GET', `/stores/${storeId}/quotes?request=${request}`)).json<{ quotes: QuoteJson[] }>()).quotes.map(
        (q) => q.id,
      );
    expect(await count()).toBe(3);
    expect(await listed('new')).toEqual(requests.map((q) => q.id).reverse());

    const opened = await admin('POST', `/stores/${storeId}/quotes/${requests[1]!.id}/opened`, {});
    expect(opened.status).toBe(204);
    expect(await count()).toBe(2);
    expect(await listed('new')).toEqual([requests[2]!.id, requests[0]!.id]);
    expect(await listed('any')).toEqual(requests.map((q) => q.id).reverse());
    const read = await (await admin('GET', `/stores/${storeId}/quotes/${requests[1]!.id}`)).json<QuoteJson>();
    expect(read.request?.opened_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Opening is no change: the version stays, no history entry; a second opening keeps the first time.
    expect(read.version).toBe(1);
    expect(read.history).toHaveLength(1);
    expect((await admin('POST', `/stores/${storeId}/quotes/${requests[1]!.id}/opened`, {})).status).toBe(204);
    const again = await (await admin('GET', `/stores/${storeId}/quotes/${requests[1]!.id}`)).json<QuoteJson>();
    expect(again.request).toEqual(read.request);
    // A quote the store made is no request, opened or not.
    expect((await admin('POST', `/stores/${storeId}/quotes/${own.id}/opened`, {})).status).toBe(204);
    expect(await count()).toBe(2);
  });

  it('refuses an unknown request filter, and another store’s quote or an unknown store', async () => {
    const shop = await quoteTenant(REQUEST);
    const other = await quoteTenant(REQUEST);
    const theirs = await (await other.create()).json<QuoteJson>();
    const bad = await admin('GET', `/stores/${shop.storeId}/quotes?request=old`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    expect((await admin('POST', `/stores/${shop.storeId}/quotes/${theirs.id}/opened`, {})).status).toBe(404);
    expect(await (await admin('GET', `/stores/${other.storeId}/quote-requests`)).json()).toEqual({ new: 1 });
    expect((await admin('GET', '/stores/no-such-store/quote-requests')).status).toBe(404);
  });
});
