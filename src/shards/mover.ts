import { advance, beginMove, isActive, type MoveState } from './service/move';

/** How long one alarm runs a move's steps before it hands the object back to its other calls. */
const STEP_MS = 1_000;
const KEY = 'move';
const SWITCHED = new Set(['waiting', 'cleaning', 'done']);

export type StartMove = { storeId: string; from: number; to: number };
export type MoveStarted = { started: true; move: MoveState } | { started: false; move: MoveState };

/**
 * The store's move, in its Durable Object (src/access/object.ts): the one place that starts it (so two moves of a
 * store never run at once) and the state its alarm advances, step by step (src/shards/service/move.ts). The last
 * move is kept after it ends, for its status.
 */
export class StoreMover {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {}

  /** The store's last move, or null when it never moved. */
  status(): Promise<MoveState | null> {
    return this.ctx.storage.get<MoveState>(KEY).then((s) => s ?? null);
  }

  /** Raises the fence and starts the move; or answers the move already under way. */
  start(request: StartMove): Promise<MoveStarted> {
    // No other call of the object runs meanwhile: a second start waits, then finds this one's move.
    return this.ctx.blockConcurrencyWhile(async () => {
      const current = await this.status();
      if (isActive(current)) return { started: false, move: current! };
      const move = await beginMove(this.env, request.storeId, request.from, request.to, Date.now());
      await this.ctx.storage.put(KEY, move);
      await this.ctx.storage.setAlarm(Date.now());
      return { started: true, move };
    });
  }

  /** Runs the move's steps for a while; answers when the alarm should come back for it, or null when none is under way. */
  async run(): Promise<number | null> {
    const move = await this.status();
    if (!isActive(move)) return null;
    let next: number | null;
    try {
      next = await advance(this.env, move!, Date.now() + STEP_MS);
      move!.error = move!.phase === 'failed' ? move!.error : null;
    } catch (err) {
      // A step that failed (a D1 error, a deploy) is tried again; what it wrote is written again alike.
      move!.error = err instanceof Error ? err.message : String(err);
      next = Date.now() + 1_000;
    }
    await this.ctx.storage.put(KEY, move);
    return next;
  }

  /**
   * The store's shard as its last move left it: the new one from the switch on, the old one until then or when the
   * move failed; undefined when the store never moved (the directory and the key record's hint say where it is).
   */
  async shard(): Promise<number | undefined> {
    const move = await this.status();
    if (!move) return undefined;
    return SWITCHED.has(move.phase) ? move.to : move.from;
  }

  async holdsMove(): Promise<boolean> {
    return (await this.status()) !== null;
  }
}
