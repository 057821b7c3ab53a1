import { Marks, sleep } from '../isolate/marks';
import type { Tier } from './budgets';
import { type LimiterClock, realClock } from './clock';
import { type Admission, LEASE_TTL_MS, type LeaseGrant, type LeaseRequest } from './store-budget';
import type { WindowState } from './windows';

/** A holder renews in the background once its lease is this old, so a steady client never waits on a renewal. */
const RENEW_AFTER_MS = LEASE_TTL_MS / 2;
/** Unused tokens are handed back this long after a lease expired without being renewed. */
const SETTLE_DELAY_MS = 50;
/** Tokens wanted cover this multiple of the expected use until the next renewal arrives. */
const HEADROOM = 1.5;
/** A waiting request looks again this soon after a call under way, then twice as late each time up to the maximum. */
const POLL_FIRST_MS = 2;
const POLL_MAX_MS = 25;

/** What the isolate-side holder needs from its caller: the I/O of the request being admitted, and nobody else's. */
export interface LeaseContext {
  /** Calls the subject's Durable Object. */
  call: (request: LeaseRequest) => Promise<LeaseGrant>;
  waitUntil: (promise: Promise<unknown>) => void;
  /** A background call failed; the request path carries on with what it holds. */
  failed: (err: unknown) => void;
  /**
   * How long `call` may take before it fails (the caller's timeout). A call older than that is given up on by the
   * requests polling for it: its request may have been cancelled, and then it never lands.
   */
  patienceMs: number;
}

/** A lease request travelling in another call to the subject's object (`LeaseRegistry.join`). */
export interface JoinedLease {
  request: LeaseRequest;
  /** The object granted it. */
  land: (grant: LeaseGrant) => void;
  /** The call failed; what it handed back goes back with the next call. */
  fail: () => void;
}

/** An admission decided from a lease, and whether the request had to wait for a call to the Durable Object. */
export interface Decision extends Admission {
  waited: boolean;
}

interface Lease {
  /** The minute window the tokens were reserved in (Unix ms); they are void once it ends. */
  start: number;
  end: number;
  /** Local clock: when the request for it was sent. The object granted it later than that. */
  sentAt: number;
  /** `sentAt` plus the lease's lifetime. */
  validUntil: number;
  tokens: number;
  unlimited: boolean;
  /** The object had no room left when it granted this lease: without tokens, refuse until it expires. */
  exhausted: boolean;
  windows: WindowState[];
}

/** This isolate's view of the windows: what no holder has reserved, plus the tokens it still holds itself. */
function estimate(lease: Lease, now: number): WindowState[] {
  return lease.windows.map((w) => ({
    ...w,
    remaining: Math.min(w.limit, w.remaining + lease.tokens),
    resetIn: Math.max(1, Math.ceil((w.resetAt * 1000 - now) / 1000)),
  }));
}

/**
 * Admits from the lease, refuses when it is exhausted, or answers null when more tokens must be asked for. A request
 * that is not to be counted (`count` false: a revoked key) takes no token and is only told the windows.
 */
function take(lease: Lease, now: number, count: boolean): Admission | null {
  if (lease.unlimited) return { allowed: true, windows: [] };
  if (!count) return { allowed: true, windows: estimate(lease, now) };
  if (lease.tokens > 0) {
    lease.tokens -= 1;
    return { allowed: true, windows: estimate(lease, now) };
  }
  return lease.exhausted ? { allowed: false, windows: estimate(lease, now) } : null;
}

/** One subject's lease in this isolate: plain state shared by the requests of the isolate, and no promise. */
class Holder {
  lease: Lease | null = null;
  /** Tokens no longer usable here, handed back with the next call. */
  returning: { start: number; count: number } | null = null;
  /** Calls to the object under way, each made by one request with its own I/O. */
  readonly calls = new Marks();
  /** Requests waiting for tokens. */
  readonly waiting = new Marks();
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

  /**
   * The lease a request that arrived at `arrived` may admit from: a valid one, or one sent for after the request
   * arrived (however short its life by now: it postdates the request).
   */
  usable(now: number, arrived = now): Lease | null {
    const lease = this.lease;
    return lease && now < lease.end && (now < lease.validUntil || lease.sentAt >= arrived) ? lease : null;
  }

  shouldRenew(lease: Lease, now: number, patienceMs: number): boolean {
    if (this.calls.live(now, patienceMs) > 0) return false;
    if (now - lease.sentAt >= RENEW_AFTER_MS) return true;
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
 *
 * Requests of one isolate share the holders' plain state and nothing else: every call to the object is made, and
 * awaited, by one request only. workerd cancels a request that awaits a promise another request's I/O settles
 * (docs/architecture.md, "What an isolate may share across requests"), so a request that must wait for tokens
 * either makes the call itself or, while a call is under way, looks again with its own timer.
 */
export class LeaseRegistry {
  readonly #holders = new Map<string, Holder>();
  #id: string | undefined;
  readonly maxSubjects: number;
  /** The limiter's time; tests replace it (see clock.ts). */
  clock: LimiterClock;

  constructor(options: { maxSubjects?: number; clock?: LimiterClock } = {}) {
    this.maxSubjects = options.maxSubjects ?? 10_000;
    this.clock = options.clock ?? realClock;
  }

  /**
   * Identifies this isolate to the objects, which share what is left among recent holders. Drawn on first use:
   * Workers allow no random values at global scope, where the isolate's registry is made.
   */
  get id(): string {
    this.#id ??= crypto.randomUUID();
    return this.#id;
  }

  /** Admits (and counts) a request of the subject; with `count` false only reports the subject's windows. */
  async admit(subject: string, tier: Tier, ctx: LeaseContext, count = true): Promise<Decision> {
    const now = this.clock.now();
    const holder = this.#holder(subject, tier);
    if (count) holder.note(now);
    const lease = holder.usable(now);
    if (lease) {
      const admission = take(lease, now, count);
      if (admission) {
        if (holder.shouldRenew(lease, now, ctx.patienceMs)) ctx.waitUntil(this.#call(holder, ctx).catch(ctx.failed));
        return { ...admission, waited: false };
      }
    }
    return this.#wait(holder, count, ctx, now);
  }

  /**
   * The lease request the subject's next admission would send, to travel in a call to the same object that another
   * part of the request makes first (the key check's, src/access/joint.ts), so that a cold keyed request makes one
   * call instead of two; the call is marked as under way until `land` or `fail`. Null when the holder has a usable
   * lease it need not renew yet, or a call is under way already.
   */
  join(subject: string, tier: Tier, ctx: LeaseContext): JoinedLease | null {
    const sentAt = this.clock.now();
    const holder = this.#holder(subject, tier);
    if (holder.calls.live(sentAt, ctx.patienceMs) > 0) return null;
    const lease = holder.usable(sentAt);
    if (lease && !holder.shouldRenew(lease, sentAt, ctx.patienceMs)) return null;
    // The arriving request counts towards the rate the tokens wanted are estimated from (and again when admitted:
    // an estimate that errs towards reserving a token more, which goes back unused).
    if (!lease) holder.note(sentAt);
    const mark = holder.calls.add(sentAt);
    const { request, returning } = this.#ask(holder, ctx, false, sentAt, lease ? 0 : 1);
    return {
      request,
      land: (grant) => {
        holder.calls.delete(mark);
        this.#land(holder, ctx, sentAt, grant);
      },
      fail: () => {
        holder.calls.delete(mark);
        if (returning) holder.giveBack(returning.start, returning.count);
      },
    };
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

  /**
   * A request the holder has no token for: it takes one as soon as a lease granted after its arrival has any, asking
   * the object itself whenever no call is under way, and otherwise looking again with its own timer, sooner at first.
   * A waiter gives up (and the caller falls back, docs/rate-limits.md) after twice the patience of one call.
   */
  async #wait(holder: Holder, count: boolean, ctx: LeaseContext, arrived: number): Promise<Decision> {
    const mark = holder.waiting.add(arrived);
    try {
      let pause = POLL_FIRST_MS;
      for (;;) {
        const now = this.clock.now();
        const lease = holder.usable(now, arrived);
        if (lease) {
          const admission = take(lease, now, count);
          if (admission) return { ...admission, waited: true };
        }
        if (now - arrived >= 2 * ctx.patienceMs) throw new Error(`no lease within ${2 * ctx.patienceMs} ms`);
        if (holder.calls.live(now, ctx.patienceMs) === 0) {
          await this.#call(holder, ctx);
        } else {
          await sleep(pause);
          pause = Math.min(POLL_MAX_MS, 2 * pause);
        }
      }
    } finally {
      holder.waiting.delete(mark);
    }
  }

  /**
   * One call to the object, made and awaited by the request that runs it: hands back what is not needed, asks for
   * the requests waiting now plus the expected use until the next renewal (nothing more when settling).
   */
  async #call(holder: Holder, ctx: LeaseContext, settle = false): Promise<void> {
    const sentAt = this.clock.now();
    const mark = holder.calls.add(sentAt);
    try {
      await this.#exchange(holder, ctx, settle, sentAt);
    } finally {
      holder.calls.delete(mark);
    }
  }

  async #exchange(holder: Holder, ctx: LeaseContext, settle: boolean, sentAt: number): Promise<void> {
    const { request, returning } = this.#ask(holder, ctx, settle, sentAt, 0);
    let grant: LeaseGrant;
    try {
      grant = await ctx.call(request);
    } catch (err) {
      if (returning) holder.giveBack(returning.start, returning.count);
      throw err;
    }
    this.#land(holder, ctx, sentAt, grant);
  }

  /**
   * What to ask the object for: hands back what is not needed, asks for the requests waiting now (and `arriving`,
   * a request not yet waiting) plus the expected use until the next renewal (nothing more when settling).
   */
  #ask(holder: Holder, ctx: LeaseContext, settle: boolean, sentAt: number, arriving: number) {
    const old = holder.lease;
    if (old && sentAt >= old.end) {
      holder.giveBack(old.start, old.tokens);
      old.tokens = 0;
    }
    const stock = old?.tokens ?? 0;
    const waiting = settle ? 0 : holder.waiting.live(sentAt, 2 * ctx.patienceMs) + arriving;
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
      now: this.clock.told(sentAt),
    };
    const returning = holder.returning;
    holder.returning = null;
    return { request, returning };
  }

  /** The object's grant for a call sent at `sentAt` becomes the holder's lease. */
  #land(holder: Holder, ctx: LeaseContext, sentAt: number, grant: LeaseGrant): void {
    holder.rtt = this.clock.now() - sentAt;
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
      sentAt,
      validUntil: sentAt + grant.ttlMs,
      tokens: grant.unlimited ? 0 : carried + grant.granted,
      unlimited: grant.unlimited,
      exhausted: !grant.unlimited && grant.windows.some((w) => w.remaining === 0),
      windows: grant.windows,
    };
    holder.lease = lease;
    ctx.waitUntil(this.#settleLater(holder, lease, ctx));
  }

  /**
   * Hands back the tokens of a lease that expired unrenewed, so a quiet isolate does not strand the budget. It runs
   * in `waitUntil` of the request whose call granted the lease, and makes its own call.
   */
  async #settleLater(holder: Holder, lease: Lease, ctx: LeaseContext): Promise<void> {
    if (lease.tokens === 0 && !holder.returning) return;
    await this.clock.sleep(Math.max(0, lease.validUntil - this.clock.now()) + SETTLE_DELAY_MS);
    const now = this.clock.now();
    if (holder.lease !== lease || holder.calls.live(now, ctx.patienceMs) > 0) return;
    if (holder.waiting.live(now, 2 * ctx.patienceMs) > 0) return;
    if (lease.tokens === 0 && !holder.returning) return;
    await this.#call(holder, ctx, true).catch(ctx.failed);
  }
}

/** The isolate's leases, shared by the limiter and the admin API (which changes plans). */
export const isolateLeases = new LeaseRegistry();
