import type { MiddlewareHandler } from 'hono';
import { unmigratedShards } from '../db/migrated';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

/**
 * Nothing is served from a shard behind this code's migrations (src/db/migrated.ts): 503 naming the shards, with
 * Retry-After. The check starts as the request arrives (`checkMigrated`) and is awaited just before the route
 * (`requireMigrated`), so on a cold isolate it overlaps the key check's call to the store's object; a warm isolate
 * makes no I/O for it.
 */
export const checkMigrated: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('migrated', unmigratedShards(c.env));
  await next();
};

export const requireMigrated: MiddlewareHandler<AppEnv> = async (c, next) => {
  const behind = await (c.get('migrated') ?? unmigratedShards(c.env));
  if (behind.length > 0) {
    const named = behind.map((shard) => `${shard} (${shard === 0 ? 'DB' : `DB_${shard}`})`).join(', ');
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      `Shard ${named} is behind this version's database migrations: run npm run db:migrate -- --remote`,
      { details: { shards: behind } },
      { 'Retry-After': '30' },
    );
  }
  await next();
};
