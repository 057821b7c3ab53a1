import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/keys/secret';
import { admin, call, createStore } from '../helpers';

const market = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: `Market ${id}`, currency: 'EUR', ...extra });

async function created(res: Response, status = 201) {
  if (res.status !== status) throw new Error(`${res.status} ${await res.text()}`);
  return res.json<Record<string, unknown>>();
}

describe('markets', () => {
  it('creates, reads, lists, replaces and deletes a market; the first is the default and takes the profile tax', async () => {
    const s = await createStore();
    await created(await admin('PUT', `/stores/${s}/profile`, { tax_rate_percent: 8.1, prices: 'gross' }), 200);
    const ch = await created(
      await admin('POST', `/stores/${s}/markets`, market('ch', { currency: 'CHF', countries: ['CH', 'LI'], language: 'de-CH' })),
    );
    expect(ch).toMatchObject({
      id: 'ch',
      currency: 'CHF',
      countries: ['CH', 'LI'],
      language: 'de-CH',
      tax: { rate: '8.1', prices: 'gross' },
      price_lists: [],
      default: true,
    });
    const de = await created(await admin('POST', `/stores/${s}/markets`, market('de', { tax: { rate: '19', prices: 'gross' } })));
    expect(de).toMatchObject({ default: false, tax: { rate: '19', prices: 'gross' } });
    // A later market without tax has none: only the first takes the profile's.
    expect(await created(await admin('POST', `/stores/${s}/markets`, market('us', { currency: 'USD' })))).toMatchObject({
      tax: null,
    });

    const list = await created(await admin('GET', `/stores/${s}/markets`), 200);
    expect((list.markets as { id: string }[]).map((m) => m.id)).toEqual(['ch', 'de', 'us']);
    expect(await created(await admin('GET', `/stores/${s}/markets/de`), 200)).toMatchObject({ id: 'de', currency: 'EUR' });

    // Moving the default: the old one stops being it, in one step.
    const moved = await created(
      await admin('PUT', `/stores/${s}/markets/de`, { name: 'Germany', currency: 'EUR', default: true }),
      200,
    );
    expect(moved).toMatchObject({ name: 'Germany', default: true, tax: null });
    expect(await created(await admin('GET', `/stores/${s}/markets/ch`), 200)).toMatchObject({ default: false });

    expect((await admin('DELETE', `/stores/${s}/markets/us`)).status).toBe(204);
    expect((await admin('GET', `/stores/${s}/markets/us`)).status).toBe(404);
  });

  it('keeps exactly one default: it cannot be unset or deleted while other markets exist', async () => {
    const s = await createStore();
    await created(await admin('POST', `/stores/${s}/markets`, market('de')));
    await created(await admin('POST', `/stores/${s}/markets`, market('at', { default: false })));
    const unset = await admin('PUT', `/stores/${s}/markets/de`, { name: 'DE', currency: 'EUR', default: false });
    expect(unset.status).toBe(409);
    expect(await unset.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await admin('DELETE', `/stores/${s}/markets/de`)).status).toBe(409);
    expect((await admin('DELETE', `/stores/${s}/markets/at`)).status).toBe(204);
    // The last market may go: the store prices as before markets.
    expect((await admin('DELETE', `/stores/${s}/markets/de`)).status).toBe(204);
    expect(await env.KEYS.get(`pricing:${s}`)).toBeNull();
  });

  it.each([
    ['a lowercase currency', { currency: 'eur' }, 'currency'],
    ['an unknown currency', { currency: 'EUX' }, 'currency'],
    ['a tax above 100', { tax: { rate: '100.01' } }, 'tax.rate'],
    ['a tax with 3 decimals', { tax: { rate: '8.125' } }, 'tax.rate'],
    ['a negative tax', { tax: { rate: '-1' } }, 'tax.rate'],
    ['a numeric tax', { tax: { rate: 8.1 } }, 'tax.rate'],
    ['a lowercase country', { countries: ['ch'] }, 'countries.0'],
    ['a bad language', { language: 'de_CH' }, 'language'],
    ['an unknown field', { colour: 'red' }, 'colour'],
  ])('400s %s naming the field', async (_, extra, field) => {
    const s = await createStore();
    const res = await admin('POST', `/stores/${s}/markets`, { ...market('de'), ...extra });
    expect(res.status).toBe(400);
    const body = await res.json<{ code: string; errors: { field: string }[] }>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.errors.map((e) => e.field)).toContain(field);
  });

  it.each(['De', '-de', '__proto__', 'a'.repeat(41), 'constructor '])('400s the market id %j', async (id) => {
    const s = await createStore();
    const res = await admin('POST', `/stores/${s}/markets`, market(id));
    expect(res.status).toBe(400);
  });

  it('404s markets of another store, unknown ones and __proto__, and 409s a taken id', async () => {
    const a = await createStore();
    const b = await createStore();
    await created(await admin('POST', `/stores/${a}/markets`, market('de')));
    expect((await admin('GET', `/stores/${b}/markets/de`)).status).toBe(404);
    expect((await admin('PUT', `/stores/${b}/markets/de`, { name: 'x', currency: 'EUR' })).status).toBe(404);
    expect((await admin('DELETE', `/stores/${b}/markets/de`)).status).toBe(404);
    expect((await admin('GET', `/stores/${a}/markets/__proto__`)).status).toBe(404);
    expect((await admin('GET', `/stores/nobody/markets`)).status).toBe(404);
    expect((await admin('POST', `/stores/${a}/markets`, market('de'))).status).toBe(409);
  });

  it('checks list assignments: an unknown group or list, or a list in another currency, is a 400 naming it', async () => {
    const s = await createStore();
    await created(await admin('POST', `/stores/${s}/price-lists`, { id: 'chf', name: 'CHF', currency: 'CHF' }));
    const cases: [unknown, string][] = [
      [[{ group: 'dealer', list: 'chf' }], 'price_lists.0.group'],
      [[{ group: 'retail', list: 'nope' }], 'price_lists.0.list'],
      [[{ group: 'retail', list: 'chf' }], 'price_lists.0.list'],
    ];
    for (const [price_lists, field] of cases) {
      const res = await admin('POST', `/stores/${s}/markets`, market('de', { price_lists }));
      expect(res.status).toBe(400);
      expect((await res.json<{ errors: { field: string }[] }>()).errors[0]!.field).toBe(field);
    }
    const ok = await created(
      await admin(
        'POST',
        `/stores/${s}/markets`,
        market('ch', { currency: 'CHF', price_lists: [{ group: 'retail', list: 'chf' }] }),
      ),
    );
    expect(ok.price_lists).toEqual([{ group: 'retail', list: 'chf' }]);
    // A list a market uses cannot go.
    expect((await admin('DELETE', `/stores/${s}/price-lists/chf`)).status).toBe(409);
  });
});

describe('customer groups', () => {
  it('lists retail first, creates, renames and deletes a group; retail cannot be touched', async () => {
    const s = await createStore();
    expect(await created(await admin('GET', `/stores/${s}/customer-groups`), 200)).toEqual({
      customer_groups: [{ id: 'retail', name: 'Retail', builtin: true, created_at: null, updated_at: null }],
    });
    expect(await created(await admin('POST', `/stores/${s}/customer-groups`, { id: 'dealer', name: 'Dealers' }))).toMatchObject({
      id: 'dealer',
      builtin: false,
    });
    expect((await admin('POST', `/stores/${s}/customer-groups`, { id: 'dealer', name: 'Again' })).status).toBe(409);
    expect((await admin('POST', `/stores/${s}/customer-groups`, { id: 'retail', name: 'Mine' })).status).toBe(409);
    expect((await admin('PUT', `/stores/${s}/customer-groups/retail`, { name: 'Mine' })).status).toBe(409);
    expect((await admin('DELETE', `/stores/${s}/customer-groups/retail`)).status).toBe(409);
    expect(await created(await admin('PUT', `/stores/${s}/customer-groups/dealer`, { name: 'Trade' }), 200)).toMatchObject({
      name: 'Trade',
    });
    expect((await admin('GET', `/stores/${s}/customer-groups/__proto__`)).status).toBe(404);
    const other = await createStore();
    expect((await admin('GET', `/stores/${other}/customer-groups/dealer`)).status).toBe(404);
    expect((await admin('DELETE', `/stores/${other}/customer-groups/dealer`)).status).toBe(404);
    expect((await admin('DELETE', `/stores/${s}/customer-groups/dealer`)).status).toBe(204);
  });

  it('409s deleting a group a key or a market uses', async () => {
    const s = await createStore();
    await created(await admin('POST', `/stores/${s}/customer-groups`, { id: 'dealer', name: 'Dealers' }));
    await created(await admin('POST', `/stores/${s}/price-lists`, { id: 'eur', name: 'EUR', currency: 'EUR' }));
    await created(await admin('POST', `/stores/${s}/markets`, market('de', { price_lists: [{ group: 'dealer', list: 'eur' }] })));
    const inMarket = await admin('DELETE', `/stores/${s}/customer-groups/dealer`);
    expect(inMarket.status).toBe(409);
    expect(await inMarket.json()).toMatchObject({ code: 'CONFLICT', details: { markets: ['de'] } });
    await created(await admin('PUT', `/stores/${s}/markets/de`, { name: 'DE', currency: 'EUR' }), 200);
    const key = await created(await admin('POST', `/stores/${s}/api-keys`, { name: 'dealer', customer_group: 'dealer' }));
    const byKey = await admin('DELETE', `/stores/${s}/customer-groups/dealer`);
    expect(byKey.status).toBe(409);
    expect(await byKey.json()).toMatchObject({ details: { api_keys: [key.id] } });
    expect((await admin('DELETE', `/stores/${s}/api-keys/${key.id}`)).status).toBe(204);
    expect((await admin('DELETE', `/stores/${s}/customer-groups/dealer`)).status).toBe(204);
  });
});

describe('binding keys to a group and markets', () => {
  it('stores the binding in D1 and in the KV record, and shows it in the list', async () => {
    const s = await createStore();
    await created(await admin('POST', `/stores/${s}/customer-groups`, { id: 'dealer', name: 'Dealers' }));
    await created(await admin('POST', `/stores/${s}/markets`, market('de')));
    await created(await admin('POST', `/stores/${s}/markets`, market('ch', { currency: 'CHF' })));
    const key = await created(
      await admin('POST', `/stores/${s}/api-keys`, { name: 'Dealer portal', customer_group: 'dealer', markets: ['ch', 'ch'] }),
    );
    expect(key).toMatchObject({ customer_group: 'dealer', markets: ['ch'] });
    const record = await env.KEYS.get(`key:${await sha256Hex(key.key as string)}`, 'json');
    expect(record).toMatchObject({ customerGroup: 'dealer', markets: ['ch'] });
    const plain = await created(await admin('POST', `/stores/${s}/api-keys`, { name: 'Shop' }));
    expect(plain).toMatchObject({ customer_group: 'retail', markets: null });
    const listed = await created(await admin('GET', `/stores/${s}/api-keys`), 200);
    expect(listed.api_keys).toEqual([
      expect.objectContaining({ id: key.id, customer_group: 'dealer', markets: ['ch'] }),
      expect.objectContaining({ id: plain.id, customer_group: 'retail', markets: null }),
    ]);
    // A market a key is limited to cannot go while the key lives.
    expect(
      await admin('PUT', `/stores/${s}/markets/de`, { name: 'DE', currency: 'EUR', default: true }).then((r) => r.status),
    ).toBe(200);
    expect((await admin('DELETE', `/stores/${s}/markets/ch`)).status).toBe(409);
  });

  it.each([
    [{ customer_group: 'dealer' }, 'customer_group'],
    [{ customer_group: '__proto__' }, 'customer_group'],
    [{ markets: ['de', 'xx'] }, 'markets.1'],
    [{ markets: [] }, 'markets'],
  ])('400s a binding to what does not exist: %j', async (binding, field) => {
    const s = await createStore();
    await created(await admin('POST', `/stores/${s}/markets`, market('de')));
    const res = await admin('POST', `/stores/${s}/api-keys`, { name: 'k', ...binding });
    expect(res.status).toBe(400);
    expect((await res.json<{ errors: { field: string }[] }>()).errors[0]!.field).toBe(field);
  });

  it("400s another store's group", async () => {
    const a = await createStore();
    const b = await createStore();
    await created(await admin('POST', `/stores/${a}/customer-groups`, { id: 'dealer', name: 'Dealers' }));
    expect((await admin('POST', `/stores/${b}/api-keys`, { name: 'k', customer_group: 'dealer' })).status).toBe(400);
  });
});

describe('GET /v1/markets', () => {
  const marketsOf = async (s: string, key: string) => {
    const res = await call(`/api/v1/markets?tenant_id=${s}`, { headers: { 'X-API-Key': key } });
    if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
    return res.json<{ markets: { id: string; default: boolean }[]; group: string }>();
  };

  it("answers the markets each key may use, the key's default and its group", async () => {
    const s = await createStore();
    await created(await admin('POST', `/stores/${s}/customer-groups`, { id: 'dealer', name: 'Dealers' }));
    const shop = (await created(await admin('POST', `/stores/${s}/api-keys`, { name: 'shop' }))).key as string;
    expect(await marketsOf(s, shop)).toEqual({ markets: [], group: 'retail' });

    await created(
      await admin('POST', `/stores/${s}/markets`, market('de', { countries: ['DE'], tax: { rate: '19', prices: 'gross' } })),
    );
    await created(await admin('POST', `/stores/${s}/markets`, market('ch', { currency: 'CHF' })));
    await created(await admin('POST', `/stores/${s}/markets`, market('uk', { currency: 'GBP' })));
    const dealer = (
      await created(await admin('POST', `/stores/${s}/api-keys`, { name: 'd', customer_group: 'dealer', markets: ['ch', 'uk'] }))
    ).key as string;

    const all = await marketsOf(s, shop);
    expect(all.group).toBe('retail');
    expect(all.markets).toEqual([
      { id: 'ch', name: 'Market ch', currency: 'CHF', countries: [], language: null, tax: null, default: false },
      {
        id: 'de',
        name: 'Market de',
        currency: 'EUR',
        countries: ['DE'],
        language: null,
        tax: { rate: '19', prices: 'gross' },
        default: true,
      },
      { id: 'uk', name: 'Market uk', currency: 'GBP', countries: [], language: null, tax: null, default: false },
    ]);
    // The store's default is outside the dealer key's limits: its first market is its default.
    const limited = await marketsOf(s, dealer);
    expect(limited).toMatchObject({
      group: 'dealer',
      markets: [
        { id: 'ch', default: true },
        { id: 'uk', default: false },
      ],
    });
  });

  it("403s another store's tenant_id", async () => {
    const a = await createStore();
    const b = await createStore();
    const key = (await created(await admin('POST', `/stores/${a}/api-keys`, { name: 'k' }))).key as string;
    expect((await call(`/api/v1/markets?tenant_id=${b}`, { headers: { 'X-API-Key': key } })).status).toBe(403);
  });
});
