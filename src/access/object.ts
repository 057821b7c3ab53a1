import { DurableObject } from 'cloudflare:workers';
import type { Plan } from '../api/permissions';
import { type KeyUpdates, type KeyUpdatesRequest, StoreKeys } from '../keys/store-keys';
import { REVOCATIONS_SCHEMA } from '../keys/stored-revocations';
import { type Admission, type AdmitRequest, type LeaseGrant, type LeaseRequest, StoreBudget } from '../limits/store-budget';
import { COUNTERS_SCHEMA } from '../limits/stored-counters';
import { PLAN_SCHEMA } from '../limits/stored-plan';
import { type MoveStarted, type StartMove, StoreMover } from '../shards/mover';
import type { MoveState } from '../shards/service/move';

export interface KeysAndLeaseRequest {
  keys: KeyUpdatesRequest;
  lease: LeaseRequest;
}

export interface KeysAndLease {
  keys: KeyUpdates;
  lease: LeaseGrant;
}

const SCHEMA = [COUNTERS_SCHEMA, PLAN_SCHEMA, REVOCATIONS_SCHEMA].join('\n');

/**
 * What one store may do through the API, in one Durable Object per store (`store:<id>`): its budget (plan,
 * counters, the isolates holding leases: src/limits/store-budget.ts) and its keys (revocations, last use:
 * src/keys/store-keys.ts). A client address sending no valid key (`addr:<address>`) and its failed admin sign-ins
 * (`sign-in:<address>`) have an object of their own holding counters only. This class only routes each call to
 * its part; the parts share the object's SQLite storage and its single thread.
 */
export class StoreAccess extends DurableObject<Env> {
  #schemaReady = false;
  readonly #budget = new StoreBudget(() => this.#sql(), this.ctx.storage);
  readonly #keys = new StoreKeys(() => this.#sql());
  readonly #mover = new StoreMover(this.ctx, this.env);

  /** Tables are made on first use, because an address's object deletes its storage whole once it is idle. */
  #sql(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (!this.#schemaReady) {
      sql.exec(SCHEMA);
      this.#schemaReady = true;
    }
    return sql;
  }

  admit(request: AdmitRequest): Promise<Admission> {
    return this.#budget.admit(request);
  }

  check(request: AdmitRequest): Admission {
    return this.#budget.check(request);
  }

  lease(request: LeaseRequest): Promise<LeaseGrant> {
    return this.#budget.lease(request);
  }

  /**
   * The keys' updates and a lease in one call: what a keyed request in a cold isolate needs before it is admitted
   * (src/access/joint.ts), in one round trip instead of two.
   */
  async keysAndLease(request: KeysAndLeaseRequest): Promise<KeysAndLease> {
    const keys = await this.keyUpdates(request.keys);
    return { keys, lease: await this.#budget.lease(request.lease) };
  }

  setPlan(plan: Plan): void {
    this.#budget.setPlan(plan);
  }

  revokeKey(keyId: string): void {
    this.#keys.revoke(keyId);
  }

  /** The keys' updates, with the store's shard once it has moved: the object is its authority (src/shards/mover.ts). */
  async keyUpdates(request: KeyUpdatesRequest): Promise<KeyUpdates> {
    const updates = this.#keys.updates(request);
    const shard = await this.#mover.shard();
    return shard === undefined ? updates : { ...updates, shard };
  }

  /** Starts moving the store's rows to another shard (src/shards/mover.ts), or answers the move under way. */
  startMove(request: StartMove): Promise<MoveStarted> {
    return this.#mover.start(request);
  }

  moveStatus(): Promise<MoveState | null> {
    return this.#mover.status();
  }

  /**
   * Runs a move's next steps, and drops counters of ended windows; an object left with no plan, no revocations and
   * no move (an address) is deleted whole.
   */
  override async alarm(): Promise<void> {
    const moveDue = await this.#mover.run();
    const latestEnd = this.#budget.sweep(Date.now());
    const next = Math.min(moveDue ?? Number.POSITIVE_INFINITY, latestEnd > 0 ? latestEnd : Number.POSITIVE_INFINITY);
    if (next < Number.POSITIVE_INFINITY) {
      await this.ctx.storage.setAlarm(next);
      return;
    }
    if (!this.#budget.holdsSettings() && !this.#keys.holdsRevocations() && !(await this.#mover.holdsMove())) {
      await this.ctx.storage.deleteAll();
      this.#schemaReady = false;
    }
  }
}
