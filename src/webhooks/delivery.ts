import type { DeliveryStatus } from '../api/webhooks';
import { iso } from '../db/time';
import type { DeliveryMessage } from '../outbox/service';
import { deliveryTarget, type Endpoint, getEndpoint, type Health, recordAttempt, settleDelivery } from './service';
import { signatureHeader } from './signature';
import type { WebhookDevVars } from './target';

// The queue consumer (docs/webhooks.md): one signed POST per message; a 2xx delivers, anything else (a status,
// a timeout, a refused connection) retries the message later with exponential backoff, up to MAX_RETRIES times.
//
// Fair to every store: a batch ends only when its slowest message does, so a slow receiver would hold every other
// store's deliveries behind it. Two lanes keep it apart. On `cpq-webhooks` (the fast lane) an attempt has
// FAST_TIMEOUT_MS to answer; an endpoint that took longer is marked slow, and its messages (this one at once, the
// later ones as they come) move to `cpq-webhooks-slow`, where attempts have TIMEOUT_MS. A 2xx within the fast
// lane's time there brings the endpoint back. Each message is acked or retried as soon as its own attempt ends.
//
// Messages are at least once (the outbox's sweep sends again a message whose send was not marked): a message whose
// delivery is no longer due is dropped (`due`), so a duplicate never POSTs an event again; a replay makes it due.

/** Attempts after the first; a message's tries are counted across both lanes (DeliveryMessage.tries). */
export const MAX_RETRIES = 5;
export const DEAD_LETTER_QUEUE = 'cpq-webhooks-dlq';
export const SLOW_QUEUE = 'cpq-webhooks-slow';
/** What an attempt on the fast lane may take: the most a slow endpoint holds another store's batch. */
export const FAST_TIMEOUT_MS = 3_000;
/** A receiver on the slow lane that has not answered by then counts as failed. */
export const TIMEOUT_MS = 10_000;
/** An endpoint whose every attempt failed for this long is disabled (Stripe disables after days of failures). */
export const DISABLE_AFTER_MS = 3 * 86_400_000;
const RETRY_BASE_SECONDS = 60;
/** Queues' own cap on a retry's delay. */
const MAX_DELAY_SECONDS = 43_200;

/** The wait before the attempt after `attempts` failed ones: 1, 2, 4, 8, 16 minutes with the default base. */
export function backoffSeconds(env: Env, attempts: number): number {
  const base = Number((env as Env & WebhookDevVars).WEBHOOKS_RETRY_BASE_SECONDS) || RETRY_BASE_SECONDS;
  return Math.min(base * 2 ** (attempts - 1), MAX_DELAY_SECONDS);
}

/** `clock` stands in for the time in tests (an endpoint failing for days). */
export async function consumeWebhooks(batch: MessageBatch<DeliveryMessage>, env: Env, clock: () => number = Date.now) {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        if (batch.queue === DEAD_LETTER_QUEUE) {
          await settleDelivery(env, message.body.store, message.body.delivery, 'failed');
          message.ack();
        } else await deliver(env, message, batch.queue === SLOW_QUEUE, clock);
      } catch (error) {
        // A D1 or Queues call failed: only this message is tried again.
        console.error('webhook delivery', message.body.delivery, error);
        message.retry();
      }
    }),
  );
}

async function deliver(env: Env, message: Message<DeliveryMessage>, slowLane: boolean, clock: () => number) {
  const target = await deliveryTarget(env, message.body.store, message.body.delivery);
  const tries = (message.body.tries ?? 0) + message.attempts;
  // Deleted with its endpoint (nothing to send, nothing to log), or a duplicate of a message already handled.
  if (!target || !due(target.delivery.status, tries)) return message.ack();
  const { endpoint } = target;
  if (!endpoint.enabled) {
    await settleDelivery(env, message.body.store, target.delivery.id, 'skipped');
    return message.ack();
  }
  if (endpoint.slow && !slowLane) return toSlowLane(env, message, tries - 1);
  const timeoutMs = slowLane ? TIMEOUT_MS : FAST_TIMEOUT_MS;
  const outcome = await attempt(endpoint, target.event, target.body, timeoutMs, clock());
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const slow = outcome.durationMs >= FAST_TIMEOUT_MS;
  if (ok) {
    await recordAttempt(
      env,
      message.body.store,
      target.delivery.id,
      outcome,
      { status: 'delivered', nextRetryAt: null },
      health(endpoint, outcome, true, slow),
    );
    return message.ack();
  }
  // Timed out on the fast lane: tried again at once on the slow one, with the time a receiver has there.
  if (!slowLane && slow) {
    const moved = { ...outcome, error: `${outcome.error}: tried again on the slow lane` };
    await recordAttempt(
      env,
      message.body.store,
      target.delivery.id,
      moved,
      { status: 'retrying', nextRetryAt: outcome.at },
      health(endpoint, outcome, false, true),
    );
    return toSlowLane(env, message, tries);
  }
  const state = health(endpoint, outcome, false, slow);
  if (state.disabledReason) outcome.error = `${outcome.error}; ${state.disabledReason}`;
  if (tries > MAX_RETRIES || state.disabledReason) {
    await recordAttempt(env, message.body.store, target.delivery.id, outcome, { status: 'failed', nextRetryAt: null }, state);
    return message.ack();
  }
  const delaySeconds = backoffSeconds(env, tries);
  await recordAttempt(
    env,
    message.body.store,
    target.delivery.id,
    outcome,
    { status: 'retrying', nextRetryAt: outcome.at + delaySeconds * 1000 },
    state,
  );
  message.retry({ delaySeconds });
}

/** `tries`: the attempts made so far for this message, which count against MAX_RETRIES on the slow lane too. */
async function toSlowLane(env: Env, message: Message<DeliveryMessage>, tries: number) {
  await env.WEBHOOKS_SLOW.send({ ...message.body, tries } satisfies DeliveryMessage);
  message.ack();
}

/**
 * Whether a message is the one its delivery waits for: a delivery queued (new, or replayed) takes any; one being
 * retried only a message that was tried before, on either lane (a first try then is a duplicate); a delivered,
 * failed or skipped one none.
 */
const due = (status: DeliveryStatus, tries: number) => status === 'queued' || (status === 'retrying' && tries > 1);

function health(endpoint: Endpoint, outcome: { at: number }, ok: boolean, slow: boolean): Health {
  const failingSince = ok ? null : (endpoint.failingSince ?? outcome.at);
  const disable = failingSince !== null && outcome.at - failingSince >= DISABLE_AFTER_MS;
  const days = DISABLE_AFTER_MS / 86_400_000;
  return {
    endpointId: endpoint.id,
    failingSince,
    slow,
    disabledReason: disable
      ? `endpoint disabled: every attempt failed for ${days} days (since ${iso(failingSince)}); enable it once the receiver answers 2xx`
      : null,
  };
}

/** Signs with the endpoint's secret, and with its previous one while a rotation's overlap lasts. */
function secretsOf(endpoint: Endpoint, now: number): string[] {
  const previous = endpoint.previousSecret && (endpoint.previousSecretExpiresAt ?? 0) > now ? [endpoint.previousSecret] : [];
  return [endpoint.secret, ...previous];
}

/** One signed POST; answers its outcome, never throws for what the receiver did. */
export async function attempt(
  endpoint: Endpoint,
  event: { id: string; type: string },
  body: string,
  timeoutMs: number,
  at: number,
) {
  const started = Date.now();
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'cpq-edge-webhooks/1',
    'Cpq-Event-Id': event.id,
    'Cpq-Event-Type': event.type,
    'Cpq-Signature': await signatureHeader(secretsOf(endpoint, at), body, Math.floor(at / 1000)),
  };
  const took = () => Date.now() - started;
  try {
    // A redirect is not followed: it could lead anywhere, http included; the receiver's URL is what was registered.
    const res = await fetch(endpoint.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return { at, statusCode: res.status, durationMs: took(), error: ok ? null : `HTTP ${res.status}` };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const why = timedOut ? `no answer within ${timeoutMs / 1000} s` : String(error);
    return { at, statusCode: null, durationMs: timedOut ? Math.max(took(), timeoutMs) : took(), error: why };
  }
}

/**
 * Sends a `webhook.test` event to the endpoint at once, enabled or not, and answers the attempt's outcome. It is
 * signed like any event but not stored, not logged and not retried, and it leaves the endpoint's health alone.
 */
export async function sendTestEvent(env: Env, storeId: string, id: string) {
  const endpoint = await getEndpoint(env, storeId, id);
  const at = Date.now();
  const event = { id: `evt_test_${crypto.randomUUID().replaceAll('-', '')}`, type: 'webhook.test' };
  const body = JSON.stringify({ ...event, created_at: new Date(at).toISOString(), store_id: storeId, data: { webhook_id: id } });
  const outcome = await attempt(endpoint, event, body, TIMEOUT_MS, at);
  return { eventId: event.id, ok: outcome.error === null, ...outcome };
}
