import type { MOVE_PHASES } from '../../api/admin/shards';
import type { Permission, Plan } from '../../api/permissions';
import { forgetShard, shardBinding } from '../../db/shards';
import { STORE_TABLES } from '../../db/store-tables';
import { rehomeKeyRecords } from '../../keys/store';
import { deletePage, hashRows, insertPage, readPage } from './pages';

// Moving a store from one shard to another (docs/scale.md, "Moving a store"), a step at a time: the store's object
// (src/access/object.ts) keeps the move's state and runs `advance` from its alarm, each call bounded by a deadline,
// so no step exceeds what one invocation may do however large the store.
//
//   fence      the old shard's store_fences row: from then on every write of the store's rows there is refused
//              (migrations/0021_store_moves.sql), and what committed before it is what the move copies
//   clearing   rows of the store left in the new shard by an earlier, failed move are deleted
//   copying    every store-owned table (src/db/store-tables.ts), page by page, hashing the source's rows
//   verifying  the copy read back page by page: the same count and the same hash per table, or the move fails and
//              the fence is lifted (the store carries on where it was)
//   switching  the directory's row says the new shard, the old shard's fence stays up ('moved') for good
//   waiting    CLEAN_AFTER_MS for isolates still holding the old shard to see the new one; reads keep finding the
//              old rows meanwhile, and writes there are refused with a retry
//   cleaning   the old rows deleted, page by page, children first
//   done

export type MovePhase = (typeof MOVE_PHASES)[number];

export interface TableTally {
  rows: number;
  hash: string;
  /** What the copy read back held; set once the table is verified. */
  copied: { rows: number; hash: string } | null;
}

export interface MoveState {
  storeId: string;
  from: number;
  to: number;
  phase: MovePhase;
  /** Where the phase is: an index into STORE_TABLES (in the order the phase walks them) and the last rowid done. */
  table: number;
  after: number;
  /** The running hash (copying: of the source; verifying: of the copy) and rows of the current table so far. */
  hash: string;
  rows: number;
  tables: Record<string, TableTally>;
  startedAt: number;
  switchedAt: number | null;
  cleanAfter: number | null;
  finishedAt: number | null;
  /** Why the move failed, or the last error a step met (the next step tries again). */
  error: string | null;
}

/** How long the old rows stay after the switch: past what an isolate holds a store's shard (30 s) and KV's 60 s. */
const CLEAN_AFTER_MS = 120_000;
/** Rows a clean-up statement deletes at most. */
const DELETE_ROWS = 500;

const cleanAfterMs = (env: Env) => {
  const set = Number((env as unknown as Record<string, unknown>).MOVE_CLEAN_AFTER_MS);
  return Number.isFinite(set) && set >= 0 ? set : CLEAN_AFTER_MS;
};

export const isActive = (state: MoveState | null | undefined) =>
  state !== null && state !== undefined && state.phase !== 'done' && state.phase !== 'failed';

/**
 * Raises the fence in the old shard and answers the move's first state. D1 commits the fence row after every write
 * of the store that committed before it; any later write of the store's rows there is refused whole.
 */
export async function beginMove(env: Env, storeId: string, from: number, to: number, now: number): Promise<MoveState> {
  await shardBinding(env, from)
    .prepare(
      `INSERT INTO store_fences (store_id, state, to_shard, at) VALUES (?1, 'fenced', ?2, ?3)
       ON CONFLICT (store_id) DO UPDATE SET state = 'fenced', to_shard = excluded.to_shard, at = excluded.at`,
    )
    .bind(storeId, to, now)
    .run();
  // A fence the store left in the new shard when it moved away from it earlier guards nothing any more.
  await shardBinding(env, to).prepare('DELETE FROM store_fences WHERE store_id = ?1').bind(storeId).run();
  return {
    storeId,
    from,
    to,
    phase: 'clearing',
    table: 0,
    after: 0,
    hash: '',
    rows: 0,
    tables: {},
    startedAt: now,
    switchedAt: null,
    cleanAfter: null,
    finishedAt: null,
    error: null,
  };
}

/**
 * Runs the move's steps until `deadline` (or until it must wait); answers when the next step is due, or null when
 * the move is over. `state` is updated in place and is the move's whole state, for the object to keep.
 */
export async function advance(env: Env, state: MoveState, deadline: number): Promise<number | null> {
  while (isActive(state)) {
    const now = Date.now();
    if (state.phase === 'waiting') {
      if (now < state.cleanAfter!) return state.cleanAfter;
      enter(state, 'cleaning');
      continue;
    }
    if (now >= deadline) return now;
    const phase = state.phase;
    await STEPS[phase as Exclude<MovePhase, 'waiting' | 'done' | 'failed'>](env, state);
    // The switch is kept before anything else runs: the object answers the new shard from the state it keeps.
    if (phase === 'switching') return Date.now();
  }
  return null;
}

function enter(state: MoveState, phase: MovePhase): void {
  state.phase = phase;
  state.table = 0;
  state.after = 0;
  state.hash = '';
  state.rows = 0;
}

const reversed = [...STORE_TABLES].reverse();

/** Moves to the next table of the phase, or the next phase after the last. */
function nextTable(state: MoveState, tables: number, then: MovePhase): void {
  if (state.table + 1 < tables) {
    state.table++;
    state.after = 0;
    state.hash = '';
    state.rows = 0;
  } else enter(state, then);
}

const STEPS = {
  async clearing(env: Env, state: MoveState) {
    const { table } = reversed[state.table]!;
    const to = shardBinding(env, state.to);
    const [deleted] = await to.batch([deletePage(to, table, state.storeId, DELETE_ROWS)]);
    if ((deleted?.meta.changes ?? 0) < DELETE_ROWS) nextTable(state, reversed.length, 'copying');
    if (state.phase === 'copying' && state.to !== 0) await anchorStore(env, state);
  },

  async copying(env: Env, state: MoveState) {
    const { table, pageRows } = STORE_TABLES[state.table]!;
    const page = await readPage(shardBinding(env, state.from), table, state.storeId, state.after, pageRows);
    if (page.rows.length > 0) {
      const to = shardBinding(env, state.to);
      await to.batch(insertPage(to, table, page));
      state.hash = await hashRows(state.hash, page.rows);
      state.rows += page.rows.length;
      state.after = page.last;
    }
    if (page.rows.length < pageRows) {
      state.tables[table] = { rows: state.rows, hash: state.hash, copied: null };
      nextTable(state, STORE_TABLES.length, 'verifying');
    }
  },

  async verifying(env: Env, state: MoveState) {
    const { table, pageRows } = STORE_TABLES[state.table]!;
    const page = await readPage(shardBinding(env, state.to), table, state.storeId, state.after, pageRows);
    state.hash = await hashRows(state.hash, page.rows);
    state.rows += page.rows.length;
    state.after = page.last;
    if (page.rows.length === pageRows) return;
    const tally = state.tables[table]!;
    tally.copied = { rows: state.rows, hash: state.hash };
    if (tally.copied.rows !== tally.rows || tally.copied.hash !== tally.hash) {
      const what =
        tally.copied.rows !== tally.rows
          ? `${tally.copied.rows} rows read back, ${tally.rows} copied`
          : `${tally.rows} rows read back, as copied, but not the same content (hash)`;
      await fail(env, state, `the copy of ${table} differs: ${what}`);
      return;
    }
    nextTable(state, STORE_TABLES.length, 'switching');
  },

  async switching(env: Env, state: MoveState) {
    await shardBinding(env, 0).prepare('UPDATE stores SET shard = ?1 WHERE id = ?2').bind(state.to, state.storeId).run();
    await shardBinding(env, state.from)
      .prepare(`UPDATE store_fences SET state = 'moved', at = ?2 WHERE store_id = ?1`)
      .bind(state.storeId, Date.now())
      .run();
    forgetShard(state.storeId);
    // The object answers the new shard from here on (src/shards/mover.ts, `shard`); the key records' hint follows.
    await rehomeKeys(env, state);
    state.switchedAt = Date.now();
    state.cleanAfter = state.switchedAt + cleanAfterMs(env);
    enter(state, 'waiting');
  },

  async cleaning(env: Env, state: MoveState) {
    const { table } = reversed[state.table]!;
    const from = shardBinding(env, state.from);
    // The fence lets deletes through only inside this batch, a transaction no other write interleaves with.
    const door = (to: 'cleaning' | 'moved') =>
      from.prepare('UPDATE store_fences SET state = ?2 WHERE store_id = ?1').bind(state.storeId, to);
    const [, deleted] = await from.batch([door('cleaning'), deletePage(from, table, state.storeId, DELETE_ROWS), door('moved')]);
    if ((deleted?.meta.changes ?? 0) === DELETE_ROWS) return;
    nextTable(state, reversed.length, 'done');
    if (state.phase !== 'done') return;
    // A shard other than 0 held a copy of the store's row for its foreign keys; 0's is the directory's.
    if (state.from !== 0) await from.prepare('DELETE FROM stores WHERE id = ?1').bind(state.storeId).run();
    state.finishedAt = Date.now();
  },
};

/** The KV records of the store's live keys, written again with the new shard as their hint. */
async function rehomeKeys(env: Env, state: MoveState): Promise<void> {
  const store = await shardBinding(env, 0)
    .prepare('SELECT plan FROM stores WHERE id = ?1')
    .bind(state.storeId)
    .first<{ plan: Plan }>();
  const { results } = await shardBinding(env, state.to)
    .prepare('SELECT id, hash, permissions FROM api_keys WHERE store_id = ?1 AND revoked_at IS NULL')
    .bind(state.storeId)
    .all<{ id: string; hash: string; permissions: string }>();
  const records = results.map((key) => ({
    hash: key.hash,
    record: {
      keyId: key.id,
      storeId: state.storeId,
      permissions: JSON.parse(key.permissions) as Permission[],
      plan: store!.plan,
      shard: state.to,
    },
  }));
  await rehomeKeyRecords(env.KEYS, state.storeId, records);
}

/** The store's row, copied from the directory into the new shard: its rows' foreign keys point at it. */
async function anchorStore(env: Env, state: MoveState): Promise<void> {
  const page = await shardBinding(env, 0)
    .prepare('SELECT * FROM stores WHERE id = ?1')
    .bind(state.storeId)
    .raw({ columnNames: true });
  const [columns, row] = page;
  if (!columns || !row) throw new Error(`store ${state.storeId} is not in the directory`);
  const to = shardBinding(env, state.to);
  await to
    .prepare(
      `INSERT OR REPLACE INTO stores (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    )
    .bind(...row)
    .run();
}

/** The move is abandoned: the fence comes down, and the store carries on in its shard as before. */
async function fail(env: Env, state: MoveState, reason: string): Promise<void> {
  await shardBinding(env, state.from).prepare('DELETE FROM store_fences WHERE store_id = ?1').bind(state.storeId).run();
  state.phase = 'failed';
  state.error = reason;
  state.finishedAt = Date.now();
}
