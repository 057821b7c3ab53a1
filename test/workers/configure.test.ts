import { describe } from 'vitest';

// The configurator over HTTP: walks, wants, compact answers, multi-selects, soft defaults and the logic the
// browser shares. One workerd runs them all (vitest.config.ts).
describe('test/api/configure-walks', async () => {
  await import('../api/configure-walks.cases');
});
describe('test/api/configure', async () => {
  await import('../api/configure.cases');
});
describe('test/api/configure-want', async () => {
  await import('../api/configure-want.cases');
});
describe('test/api/configure-big', async () => {
  await import('../api/configure-big.cases');
});
describe('test/api/configure-compact', async () => {
  await import('../api/configure-compact.cases');
});
describe('test/api/configure-multiselect', async () => {
  await import('../api/configure-multiselect.cases');
});
describe('test/api/soft-defaults', async () => {
  await import('../api/soft-defaults.cases');
});
describe('test/api/soft-defaults-buyer', async () => {
  await import('../api/soft-defaults-buyer.cases');
});
describe('test/api/repeat', async () => {
  await import('../api/repeat.cases');
});
describe('test/api/table-lists', async () => {
  await import('../api/table-lists.cases');
});
describe('test/api/field-types', async () => {
  await import('../api/field-types.cases');
});
describe('test/api/logic-equivalence', async () => {
  await import('../api/logic-equivalence.cases');
});
