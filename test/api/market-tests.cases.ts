import { expect, it } from 'vitest';
import { createStore, saveProduct } from '../helpers';
import { adminOk, market, PANEL, priceList } from './markets-helpers';

// Schema tests naming a market (docs/schema-language.md, "Tests in a market"), run by a save in the store's lists.
// The panel (base 100, white 10) in retail CHF = the model × 0.93 to 0.05: 93.00 + 9.30 = 102.30; in dealer CHF =
// retail CHF × 0.7 to 0.05: 65.10 + 6.51 → 6.50 = 71.60.
const tests = (swiss: string, dealer: string, where = 'ch') => `${PANEL}
test "plain" { expect price == 110 }
test "swiss" {
  market: "${where}"
  expect price == ${swiss}
}
test "swiss dealer" { market: "${where}", group: "dealer", expect price == ${dealer} }
`;

async function swissStore() {
  const store = await createStore();
  await adminOk('POST', `/stores/${store}/customer-groups`, { id: 'dealer', name: 'Dealers' });
  await priceList(store, { id: 'retail-chf', name: 'Retail CHF', currency: 'CHF', factor: '0.93', rounding: '0.05' });
  await priceList(store, {
    id: 'dealer-chf',
    name: 'Dealer CHF',
    currency: 'CHF',
    base: 'retail-chf',
    factor: '0.7',
    rounding: '0.05',
  });
  await market(store, {
    id: 'ch',
    name: 'Switzerland',
    currency: 'CHF',
    price_lists: [
      { group: 'retail', list: 'retail-chf' },
      { group: 'dealer', list: 'dealer-chf' },
    ],
    default: true,
  });
  return store;
}

it("a save runs the tests naming a market in the store's list for their group", async () => {
  const store = await swissStore();
  const res = await saveProduct(store, 'panel', tests('102.3', '71.6'));
  const body = (await res.json()) as { warnings: { code: string }[] };
  expect(res.status, JSON.stringify(body)).toBe(201);
  expect(body.warnings.map((w) => w.code)).not.toContain('W_TEST_NOT_RUN');
});

it('a test expecting another amount than the list gives fails the save, with the amount the list gives', async () => {
  const store = await swissStore();
  const res = await saveProduct(store, 'panel', tests('102.3', '71.65'));
  expect(res.status).toBe(422);
  const body = (await res.json()) as { code: string; errors: { code: string; message: string; line: number }[] };
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(body.errors).toEqual([
    expect.objectContaining({
      code: 'E_TEST_FAILED',
      line: 26,
      message: 'test "swiss dealer": expected price == 71.65, got 71.6',
    }),
  ]);
});

it('a market the store lacks fails the test at its market line; a store without markets too', async () => {
  for (const store of [await swissStore(), await createStore()]) {
    const res = await saveProduct(store, 'panel', tests('102.3', '71.6', 'fr'));
    expect(res.status).toBe(422);
    const { errors } = (await res.json()) as { errors: { code: string; message: string; line: number }[] };
    expect(errors.map((e) => [e.code, e.line])).toEqual([
      ['E_TEST_FAILED', 23],
      ['E_TEST_FAILED', 26],
    ]);
    expect(errors[0]!.message).toMatch(/^test "swiss": no price list for market fr, group retail: .*fr/);
  }
});
