import { describe } from 'vitest';

// Quotes: their lifecycle, revisions, concurrency and lists over the public API. One workerd runs them all
// (vitest.config.ts).
describe('test/api/quotes', async () => {
  await import('../api/quotes.cases');
});
describe('test/api/quotes-transitions', async () => {
  await import('../api/quotes-transitions.cases');
});
describe('test/api/quotes-revise', async () => {
  await import('../api/quotes-revise.cases');
});
describe('test/api/quotes-concurrency', async () => {
  await import('../api/quotes-concurrency.cases');
});
describe('test/api/quotes-idempotency', async () => {
  await import('../api/quotes-idempotency.cases');
});
describe('test/api/quotes-list-filters', async () => {
  await import('../api/quotes-list-filters.cases');
});
describe('test/api/quotes-search', async () => {
  await import('../api/quotes-search.cases');
});
describe('test/api/quotes-caps', async () => {
  await import('../api/quotes-caps.cases');
});
describe('test/api/insights', async () => {
  await import('../api/insights.cases');
});
describe('test/api/quote-requests', async () => {
  await import('../api/quote-requests.cases');
});
