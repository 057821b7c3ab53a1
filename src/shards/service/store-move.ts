import type { z } from '@hono/zod-openapi';
import { storeAccess } from '../../access/names';
import type { Move, MoveStatus } from '../../api/admin/shards';
import { allShards } from '../../db/shards';
import { STORE_TABLES } from '../../db/store-tables';
import { iso } from '../../db/time';
import { ApiError } from '../../errors';
import { getStore } from '../../stores/service';
import { isActive, type MoveState } from './move';

// A store's move as the admin API starts and shows it; the move itself runs in the store's object
// (src/shards/mover.ts, src/shards/service/move.ts).

/** The shard the directory places the store in, read from its primary (it changes when the store moves). */
const directoryShard = async (env: Env, storeId: string) => (await getStore(env, storeId)).shard;

const FENCED = new Set(['clearing', 'copying', 'verifying', 'switching']);
const WALKED_BACKWARDS = new Set(['clearing', 'cleaning']);

function present(move: MoveState): z.infer<typeof Move> {
  const order = WALKED_BACKWARDS.has(move.phase) ? [...STORE_TABLES].reverse() : STORE_TABLES;
  const atTable = ['clearing', 'copying', 'verifying', 'cleaning'].includes(move.phase);
  return {
    from: move.from,
    to: move.to,
    phase: move.phase,
    table: atTable ? (order[move.table]?.table ?? null) : null,
    tables: move.tables,
    writes_fenced: FENCED.has(move.phase),
    started_at: iso(move.startedAt)!,
    switched_at: iso(move.switchedAt),
    clean_after: iso(move.cleanAfter),
    finished_at: iso(move.finishedAt),
    error: move.error,
  };
}

export async function moveStatus(env: Env, storeId: string): Promise<z.infer<typeof MoveStatus>> {
  const shard = await directoryShard(env, storeId);
  const move = await storeAccess(env, storeId).moveStatus();
  return { store_id: storeId, shard, move: move ? present(move) : null };
}

/**
 * Starts moving the store to shard `to`: NOT_FOUND for an unknown store, BAD_REQUEST for a shard this Worker does
 * not bind, CONFLICT when the store is there already or a move of it is under way.
 */
export async function startMove(env: Env, storeId: string, to: number): Promise<z.infer<typeof MoveStatus>> {
  const from = await directoryShard(env, storeId);
  if (!allShards(env).includes(to)) {
    throw new ApiError('BAD_REQUEST', `No shard ${to}: this Worker binds shards ${allShards(env).join(', ')}`, {
      details: { shards: allShards(env) },
    });
  }
  const underWay = (move: MoveState) =>
    new ApiError('CONFLICT', `Store '${storeId}' is moving already (to shard ${move.to})`, {
      details: { move: present(move) },
    });
  if (to === from) {
    // A move back to where the store still is while a move away is under way: that move is the conflict.
    const current = await storeAccess(env, storeId).moveStatus();
    if (current && isActive(current)) throw underWay(current);
    throw new ApiError('CONFLICT', `Store '${storeId}' is in shard ${to} already`, { details: { shard: from } });
  }
  const answer = await storeAccess(env, storeId).startMove({ storeId, from, to });
  if (!answer.started || !isActive(answer.move)) throw underWay(answer.move);
  return { store_id: storeId, shard: from, move: present(answer.move) };
}
