import { describe } from 'vitest';

// Rate limits as a client meets them: budgets per plan and key, leases across isolates, anonymous addresses.
// One workerd runs them all (vitest.config.ts).
describe('test/limits/leases', async () => {
  await import('../limits/leases.cases');
});
describe('test/limits/requests', async () => {
  await import('../limits/requests.cases');
});
describe('test/limits/anonymous', async () => {
  await import('../limits/anonymous.cases');
});
describe('test/limits/plan-and-keys', async () => {
  await import('../limits/plan-and-keys.cases');
});
describe('test/limits/units', async () => {
  await import('../limits/units.cases');
});
