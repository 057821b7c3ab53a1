import type { DeliveryStatus } from '../api/webhooks';
import type { DeliveryMessage } from '../outbox/service';
import { deliveryTarget, recordAttempt, settleDelivery } from './service';
import { signatureHeader } from './signature';
import type { WebhookDevVars } from './target';

// The queue consumer (docs/webhooks.md): one signed POST per message; a 2xx delivers, anything else (a status,
// a timeout, a refused connection) retries the message later with exponential backoff. A message still failing
// after the consumer's max_retries moves to the dead-letter queue, whose messages only mark their delivery failed.
// Messages are at least once (the outbox's sweep sends again a message whose send was not marked): a message whose
// delivery is no longer due is dropped (`due`), so a duplicate never POSTs an event again; a replay makes it due.

/** Must equal max_retries of the `cpq-webhooks` consumer in wrangler.toml. */
export const MAX_RETRIES = 5;
export const DEAD_LETTER_QUEUE = 'cpq-webhooks-dlq';
/** A receiver that has not answered by then counts as failed; the queue tries again. */
export const TIMEOUT_MS = 10_000;
const RETRY_BASE_SECONDS = 60;
/** Queues' own cap on a retry's delay. */
const MAX_DELAY_SECONDS = 43_200;

/** The wait before the attempt after `attempts` failed ones: 1, 2, 4, 8, 16 minutes with the default base. */
export function backoffSeconds(env: Env, attempts: number): number {
  const base = Number((env as Env & WebhookDevVars).WEBHOOKS_RETRY_BASE_SECONDS) || RETRY_BASE_SECONDS;
  return Math.min(base * 2 ** (attempts - 1), MAX_DELAY_SECONDS);
}

export async function consumeWebhooks(batch: MessageBatch<DeliveryMessage>, env: Env): Promise<void> {
  const dead = batch.queue === DEAD_LETTER_QUEUE;
  await Promise.all(
    batch.messages.map(async (message) => {
      if (dead) await settleDelivery(env, message.body.delivery, 'failed');
      else await deliver(env, message);
      message.ack();
    }),
  );
}

async function deliver(env: Env, message: Message<DeliveryMessage>): Promise<void> {
  const target = await deliveryTarget(env, message.body.delivery);
  // Deleted with its endpoint: nothing to send, nothing to log.
  if (!target || !due(target.delivery.status, message.attempts)) return;
  if (!target.endpoint.enabled) return settleDelivery(env, target.delivery.id, 'skipped');
  const outcome = await attempt(target.endpoint.url, target.endpoint.secret, target.event, target.body);
  if (outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300) {
    return recordAttempt(env, target.delivery.id, outcome, { status: 'delivered', nextRetryAt: null });
  }
  const last = message.attempts > MAX_RETRIES;
  const delaySeconds = backoffSeconds(env, message.attempts);
  await recordAttempt(env, target.delivery.id, outcome, {
    status: 'retrying',
    nextRetryAt: last ? null : outcome.at + delaySeconds * 1000,
  });
  // Thrown back to the queue, which moves it to the dead-letter queue once max_retries are spent.
  message.retry({ delaySeconds });
}

/**
 * Whether a message is the one its delivery waits for: a delivery queued (new, or replayed) takes any; one being
 * retried only the retries of the message that failed (a first attempt then is a duplicate); a delivered, failed
 * or skipped one none.
 */
const due = (status: DeliveryStatus, attempts: number) => status === 'queued' || (status === 'retrying' && attempts > 1);

async function attempt(url: string, secret: string, event: { id: string; type: string }, body: string) {
  const at = Date.now();
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'cpq-edge-webhooks/1',
    'Cpq-Event-Id': event.id,
    'Cpq-Event-Type': event.type,
    'Cpq-Signature': await signatureHeader(secret, body, Math.floor(at / 1000)),
  };
  try {
    // A redirect is not followed: it could lead anywhere, http included; the receiver's URL is what was registered.
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.body?.cancel();
    const ok = res.status >= 200 && res.status < 300;
    return { at, statusCode: res.status, durationMs: Date.now() - at, error: ok ? null : `HTTP ${res.status}` };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const why = timedOut ? `no answer within ${TIMEOUT_MS / 1000} s` : String(error);
    return { at, statusCode: null, durationMs: Date.now() - at, error: why };
  }
}
