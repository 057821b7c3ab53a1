import { app } from './app';
import { consumeWebhooks } from './webhooks/delivery';
import { announceExpiries } from './webhooks/expiry';
import { deleteExpiredEvents } from './webhooks/retention';
import type { DeliveryMessage } from './webhooks/service';

export default {
  fetch: app.fetch,
  // Webhook deliveries and their dead letters (wrangler.toml, docs/webhooks.md).
  queue: (batch, env, _ctx: ExecutionContext) => consumeWebhooks(batch, env),
  // The cron trigger: sent quotes that expired since are announced as quote.expired; events past their retention go.
  scheduled: async (_controller, env, _ctx: ExecutionContext) => {
    await announceExpiries(env);
    await deleteExpiredEvents(env);
  },
} satisfies ExportedHandler<Env, DeliveryMessage>;
export { StoreAccess } from './access/object';
export { EndedSessions } from './http/ended-sessions';
