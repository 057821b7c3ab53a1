// Many requests at once, each its own request to the Worker (exports.default.fetch), on the per-isolate state that
// reaches a Durable Object: the sign-in throttle and the ended sessions. workerd refuses a stub one request created
// when another request uses it ("Cannot perform I/O on behalf of a different request"); these tests fail when
// either starts keeping a stub across requests (docs/architecture.md, "What an isolate may share across
// requests"). The public API's path (key records, leases) is test/limits/requests.cases.ts's, and the load test's
// against `wrangler dev`.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { signInObjectName } from '../../src/access/names';
import { signInThrottles } from '../../src/limits/sign-in-throttle';
import { signIn } from '../backoffice/sign-in';
import { call, jsonInit, uniqueId } from '../helpers';
import { freshMinute, uniqueAddress } from '../limits/helpers';

const AT_ONCE = 12;

const many = (send: (i: number) => Promise<Response>) => Promise.all(Array.from({ length: AT_ONCE }, (_, i) => send(i)));

describe('requests at once on state the isolate keeps across requests', () => {
  it("count wrong admin tokens from one address in the address's object, not the isolate's fallback", async () => {
    signInThrottles.clock = freshMinute(signInThrottles.clock);
    const ip = uniqueAddress();
    const wrong = (i: number) =>
      call('/api/admin/stores', { headers: { Authorization: `Bearer wrong-${i}`, 'CF-Connecting-IP': ip } });
    // Checked before counted, so a burst may all get 401; the object counts no more than the budget of 10.
    const statuses = (await many(wrong)).map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect((await wrong(AT_ONCE)).status).toBe(429);
    // A refused object call would have been counted by the fallback instead, leaving the object's budget whole.
    const object = await env.ACCESS.getByName(signInObjectName(ip)).check({ tier: 'sign-in', now: signInThrottles.clock.now() });
    expect(object.allowed).toBe(false);
  });

  it('check one backoffice session against the ended sessions from many pages and calls at once', async () => {
    const { cookie, csrf } = await signIn();
    const headers = { Cookie: cookie };
    const responses = await many((i) =>
      i % 2 === 0
        ? call('/admin/stores', { headers })
        : call(
            '/api/admin/stores',
            jsonInit('POST', { id: uniqueId('store'), name: 'At once', plan: 'free' }, { ...headers, 'X-CSRF-Token': csrf }),
          ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: AT_ONCE }, (_, i) => (i % 2 === 0 ? 200 : 201)));
  });
});
