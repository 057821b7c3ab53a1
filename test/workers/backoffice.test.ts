import { describe } from 'vitest';

// The backoffice: sign-in, sessions, pages, history and the quotes list. One workerd runs them all
// (vitest.config.ts).
describe('test/backoffice/admin-auth', async () => {
  await import('../backoffice/admin-auth.cases');
});
describe('test/backoffice/session', async () => {
  await import('../backoffice/session.cases');
});
describe('test/backoffice/pages', async () => {
  await import('../backoffice/pages.cases');
});
describe('test/backoffice/history-pages', async () => {
  await import('../backoffice/history-pages.cases');
});
describe('test/backoffice/quotes-csv', async () => {
  await import('../backoffice/quotes-csv.cases');
});
describe('test/backoffice/quotes-filters', async () => {
  await import('../backoffice/quotes-filters.cases');
});
describe('test/backoffice/desk-totals', async () => {
  await import('../backoffice/desk-totals.cases');
});
describe('test/backoffice/quotes-locale', async () => {
  await import('../backoffice/quotes-locale.cases');
});
describe('test/backoffice/overview', async () => {
  await import('../backoffice/overview.cases');
});
describe('test/backoffice/pricing-pages', async () => {
  await import('../backoffice/pricing-pages.cases');
});
