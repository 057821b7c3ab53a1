import { describe } from 'vitest';

// Shards: the store-owned tables' registry, moving a store between shards, each shard's capacity. One workerd runs
// them all (vitest.config.ts).
describe('test/shards/store-tables', async () => {
  await import('../shards/store-tables.cases');
});
describe('test/shards/move', async () => {
  await import('../shards/move.cases');
});
describe('test/shards/capacity', async () => {
  await import('../shards/capacity.cases');
});
describe('test/shards/move-failure', async () => {
  await import('../shards/move-failure.cases');
});
