import { describe } from 'vitest';

// Saving and publishing products: drafts, versions, races, full-size models, what is stored and cached. One
// workerd runs them all (vitest.config.ts).
describe('test/api/products', async () => {
  await import('../api/products.cases');
});
describe('test/api/drafts', async () => {
  await import('../api/drafts.cases');
});
describe('test/api/product-history', async () => {
  await import('../api/product-history.cases');
});
describe('test/api/save-from-version', async () => {
  await import('../api/save-from-version.cases');
});
describe('test/api/save-full-size', async () => {
  await import('../api/save-full-size.cases');
});
describe('test/api/validate-save', async () => {
  await import('../api/validate-save.cases');
});
describe('test/api/publish-race', async () => {
  await import('../api/publish-race.cases');
});
describe('test/api/stored-ir', async () => {
  await import('../api/stored-ir.cases');
});
describe('test/api/caching', async () => {
  await import('../api/caching.cases');
});
describe('test/api/cold-load', async () => {
  await import('../api/cold-load.cases');
});
