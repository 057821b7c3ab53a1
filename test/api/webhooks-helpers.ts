import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, vi } from 'vitest';
import { allShards, shardBinding } from '../../src/db/shards';
import worker from '../../src/index';
import type { DeliveryMessage } from '../../src/outbox/service';
import { consumeWebhooks } from '../../src/webhooks/delivery';
import { admin } from '../helpers';
import type { quoteTenant } from './quotes-helpers';

// What the webhook cases share: a receiver in place of the store's server, endpoints and the log through the admin
// API, and the queue consumer run on one message.

interface Received {
  url: string;
  headers: Headers;
  body: string;
}

/** A receiver for the consumer's outbound fetch: answers each request with the next of `statuses` (then the last). */
export function receiver(...statuses: (number | 'timeout')[]) {
  const received: Received[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    received.push({ url: String(input), headers: new Headers(init?.headers), body: String(init?.body) });
    const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
    if (status === 'timeout') throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    return new Response('ok', { status });
  });
  return received;
}

export const hooks = (storeId: string) => `/stores/${storeId}/webhooks`;

export async function endpoint(storeId: string, events: string[], url = 'https://erp.example.com/hooks') {
  const res = await admin('POST', hooks(storeId), { url, events });
  expect(res.status).toBe(201);
  return res.json<{ id: string; secret: string; secret_prefix: string }>();
}

export interface DeliveryJson {
  id: string;
  event_id: string;
  event_type: string;
  webhook_id: string;
  status: string;
  attempts: number;
  next_retry_at: string | null;
  log: { attempt: number; status_code: number | null; duration_ms: number; error: string | null }[];
}

export async function deliveries(storeId: string, query = '') {
  const res = await admin('GET', `/stores/${storeId}/webhook-deliveries${query}`);
  expect(res.status).toBe(200);
  return res.json<{ deliveries: DeliveryJson[]; next_cursor: string | null }>();
}

/** The store of a delivery, from whichever shard holds it. */
async function storeOfDelivery(id: string): Promise<string | undefined> {
  const found = await Promise.all(
    allShards(env).map((shard) =>
      shardBinding(env, shard).prepare('SELECT store_id FROM webhook_deliveries WHERE id = ?').bind(id).first<string>('store_id'),
    ),
  );
  return found.find((store) => store !== null) ?? undefined;
}

/**
 * Runs the Worker's queue handler on one message for the delivery, as `queue` would on attempt `attempts`; `tries`:
 * the attempts the message made on the other lane; `clock`: the consumer's time instead of the real one.
 */
export async function consume(
  deliveryId: string,
  attempts = 1,
  queue = 'cpq-webhooks',
  options: { tries?: number; clock?: () => number } = {},
) {
  // The message as handOver sends it: with the delivery's store, whose shard holds it.
  const store = await storeOfDelivery(deliveryId);
  const body: DeliveryMessage = {
    delivery: deliveryId,
    ...(store ? { store } : {}),
    ...(options.tries === undefined ? {} : { tries: options.tries }),
  };
  const batch = createMessageBatch<DeliveryMessage>(queue, [
    { id: `m-${deliveryId}-${attempts}`, timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  await (options.clock ? consumeWebhooks(batch, env, options.clock) : worker.queue(batch, env, ctx));
  return getQueueResult(batch, ctx);
}

export async function hmacHex(secret: string, text: string) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  return Buffer.from(mac).toString('hex');
}

/** A store with the shelf product, a quote key, and a quote sent to the buyer. */
export async function sentQuote(t: Awaited<ReturnType<typeof quoteTenant>>, lineDiscount?: Record<string, unknown>) {
  const created = await t.create({ items: [{ product_id: 'shelf', configuration: { width: 900, wood: 'oak' }, quantity: 2 }] });
  const q = await created.json<{ id: string; items: { id: string }[] }>();
  if (lineDiscount) await t.send('PATCH', `/${q.id}/items/${q.items[0]!.id}`, { line_discount: lineDiscount });
  expect((await t.send('POST', `/${q.id}/send`, {})).status).toBe(200);
  return q.id;
}
