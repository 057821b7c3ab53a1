import type { Tier } from './budgets';
import { type Admission, LEASE_TTL_MS, type LeaseGrant, type LeaseRequest, MAX_LEASE_KEYS, storeObjectName } from './gate';
import type { WindowState } from './windows';

/** A holder renews in the background once its lease is this old, so a steady client never waits on a renewal. */
const RENEW_AFTER_MS = LEASE_TTL_MS / 2;
/** Unused tokens are handed back this long after a lease expired without being renewed. */
const SETTLE_DELAY_MS = 50;
/** Tokens wanted cover this multiple of the expected use until the next renewal arrives. */
const HEADROOM = 1.5;
const MAX_KEYS = 1_000;

/** What the isolate-side holder needs from its caller. */
export interface LeaseContext {
  /** Calls the subject's Durable Object. */
  call: (request: LeaseRequest) => Promise<LeaseGrant>;
  waitUntil: (promise: Promise<unknown>) => void;
  /** Keys whose last use the object asked to have written. */
  touch: (keyIds: string[]) => void;
  /** A background call failed; the request path carries on with what it holds. */
  failed: (err: unknown) => void;
}

/** An admission decided from a lease, and whether the request had to wait for a call to the Durable Object. */
export interface Decision extends Admission {
  waited: boolean;
}

interface Lease {
  /** The minute window the tokens were reserved in (Unix ms); they are void once it ends. */
  start: number;
  end: number;
  /** Local clock: when the request for it was sent, plus its lifetime; the object granted it later than that. */
  validUntil: number;
  tokens: number;
  unlimited: boolean;
  /** The object had no room left when it granted this lease: without tokens, refuse until it expires. */
  exhausted: boolean;
  windows: WindowState[];
}

interface Waiter {
  keyId: string | undefined;
  resolve: (decision: Decision) => void;
  reject: (err: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** This isolate's view of the windows: what no holder has reserved, plus the tokens it still holds itself. */
function estimate(lease: Lease, now: number): WindowState[] {
  return lease.windows.map((w) => ({
    ...w,
    remaining: Math.min(w.limit, w.remaining + lease.tokens),
    resetIn: Math.max(1, Math.ceil((w.resetAt * 1000 - now) / 1000)),
  }));
}

/** Admits from the lease, refuses when it is exhausted, or answers null when more tokens must be asked for. */
function take(lease: Lease, now: number): Admission | null {
  if (lease.unlimited) return { allowed: true, revoked: false, touch: false, windows: [] };
  if (lease.tokens > 0) {
    lease.tokens -= 1;
    return { allowed: true, revoked: false, touch: false, windows: estimate(lease, now) };
  }
  return lease.exhausted ? { allowed: false, revoked: false, touch: false, windows: estimate(lease, now) } : null;
}

const revokedAdmission = (lease: Lease, now: number): Admission => ({
  allowed: true,
  revoked: true,
  touch: false,
  windows: estimate(lease, now),
});

/** One subject's lease in this isolate, with its queue of requests waiting for tokens. */
class Holder {
  lease: Lease | null = null;
  /** Tokens no longer usable here, handed back with the next call. */
  returning: { start: number; count: number } | null = null;
  epoch = 0;
  readonly revoked = new Set<string>();
  /** Keys admitted since the last call, reported for last use. */
  readonly keys = new Set<string>();
  readonly queue: Waiter[] = [];
  renewing: Promise<void> | null = null;
  pumping = false;
  /** Round trip of the last call, ms. */
  rtt = 0;
  #bucketStart = 0;
  #bucketCount = 0;
  #previousCount = 0;

  constructor(public tier: Tier) {}

  /** Counts a request for the rate estimate: requests in the current second, and in the one before. */
  note(now: number): void {
    if (now - this.#bucketStart >= 1_000) {
      this.#previousCount = now - this.#bucketStart < 2_000 ? this.#bucketCount : 0;
      this.#bucketStart = now;
      this.#bucketCount = 0;
    }
    this.#bucketCount += 1;
  }

  /** Requests per second lately. */
  rate(now: number): number {
    return Math.max(this.#previousCount, (this.#bucketCount * 1_000) / Math.max(250, now - this.#bucketStart));
  }

  /** Tokens to hold so that requests at the recent rate last until the renewal after this one has come back. */
  target(now: number): number {
    return Math.ceil(((this.rate(now) * (RENEW_AFTER_MS + 2 * this.rtt)) / 1_000) * HEADROOM);
  }

  usable(now: number): Lease | null {
    const lease = this.lease;
    return lease && now < lease.validUntil && now < lease.end ? lease : null;
  }

  shouldRenew(lease: Lease, now: number): boolean {
    if (this.renewing) return false;
    if (now - (lease.validUntil - LEASE_TTL_MS) >= RENEW_AFTER_MS) return true;
    return !lease.unlimited && !lease.exhausted && lease.tokens <= (this.rate(now) * this.rtt * HEADROOM) / 1_000;
  }

  giveBack(start: number, count: number): void {
    if (count <= 0) return;
    // Only one window's tokens are kept: older ones stay counted, which can only admit less, never more.
    this.returning = this.returning?.start === start ? { start, count: this.returning.count + count } : { start, count };
  }
}

/**
 * The isolate's leases, one holder per store or address (see docs/rate-limits.md, "Leases"). A request is admitted
 * from the tokens its holder reserved in the Durable Object; the holder renews in the background before they run
 * out or the lease gets old, and requests wait on the object only when it holds nothing usable. Memory is bounded:
 * past `maxSubjects` the least recently used holder is dropped (its tokens stay counted: fewer admitted, never more).
 */
export class LeaseRegistry {
  readonly #holders = new Map<string, Holder>();
  #id: string | undefined;

  /**
   * Identifies this isolate to the objects, which share what is left among recent holders. Drawn on first use:
   * Workers allow no random values at global scope, where the isolate's registry is made.
   */
  get id(): string {
    this.#id ??= crypto.randomUUID();
    return this.#id;
  }

  constructor(private readonly maxSubjects = 10_000) {}

  async admit(subject: string, tier: Tier, keyId: string | undefined, ctx: LeaseContext): Promise<Decision> {
    const now = Date.now();
    const holder = this.#holder(subject, tier);
    holder.note(now);
    const lease = holder.usable(now);
    if (keyId !== undefined && holder.revoked.has(keyId) && lease) return { ...revokedAdmission(lease, now), waited: false };
    if (keyId !== undefined && holder.keys.size < MAX_KEYS) holder.keys.add(keyId);
    if (lease && holder.queue.length === 0) {
      const admission = take(lease, now);
      if (admission) {
        if (holder.shouldRenew(lease, now)) ctx.waitUntil(this.#renew(holder, ctx).catch(ctx.failed));
        return { ...admission, waited: false };
      }
    }
    return new Promise<Decision>((resolve, reject) => {
      holder.queue.push({ keyId, resolve, reject });
      void this.#pump(holder, ctx);
    });
  }

  /** The isolate that revoked a key refuses it from its next request on; others learn it within a lease's lifetime. */
  revoke(storeId: string, keyId: string): void {
    this.#holders.get(storeObjectName(storeId))?.revoked.add(keyId);
  }

  /** Drops a subject's lease (after a plan change), so that its next request asks the object; its tokens go back. */
  forget(subject: string): void {
    const holder = this.#holders.get(subject);
    const lease = holder?.lease;
    if (!holder || !lease) return;
    holder.giveBack(lease.start, lease.tokens);
    lease.tokens = 0;
    holder.lease = null;
  }

  #holder(subject: string, tier: Tier): Holder {
    let holder = this.#holders.get(subject);
    if (holder) {
      this.#holders.delete(subject);
    } else {
      holder = new Holder(tier);
      if (this.#holders.size >= this.maxSubjects) {
        const oldest = this.#holders.keys().next();
        if (!oldest.done) this.#holders.delete(oldest.value);
      }
    }
    holder.tier = tier;
    this.#holders.set(subject, holder);
    return holder;
  }

  /** Serves the queue: renews (or joins a renewal under way) until every waiting request is decided. */
  async #pump(holder: Holder, ctx: LeaseContext): Promise<void> {
    if (holder.pumping) return;
    holder.pumping = true;
    try {
      while (holder.queue.length > 0) {
        await this.#renew(holder, ctx);
        this.#serve(holder);
      }
    } catch (err) {
      for (const waiter of holder.queue.splice(0)) waiter.reject(err);
    } finally {
      holder.pumping = false;
    }
  }

  /** Decides waiting requests from a lease just granted (however short its life: it postdates their arrival). */
  #serve(holder: Holder): void {
    const lease = holder.lease;
    if (!lease) return;
    const now = Date.now();
    while (holder.queue.length > 0) {
      const waiter = holder.queue[0]!;
      const admission =
        waiter.keyId !== undefined && holder.revoked.has(waiter.keyId) ? revokedAdmission(lease, now) : take(lease, now);
      if (!admission) return;
      holder.queue.shift();
      waiter.resolve({ ...admission, waited: true });
    }
  }

  #renew(holder: Holder, ctx: LeaseContext, settle = false): Promise<void> {
    holder.renewing ??= this.#call(holder, ctx, settle).finally(() => {
      holder.renewing = null;
    });
    return holder.renewing;
  }

  /**
   * One call to the object: hands back what is not needed, asks for the waiting requests plus the expected use until
   * the next renewal (nothing more when settling), and takes the answer's revocations and last-use requests.
   */
  async #call(holder: Holder, ctx: LeaseContext, settle: boolean): Promise<void> {
    const sentAt = Date.now();
    const old = holder.lease;
    if (old && sentAt >= old.end) {
      holder.giveBack(old.start, old.tokens);
      old.tokens = 0;
    }
    const stock = old?.tokens ?? 0;
    const waiting = holder.queue.length;
    const target = settle ? 0 : holder.target(sentAt);
    const spare = Math.max(0, stock - waiting);
    // A holder whose rate dropped keeps what it expects to use and hands back the rest.
    const surplus = settle ? spare : spare > 2 * target + 1 ? spare - target : 0;
    if (old && surplus > 0) {
      old.tokens -= surplus;
      holder.giveBack(old.start, surplus);
    }
    const request: LeaseRequest = {
      tier: holder.tier,
      holder: this.id,
      need: Math.max(0, waiting - stock),
      extra: Math.max(0, target - (spare - surplus)),
      release: holder.returning ?? undefined,
      epoch: holder.epoch,
      keys: [...holder.keys].slice(0, MAX_LEASE_KEYS),
    };
    const returning = holder.returning;
    holder.returning = null;
    holder.keys.clear();
    let grant: LeaseGrant;
    try {
      grant = await ctx.call(request);
    } catch (err) {
      if (returning) holder.giveBack(returning.start, returning.count);
      throw err;
    }
    holder.rtt = Date.now() - sentAt;
    // Tokens held meanwhile carry over when they belong to the granted window; otherwise they go back next time.
    const previous = holder.lease;
    let carried = 0;
    if (previous) {
      if (previous.start === grant.start && !grant.unlimited) carried = previous.tokens;
      else holder.giveBack(previous.start, previous.tokens);
      previous.tokens = 0;
    }
    const lease: Lease = {
      start: grant.start,
      // An unlimited lease has no tokens, so the end of the minute does not void it.
      end: grant.unlimited ? Number.POSITIVE_INFINITY : grant.end,
      validUntil: sentAt + grant.ttlMs,
      tokens: grant.unlimited ? 0 : carried + grant.granted,
      unlimited: grant.unlimited,
      exhausted: !grant.unlimited && grant.windows.some((w) => w.remaining === 0),
      windows: grant.windows,
    };
    holder.lease = lease;
    for (const keyId of grant.revoked) holder.revoked.add(keyId);
    holder.epoch = Math.max(holder.epoch, grant.epoch);
    if (grant.touch.length > 0) ctx.touch(grant.touch);
    ctx.waitUntil(this.#settleLater(holder, lease, ctx));
  }

  /** Hands back the tokens of a lease that expired unrenewed, so a quiet isolate does not strand the budget. */
  async #settleLater(holder: Holder, lease: Lease, ctx: LeaseContext): Promise<void> {
    if (lease.tokens === 0 && holder.keys.size === 0 && !holder.returning) return;
    await sleep(Math.max(0, lease.validUntil - Date.now()) + SETTLE_DELAY_MS);
    if (holder.lease !== lease || holder.renewing || holder.queue.length > 0) return;
    if (lease.tokens === 0 && holder.keys.size === 0 && !holder.returning) return;
    await this.#renew(holder, ctx, true).catch(ctx.failed);
  }
}

/** The isolate's leases, shared by the limiter and the admin API (which revokes keys and changes plans). */
export const isolateLeases = new LeaseRegistry();
