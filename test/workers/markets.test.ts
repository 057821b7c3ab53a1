import { describe } from 'vitest';

// Markets, customer groups and price lists (issue 45): their admin API, key binding, resolution and caching.
describe('test/api/markets', async () => {
  await import('../api/markets.cases');
});
describe('test/api/price-lists', async () => {
  await import('../api/price-lists.cases');
});
describe('test/api/market-resolution', async () => {
  await import('../api/market-resolution.cases');
});
describe('test/api/market-tests', async () => {
  await import('../api/market-tests.cases');
});
describe('test/api/markets-consistency', async () => {
  await import('../api/markets-consistency.cases');
});
