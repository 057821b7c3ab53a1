import { LastUse } from './last-use';
import { holdsRevocations, revocationEpoch, revokedSince, storeRevocation } from './stored-revocations';

/** Keys an isolate reports per call, at most: the rest wait for its next call. */
export const MAX_REPORTED_KEYS = 100;

export interface KeyUpdatesRequest {
  /** The latest revocation the isolate knows of (0 at first). */
  epoch: number;
  /** Keys the isolate verified since its last call, for last-use reporting (at most `MAX_REPORTED_KEYS`). */
  used: string[];
  /** Unix ms; callers leave it out (the object's clock decides), tests inject it. */
  now?: number;
}

export interface KeyUpdates {
  /** The store's latest revocation, and the keys revoked after the isolate's `epoch` (within the horizon). */
  epoch: number;
  revoked: string[];
  /** Keys whose last use should be written now. */
  touch: string[];
  /**
   * The store's shard once it has moved (src/shards/mover.ts): the authority over the key record's hint and the
   * directory an isolate holds, binding every isolate within a second of the switch, like a revocation. Absent for
   * a store that never moved.
   */
  shard?: number;
}

/**
 * The keys part of a store's object (src/access/object.ts): the store's revoked keys and when each key's use was
 * last reported. Isolates ask it for what changed (`updates`) when they verify a key (src/keys/revocations.ts).
 */
export class StoreKeys {
  readonly #lastUse = new LastUse();

  constructor(private readonly sql: () => SqlStorage) {}

  /** Refuses the key from then on, everywhere, however stale a KV copy of its record is. */
  revoke(keyId: string): void {
    storeRevocation(this.sql(), keyId, Date.now());
    this.#lastUse.forget(keyId);
  }

  updates(request: KeyUpdatesRequest): KeyUpdates {
    const now = request.now ?? Date.now();
    const sql = this.sql();
    const known = typeof request.epoch === 'number' ? request.epoch : 0;
    const epoch = revocationEpoch(sql);
    const revoked = epoch > known ? revokedSince(sql, known, now) : [];
    const touch = request.used.slice(0, MAX_REPORTED_KEYS).filter((keyId) => this.#lastUse.due(keyId, now));
    return { epoch, revoked, touch };
  }

  holdsRevocations(): boolean {
    return holdsRevocations(this.sql());
  }
}
