import { signInObjectName } from '../access/names';
import { withTimeout } from '../isolate/timeout';
import { clientAddress } from './address';
import { BUDGETS } from './budgets';
import { type LimiterClock, realClock } from './clock';
import { LocalLimiter } from './fallback';
import { bindingWindow } from './headers';
import type { Admission } from './store-budget';

/** Failed admin sign-ins allowed per client address and minute (the 'sign-in' budget). */
export const SIGN_IN_FAILURES_PER_MINUTE = BUDGETS['sign-in'][0]!.limit;
const TIMEOUT_MS = 1_500;

/** Whether an address may try an admin token now; when not, how long until it may. */
export interface SignInThrottle {
  allowed: boolean;
  retryAfter: number;
}

/**
 * Counts failed admin sign-ins (wrong tokens at /admin/login and /api/admin) per client address, in the same Durable
 * Objects and windows as the API's budgets (`sign-in:<address>`). A blocked address is refused before its token is
 * looked at, so a right guess made while blocked gets no answer either. When the object fails, a per-isolate count
 * decides, as for the API (docs/rate-limits.md).
 */
export class SignInThrottles {
  readonly #fallback = new LocalLimiter();
  /** The throttle's time; tests replace it (see clock.ts). */
  clock: LimiterClock = realClock;

  async check(env: Env, headers: Headers): Promise<SignInThrottle> {
    return verdict(await this.#ask(env, headers, false));
  }

  async failed(env: Env, headers: Headers): Promise<void> {
    await this.#ask(env, headers, true);
  }

  async #ask(env: Env, headers: Headers, count: boolean): Promise<Admission> {
    const name = signInObjectName(clientAddress(headers));
    const now = this.clock.now();
    try {
      const gate = env.ACCESS.getByName(name);
      const request = { tier: 'sign-in' as const, now: this.clock.told(now) };
      return await withTimeout(count ? gate.admit(request) : gate.check(request), TIMEOUT_MS);
    } catch (err) {
      console.error(
        JSON.stringify({ level: 'error', message: 'sign-in throttle unavailable; counting in this isolate', error: String(err) }),
      );
      return this.#fallback.admit(name, 'sign-in', now, count);
    }
  }
}

function verdict(admission: Admission): SignInThrottle {
  return { allowed: admission.allowed, retryAfter: bindingWindow(admission.windows)?.resetIn ?? 1 };
}

export const signInThrottles = new SignInThrottles();
