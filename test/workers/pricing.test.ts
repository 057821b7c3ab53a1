import { describe } from 'vitest';

// Form, calculate and validate: prices, examples, and every hostile or malformed input. One workerd runs them
// all (vitest.config.ts).
describe('test/api/calculate', async () => {
  await import('../api/calculate.cases');
});
describe('test/api/form', async () => {
  await import('../api/form.cases');
});
describe('test/api/validate', async () => {
  await import('../api/validate.cases');
});
describe('test/api/examples', async () => {
  await import('../api/examples.cases');
});
describe('test/api/hostile-input', async () => {
  await import('../api/hostile-input.cases');
});
describe('test/api/utf8-bodies', async () => {
  await import('../api/utf8-bodies.cases');
});
describe('test/api/markets-pricing', async () => {
  await import('../api/markets-pricing.cases');
});
describe('test/api/markets-keys', async () => {
  await import('../api/markets-keys.cases');
});
describe('test/api/markets-quotes', async () => {
  await import('../api/markets-quotes.cases');
});
