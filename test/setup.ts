import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Setup files run outside isolated storage, so migrations apply once per test file's databases: every shard
// (wrangler.toml), as `npm run db:migrate` does.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await applyD1Migrations(env.DB_1, env.TEST_MIGRATIONS);
