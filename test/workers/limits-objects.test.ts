import { describe } from 'vitest';

// Rate limits inside: admission, the objects, joint calls, failures and the bench knobs. One workerd runs them
// all (vitest.config.ts).
describe('test/limits/admission', async () => {
  await import('../limits/admission.cases');
});
describe('test/limits/store-access', async () => {
  await import('../limits/store-access.cases');
});
describe('test/limits/joint-call', async () => {
  await import('../limits/joint-call.cases');
});
describe('test/limits/failure', async () => {
  await import('../limits/failure.cases');
});
describe('test/limits/knobs', async () => {
  await import('../limits/knobs.cases');
});
