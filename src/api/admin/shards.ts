// The wire shapes of the shards (docs/scale.md): each shard's capacity, and a store's move between shards.
import { z } from '@hono/zod-openapi';
import { StoreId } from './params';

export const ShardNumber = z
  .number()
  .int()
  .min(0)
  .max(4999)
  .openapi({ description: 'A shard: 0 is the D1 binding DB, n the binding DB_<n> (wrangler.toml)', example: 1 });

export const MOVE_PHASES = ['clearing', 'copying', 'verifying', 'switching', 'waiting', 'cleaning', 'done', 'failed'] as const;

export const MoveRequest = z.object({ to: ShardNumber }).strict().openapi('MoveRequest');

const TableTally = z.object({
  rows: z.number().int().openapi({ description: "The store's rows the move copied from the old shard" }),
  hash: z.string().openapi({ description: 'SHA-256 over those rows in order (docs/scale.md, "Moving a store")' }),
  copied: z
    .object({ rows: z.number().int(), hash: z.string() })
    .nullable()
    .openapi({ description: 'What the copy in the new shard held when read back; null until the table is verified' }),
});

export const Move = z
  .object({
    from: ShardNumber,
    to: ShardNumber,
    phase: z.enum(MOVE_PHASES).openapi({
      description:
        "clearing, copying, verifying (writes answer 503 with Retry-After), switching, waiting (the store serves from `to`; the old rows are kept a while for isolates still reading them), cleaning, then done; failed when a table's copy differed (the store carries on in `from`, writes allowed)",
    }),
    table: z.string().nullable().openapi({ description: 'The table the phase is at; null when none' }),
    tables: z.record(z.string(), TableTally).openapi({ description: 'Per store-owned table copied so far: counts and hashes' }),
    writes_fenced: z.boolean().openapi({ description: "True while the store's writes answer 503 (clearing to switching)" }),
    started_at: z.string(),
    switched_at: z.string().nullable(),
    clean_after: z.string().nullable().openapi({ description: 'When the old rows are deleted, once switched' }),
    finished_at: z.string().nullable(),
    error: z.string().nullable().openapi({ description: 'Why it failed, or the last error a step met (it is tried again)' }),
  })
  .openapi('StoreMove');

export const MoveStatus = z
  .object({
    store_id: StoreId,
    shard: ShardNumber.openapi({ description: "The shard serving the store's rows now (the directory's)" }),
    move: Move.nullable().openapi({ description: "The store's last move; null when it never moved" }),
  })
  .openapi('StoreMoveStatus');

export const Shard = z
  .object({
    shard: ShardNumber,
    binding: z.string().openapi({ example: 'DB_1' }),
    size_bytes: z.number().int().openapi({ description: "The database's size (D1's meta.size_after)" }),
    capacity_bytes: z.number().int(),
    fill: z.number().openapi({ description: 'size_bytes / capacity_bytes, 0 to 1 and beyond' }),
    warning: z.boolean().openapi({ description: 'fill is at or over warn_at: plan a new shard, move stores off this one' }),
    stores: z.number().int().openapi({ description: 'Stores the directory places here' }),
    rows: z.record(z.string(), z.number().int()).openapi({ description: 'Rows per table, every store together' }),
  })
  .openapi('Shard');

export const ShardList = z
  .object({
    capacity_bytes: z.number().int().openapi({ description: "A shard's capacity: D1's 10 GB a database (10 × 1024³ bytes)" }),
    warn_at: z.number().openapi({ description: 'The fill from which a shard warns (0.7: docs/scale.md)' }),
    shards: z.array(Shard),
  })
  .openapi('ShardList');
