import { describe } from 'vitest';

// Markets, customer groups and price lists (issue 45): their admin API, key binding, resolution and caching.
describe('test/api/markets', async () => {
  await import('../api/markets.cases');
});
