import { describe } from 'vitest';

// What a quote becomes for its buyer and the store: the document, its page and links, line discounts, the desk
// and the webhooks that announce it (webhooks last: the queue's own delivery must not start before the file
// ends). One workerd runs them all (vitest.config.ts).
describe('test/api/quote-document', async () => {
  await import('../api/quote-document.cases');
});
describe('test/api/quotes-page', async () => {
  await import('../api/quotes-page.cases');
});
describe('test/api/buyer-pages-seller', async () => {
  await import('../api/buyer-pages-seller.cases');
});
describe('test/api/quotes-links', async () => {
  await import('../api/quotes-links.cases');
});
describe('test/api/quotes-line-discounts', async () => {
  await import('../api/quotes-line-discounts.cases');
});
describe('test/api/quotes-desk', async () => {
  await import('../api/quotes-desk.cases');
});
describe('test/api/quotes-languages', async () => {
  await import('../api/quotes-languages.cases');
});
describe('test/api/percent-precision', async () => {
  await import('../api/percent-precision.cases');
});
describe('test/api/webhooks', async () => {
  await import('../api/webhooks.cases');
});
describe('test/api/webhook-health', async () => {
  await import('../api/webhook-health.cases');
});
