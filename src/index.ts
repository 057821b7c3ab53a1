import { app } from './app';
import { eachShard } from './db/shards';
import { type DeliveryMessage, sweepOutbox } from './outbox/service';
import { announceExpiries } from './quotes/service/expiry';
import { consumeWebhooks } from './webhooks/delivery';
import { deleteExpiredEvents } from './webhooks/retention';

export default {
  fetch: app.fetch,
  // Webhook deliveries and their dead letters (wrangler.toml, docs/webhooks.md).
  queue: (batch, env, _ctx: ExecutionContext) => consumeWebhooks(batch, env),
  // The cron trigger, every minute: sent quotes that expired since are announced as quote.expired, the outbox's
  // deliveries whose queue send failed are sent again (src/outbox/service.ts), even when the first step failed,
  // and events past their retention go (src/webhooks/retention.ts).
  // Every shard's, each on its own (src/db/shards.ts): a shard that fails holds back no other.
  scheduled: (_controller, env, _ctx: ExecutionContext) =>
    eachShard(env, async (shard) => {
      try {
        await announceExpiries(env, shard);
      } finally {
        await sweepOutbox(env, shard);
        await deleteExpiredEvents(env, shard);
      }
    }),
} satisfies ExportedHandler<Env, DeliveryMessage>;
export { StoreAccess } from './access/object';
export { EndedSessions } from './http/ended-sessions';
