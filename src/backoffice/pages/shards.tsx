import { Hono } from 'hono';
import type { BackofficeEnv } from '../env';
import { load } from '../load';
import type { ShardListJson } from '../types';
import { ShardsPage } from '../views/shards';

/** Every shard's size, fill and rows (docs/scale.md, "Capacity"). */
export const shardPages = new Hono<BackofficeEnv>().get('/', async (c) =>
  c.html(<ShardsPage csrf={c.var.csrf} list={await load<ShardListJson>(c, '/shards')} />),
);
