import { storeAccess } from '../access/names';
import type { KeyRecord } from '../api/permissions';
import { noteShard } from '../db/shards';
import { type Clock, realTime } from '../isolate/clock';
import { Marks, sleep } from '../isolate/marks';
import { withTimeout } from '../isolate/timeout';
import { type KeyUpdates, type KeyUpdatesRequest, MAX_REPORTED_KEYS } from './store-keys';

/**
 * How old this isolate's view of a store's revocations may be when it verifies a key: a revocation reaches every
 * isolate within this long. An isolate serving a store refreshes its view in the background once it is half as old,
 * so a steady client does not wait for it.
 */
export const REVOCATION_TTL_MS = 1_000;
const REFRESH_AFTER_MS = REVOCATION_TTL_MS / 2;
/** A call to the store's object that takes longer fails; a request waits at most twice that for a view. */
const CALL_TIMEOUT_MS = 1_500;
/** Keys used after the last refresh are reported this long after the view expired, if no refresh came meanwhile. */
const SETTLE_DELAY_MS = 50;
const POLL_FIRST_MS = 2;
const POLL_MAX_MS = 25;
const MAX_STORES = 10_000;
const MAX_USED = 1_000;

/** What a check needs of the request it runs for: its background work, and its own I/O only. */
export interface CheckContext {
  waitUntil(promise: Promise<unknown>): void;
  /** Keys whose last use the object asked to have written. */
  touch(keyIds: string[]): void;
  /** The store's object failed or was slow: the key is judged on what the view holds (fail open). */
  failed(err: unknown): void;
  /** Asks the store's object for its updates; by default its `keyUpdates` (src/access/joint.ts adds a lease to it). */
  call?: ((request: KeyUpdatesRequest) => Promise<KeyUpdates>) | undefined;
  /** Called once when the request is about to wait for the store's object: work it may start meanwhile. */
  waiting?: (() => void) | undefined;
}

/** One store's revocations as this isolate knows them: plain state shared by its requests, and no promise. */
class View {
  epoch = 0;
  readonly revoked = new Set<string>();
  /** When the call behind the latest answer was sent (local clock): the view is as new as that. */
  sentAt = Number.NEGATIVE_INFINITY;
  /** Keys verified since the last call, reported for last use. */
  readonly used = new Set<string>();
  /** Calls to the object under way, each made by one request with its own I/O. */
  readonly calls = new Marks();
  /** When a pending report of `used` is due (local clock); none is pending once it has passed. */
  settleBy = 0;

  fresh(now: number): boolean {
    return now - this.sentAt < REVOCATION_TTL_MS;
  }
}

/**
 * The isolate's view of each store's revoked keys (docs/rate-limits.md, "Revocation and last use"). A key is judged
 * on a view less than `REVOCATION_TTL_MS` old; a request finding none asks the store's object itself when no call
 * is under way, and otherwise looks again with its own timer (docs/architecture.md, "What an isolate may share
 * across requests"). Each call also reports the keys verified since the last one, and answers which are due a
 * last-use write. Memory is bounded: past `MAX_STORES` the least recently used view is dropped.
 */
export class RevocationViews {
  readonly #views = new Map<string, View>();
  readonly #clock: Clock;

  /** `clock` is the views' time; tests replace it (src/isolate/clock.ts). */
  constructor(clock: Clock = realTime) {
    this.#clock = clock;
  }

  /** Whether the key is revoked, and whether the request had to wait for the store's object to know. */
  async check(env: Env, record: KeyRecord, ctx: CheckContext): Promise<{ revoked: boolean; waited: boolean }> {
    const now = this.#clock.now();
    const view = this.#view(record.storeId);
    if (view.used.size < MAX_USED) view.used.add(record.keyId);
    if (view.fresh(now)) {
      if (now - view.sentAt >= REFRESH_AFTER_MS && view.calls.live(now, CALL_TIMEOUT_MS) === 0) {
        ctx.waitUntil(this.#refresh(env, record.storeId, view, ctx).catch(ctx.failed));
      } else if (now >= view.settleBy) {
        view.settleBy = view.sentAt + REVOCATION_TTL_MS + SETTLE_DELAY_MS;
        ctx.waitUntil(this.#settleLater(env, record.storeId, view, ctx, view.sentAt));
      }
      return { revoked: view.revoked.has(record.keyId), waited: false };
    }
    ctx.waiting?.();
    try {
      await this.#wait(env, record.storeId, view, ctx, now);
    } catch (err) {
      ctx.failed(err);
    }
    return { revoked: view.revoked.has(record.keyId), waited: true };
  }

  /** The isolate that revoked a key refuses it from its next request on; others learn it within the TTL. */
  revoke(storeId: string, keyId: string): void {
    this.#views.get(storeId)?.revoked.add(keyId);
  }

  #view(storeId: string): View {
    let view = this.#views.get(storeId);
    if (view) {
      this.#views.delete(storeId);
    } else {
      view = new View();
      if (this.#views.size >= MAX_STORES) {
        const oldest = this.#views.keys().next();
        if (!oldest.done) this.#views.delete(oldest.value);
      }
    }
    this.#views.set(storeId, view);
    return view;
  }

  /** Until the view is fresh: asks the object when no call is under way, else looks again, sooner at first. */
  async #wait(env: Env, storeId: string, view: View, ctx: CheckContext, arrived: number): Promise<void> {
    let pause = POLL_FIRST_MS;
    for (;;) {
      const now = this.#clock.now();
      if (view.fresh(now)) return;
      if (now - arrived >= 2 * CALL_TIMEOUT_MS) throw new Error(`no revocations within ${2 * CALL_TIMEOUT_MS} ms`);
      if (view.calls.live(now, CALL_TIMEOUT_MS) === 0) {
        await this.#refresh(env, storeId, view, ctx);
      } else {
        await sleep(pause);
        pause = Math.min(POLL_MAX_MS, 2 * pause);
      }
    }
  }

  /** One call to the store's object, made and awaited by the request that runs it. */
  async #refresh(env: Env, storeId: string, view: View, ctx: CheckContext): Promise<void> {
    const sentAt = this.#clock.now();
    const mark = view.calls.add(sentAt);
    const used = [...view.used].slice(0, MAX_REPORTED_KEYS);
    for (const keyId of used) view.used.delete(keyId);
    try {
      const request = { epoch: view.epoch, used };
      const call = ctx.call ? ctx.call(request) : storeAccess(env, storeId).keyUpdates(request);
      const updates = await withTimeout(call, CALL_TIMEOUT_MS);
      for (const keyId of updates.revoked) view.revoked.add(keyId);
      view.epoch = Math.max(view.epoch, updates.epoch);
      view.sentAt = Math.max(view.sentAt, sentAt);
      if (updates.touch.length > 0) ctx.touch(updates.touch);
      if (updates.shard !== undefined) noteShard(storeId, updates.shard);
    } catch (err) {
      for (const keyId of used) if (view.used.size < MAX_USED) view.used.add(keyId);
      throw err;
    } finally {
      view.calls.delete(mark);
    }
  }

  /**
   * Reports the keys verified after the last call once the view has expired unrefreshed, so a key's last use is
   * written even when its isolate goes quiet. It runs in `waitUntil` of the request that verified such a key first.
   * When a refresh came meanwhile, the next request that verifies a key schedules the report anew.
   */
  async #settleLater(env: Env, storeId: string, view: View, ctx: CheckContext, sentAt: number): Promise<void> {
    await this.#clock.sleep(Math.max(0, view.settleBy - this.#clock.now()));
    if (view.sentAt !== sentAt) {
      view.settleBy = 0;
      return;
    }
    if (view.used.size === 0 || view.calls.live(this.#clock.now(), CALL_TIMEOUT_MS) > 0) return;
    await this.#refresh(env, storeId, view, ctx).catch(ctx.failed);
  }
}

/** The isolate's views, shared by the key check and the admin API (which revokes keys). */
export const isolateRevocations = new RevocationViews();

/** Revokes the key in the store's object, and in this isolate at once. */
export async function revokeStoreKey(env: Env, storeId: string, keyId: string): Promise<void> {
  await storeAccess(env, storeId).revokeKey(keyId);
  isolateRevocations.revoke(storeId, keyId);
}
