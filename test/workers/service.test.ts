import { describe } from 'vitest';

// The service around the API: health and errors, keys, the admin API, OpenAPI, CORS, headers, docs, embed and
// demo. One workerd runs them all (vitest.config.ts).
describe('test/api/health-and-errors', async () => {
  await import('../api/health-and-errors.cases');
});
describe('test/api/api-keys', async () => {
  await import('../api/api-keys.cases');
});
describe('test/api/admin-stores', async () => {
  await import('../api/admin-stores.cases');
});
describe('test/api/shards', async () => {
  await import('../api/shards.cases');
});
describe('test/api/concurrent-requests', async () => {
  await import('../api/concurrent-requests.cases');
});
describe('test/api/openapi-and-cors', async () => {
  await import('../api/openapi-and-cors.cases');
});
describe('test/api/security-headers', async () => {
  await import('../api/security-headers.cases');
});
describe('test/api/docs-endpoints', async () => {
  await import('../api/docs-endpoints.cases');
});
describe('test/api/embed', async () => {
  await import('../api/embed.cases');
});
describe('test/api/demo', async () => {
  await import('../api/demo.cases');
});
describe('test/api/readme', async () => {
  await import('../api/readme.cases');
});
describe('test/api/pool-fix', async () => {
  await import('../api/pool-fix.cases');
});
describe('test/keys/service', async () => {
  await import('../keys/service.cases');
});
describe('test/keys/store-keys', async () => {
  await import('../keys/store-keys.cases');
});
