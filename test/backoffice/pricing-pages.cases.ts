import { describe, expect, it } from 'vitest';
import { admin, call, createStore, saveProduct } from '../helpers';
import { signIn } from './sign-in';

// Stores > Markets, Customer groups, Price lists and a list's grid, diff and history, over HTTP with a session
// (docs/backoffice.md, "Markets and price lists"): what the pages show of the admin API's data, and where their
// forms send it.

const files = import.meta.glob<string>('./gate.cpq', { query: '?raw', import: 'default', eager: true });
const GATE = files['./gate.cpq']!;

const page = async (path: string, cookie: string) => call(path, { headers: { Cookie: cookie }, redirect: 'manual' });
const html = async (path: string, cookie: string) => {
  const res = await page(path, cookie);
  expect(res.status, path).toBe(200);
  return res.text();
};

async function ok(res: Response, status = 201) {
  expect(res.status, await res.clone().text()).toBe(status);
  return res.json();
}

/** A store with the gate, a dealer group, this year's Swiss list (one entry) and next year's, and market ch. */
async function pricedStore() {
  const store = await createStore();
  await ok(await saveProduct(store, 'gate', GATE));
  await ok(await admin('POST', `/stores/${store}/customer-groups`, { id: 'dealer', name: 'Dealers <b>' }));
  const year = new Date().getUTCFullYear();
  await ok(await admin('POST', `/stores/${store}/price-lists`, { id: 'ch-now', name: 'Swiss', currency: 'CHF', factor: '0.95' }));
  await ok(
    await admin('POST', `/stores/${store}/price-lists`, {
      id: 'ch-next',
      name: 'Swiss <next>',
      currency: 'CHF',
      valid_from: `${year + 1}-01-01`,
      base: 'ch-now',
      rounding: '0.05',
    }),
  );
  await ok(
    await admin('POST', `/stores/${store}/price-lists`, {
      id: 'ch-old',
      name: 'Swiss old',
      currency: 'CHF',
      valid_to: `${year - 1}-01-01`,
    }),
  );
  const entry = (list: string, version: number, price: string, value: string | null) =>
    admin('PATCH', `/stores/${store}/price-lists/${list}/entries`, { version, entries: [{ product: 'gate', price, value }] });
  await ok(await entry('ch-now', 1, 'gate_price[standard]', '400'), 200);
  await ok(await entry('ch-next', 1, 'gate_price[standard]', '420'), 200);
  await ok(await entry('ch-next', 2, 'finish.green.price', '49.90'), 200);
  await ok(
    await admin('POST', `/stores/${store}/markets`, {
      id: 'ch',
      name: 'Switzerland',
      currency: 'CHF',
      countries: ['CH', 'LI'],
      language: 'de-CH',
      tax: { rate: '8.1', prices: 'gross' },
      price_lists: [
        { group: 'retail', list: 'ch-now' },
        { group: 'retail', list: 'ch-next' },
        { group: 'dealer', list: 'ch-now' },
      ],
    }),
  );
  return store;
}

describe('markets and customer groups pages', () => {
  it('list the markets with their tax and lists by group, and send the forms to the admin API', async () => {
    const { cookie } = await signIn();
    const store = await pricedStore();
    const text = await html(`/admin/stores/${store}/markets`, cookie);
    expect(text).toContain(`<a href="/admin/stores/${store}/markets" aria-current="page">Markets</a>`);
    expect(text).toMatch(/Switzerland<\/a> <span class="badge ok">Default<\/span>/);
    expect(text).toContain('CH, LI');
    expect(text).toContain('8.1 % included');
    expect(text).toContain(
      `Dealers &lt;b&gt;: <a href="/admin/stores/${store}/price-lists/ch-now">ch-now</a> <span class="badge ok">in force</span>`,
    );
    // Retail's two lists: this year's prices today, next year's is scheduled.
    expect(text.split('>ch-now</a> <span class="badge ok">in force</span>').length - 1).toBe(2);
    expect(text).toContain(`>ch-next</a> <span class="badge warn">from ${new Date().getUTCFullYear() + 1}-01-01</span>`);
    expect(text).toContain(`data-method="POST" data-action="/api/admin/stores/${store}/markets"`);
    expect(text).toContain(`data-method="DELETE" data-action="/api/admin/stores/${store}/markets/ch"`);

    const edit = await html(`/admin/stores/${store}/markets/ch`, cookie);
    expect(edit).toContain(`data-method="PUT" data-action="/api/admin/stores/${store}/markets/ch"`);
    // The three assignments, then two spare rows.
    const rows = [...edit.matchAll(/<select id="assign-(\d)-group"(?:(?!<\/select>).)*<option value="(\w+)" selected="">/gs)];
    expect(rows.map((m) => m[2]).sort()).toEqual(['dealer', 'retail', 'retail']);
    expect(edit).toContain('id="assign-4-list"');
    expect(edit).not.toContain('id="assign-5-list"');
    // The default market's box is ticked and cannot be unticked.
    expect(edit).toMatch(/<input id="edit-default" type="checkbox" name="default"[^>]* checked="" disabled=""/);
    expect((await page(`/admin/stores/${store}/markets/nowhere`, cookie)).status).toBe(404);
  });

  it('leaves the tax rate of a market without tax blank, and a blank rate sends no tax (not 0 %)', async () => {
    const { cookie } = await signIn();
    const store = await pricedStore();
    await ok(await admin('POST', `/stores/${store}/markets`, { id: 'li', name: 'Liechtenstein', currency: 'CHF', tax: null }));
    const edit = await html(`/admin/stores/${store}/markets/li`, cookie);
    const rate = /<input id="edit-tax-rate"[^>]*>/.exec(edit)?.[0] ?? '';
    expect(rate).toContain('value=""');
    expect(rate).toContain('data-clear="tax"');
    expect(rate).not.toContain('required');
    const create = /<input id="new-tax-rate"[^>]*>/.exec(await html(`/admin/stores/${store}/markets`, cookie))?.[0] ?? '';
    expect(create).toContain('data-clear="tax"');
  });

  it('show Retail built in and the store groups with rename and delete', async () => {
    const { cookie } = await signIn();
    const store = await pricedStore();
    const text = await html(`/admin/stores/${store}/customer-groups`, cookie);
    expect(text).toMatch(/<tr data-group-id="retail"><td data-label="Group">Retail <span class="badge">built in<\/span>/);
    expect(text).toContain(`data-method="PUT" data-action="/api/admin/stores/${store}/customer-groups/dealer"`);
    expect(text).toContain('value="Dealers &lt;b&gt;"');
    expect(text).not.toContain(`/customer-groups/retail"`);
  });
});

describe('price list pages', () => {
  it('list every list with its validity as in force, scheduled or ended, and what it derives from', async () => {
    const { cookie } = await signIn();
    const store = await pricedStore();
    const text = await html(`/admin/stores/${store}/price-lists`, cookie);
    const row = (id: string) => new RegExp(`<tr data-list-id="${id}">(?:(?!</tr>).)*</tr>`, 's').exec(text)?.[0] ?? '';
    expect(row('ch-now')).toContain('<span class="badge ok">in force</span>');
    expect(row('ch-now')).toContain('the model&#39;s prices × 0.95, rounded the currency&#39;s smallest unit');
    expect(row('ch-next')).toContain('<span class="badge warn">scheduled</span>');
    expect(row('ch-next')).toContain('list ch-now, rounded to 0.05 (Swiss cash rounding)');
    expect(row('ch-next')).toContain('Swiss &lt;next&gt;');
    expect(row('ch-old')).toContain('<span class="badge">ended</span>');
  });

  it("show a product's price points with the model's number, the entry and the effective price, and the CSV forms", async () => {
    const { cookie } = await signIn();
    const store = await pricedStore();
    const text = await html(`/admin/stores/${store}/price-lists/ch-next?product=gate`, cookie);
    const row = (price: string) =>
      new RegExp(`<tr data-row="true" data-price="${price.replace(/[[\]]/g, '\\$&')}">(?:(?!</tr>).)*</tr>`, 's').exec(
        text,
      )?.[0] ?? '';
    // The model's numbers are in the model's currency, the list's in its own.
    expect(text).toMatch(/>Model \(EUR\)<\/th>.*>This list \(CHF\)<\/th>/s);
    expect(row('gate_price[standard]')).toMatch(/>390<\/td>.*value="420.00".*>420.00<\/td><td data-label="From">this list</s);
    // No entry here nor in this year's list: the model's 450 × 0.95 = 427.50, rounded to 0.05.
    expect(row('gate_price[wide]')).toMatch(/>450<\/td>.*value="".*>427.50<\/td><td data-label="From">the model</s);
    expect(text).toContain(
      `data-method="PATCH" data-action="/api/admin/stores/${store}/price-lists/ch-next/entries" data-send="changed"`,
    );
    expect(text).toContain('<input type="hidden" name="version" value="3" data-type="number"/>');
    expect(text).toContain(`data-action="/api/admin/stores/${store}/price-lists/ch-next/entries.csv?version=3" data-body="file"`);
    expect(text).toContain(`href="/api/admin/stores/${store}/price-lists/ch-next/entries.csv"`);
    expect((await page(`/admin/stores/${store}/price-lists/nothing`, cookie)).status).toBe(404);
  });

  it('compare a list with the one in force, or another list, and say when there is nothing to compare with', async () => {
    const { cookie } = await signIn();
    const store = await pricedStore();
    const text = await html(`/admin/stores/${store}/price-lists/ch-next/diff`, cookie);
    expect(text).toMatch(
      /Against ch-now \(version 2\), ch-next \(version 3\) has 1 price changed, 1 entry added and 0 entries removed\./,
    );
    expect(text).toMatch(
      /<tr class="diff-change"><td class="mono" data-label="Product">gate<\/td><td class="mono" data-label="Price">gate_price\[standard\]/,
    );
    const against = await html(`/admin/stores/${store}/price-lists/ch-next/diff?against=ch-old`, cookie);
    expect(against).toMatch(/Against ch-old \(version 1\).* 0 prices changed, 2 entries added/);
    expect(against).toContain('<option value="ch-old" selected="">');
    // ch-old is assigned nowhere: no list in force to compare it with, the API's reason on the page.
    const nowhere = await page(`/admin/stores/${store}/price-lists/ch-old/diff`, cookie);
    expect(nowhere.status).toBeGreaterThanOrEqual(400);
    expect(nowhere.status).toBeLessThan(500);
    expect(await nowhere.text()).toMatch(/<p class="notice error" role="alert">[^<]+<\/p>/);
  });

  it('show the history newest first: who changed what', async () => {
    const { cookie } = await signIn();
    const store = await pricedStore();
    const text = await html(`/admin/stores/${store}/price-lists/ch-next/history`, cookie);
    const versions = [...text.matchAll(/<tr data-version="(\d+)">/g)].map((m) => Number(m[1]));
    expect(versions).toEqual([3, 2, 1]);
    expect(text).toContain('Prices edited: 1 entry added');
    expect(text).toContain('admin token');
    expect(text).toMatch(
      /<td class="mono" data-label="Price">finish\.green\.price<\/td><td class="num" data-label="Before"><span class="muted">none<\/span><\/td><td class="num" data-label="After">49.90<\/td>/,
    );
    expect(text).toContain('Created');
  });
});

describe('API keys page', () => {
  it("offers the store's groups and markets when creating a key, and shows what each key is bound to", async () => {
    const { cookie } = await signIn();
    const store = await pricedStore();
    await ok(
      await admin('POST', `/stores/${store}/api-keys`, { name: 'Dealer portal', customer_group: 'dealer', markets: ['ch'] }),
    );
    await ok(await admin('POST', `/stores/${store}/api-keys`, { name: 'Shop' }));
    const text = await html(`/admin/stores/${store}/api-keys`, cookie);
    expect(text).toContain('<option value="">Retail</option><option value="dealer">Dealers &lt;b&gt;</option>');
    expect(text).toContain('<input type="checkbox" name="markets" value="ch" data-type="array" data-optional="true"/>');
    expect(text).toMatch(
      /Dealer portal<\/td>(?:(?!<\/tr>).)*<td data-label="Prices for">dealer<div class="muted">markets: ch<\/div>/s,
    );
    expect(text).toMatch(/Shop<\/td>(?:(?!<\/tr>).)*<td data-label="Prices for">retail<div class="muted">every market<\/div>/s);
  });
});
