// The wire shapes of a store's webhook endpoints and their delivery log (admin API, docs/webhooks.md).
import { z } from '@hono/zod-openapi';
import { DELIVERY_STATUSES, EVENT_TYPES, WEBHOOK_LIMITS } from '../webhooks';
import { StoreParams } from './params';

const EventTypes = z
  .array(z.enum(EVENT_TYPES))
  .min(1, 'Choose at least one event type')
  .max(EVENT_TYPES.length)
  .openapi({ example: ['quote.accepted'] });

const Url = z
  .string()
  .max(WEBHOOK_LIMITS.urlChars)
  .openapi({ description: 'An https URL (http only to localhost when the Worker runs with WEBHOOKS_ALLOW_LOCAL=1)' });
const Description = z.string().trim().max(WEBHOOK_LIMITS.description);

export const NewWebhook = z
  .object({ url: Url, events: EventTypes, description: Description.optional(), enabled: z.boolean().optional() })
  .strict();

export const WebhookPatch = z
  .object({
    url: Url.optional(),
    events: EventTypes.optional(),
    description: Description.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

export const Webhook = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.enum(EVENT_TYPES)),
    enabled: z.boolean(),
    /** The start of the secret, to tell secrets apart; the whole secret is shown only when the endpoint is created. */
    secret_prefix: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    disabled_reason: z.string().nullable().openapi({
      description: 'Why the endpoint disabled itself (every attempt failed for 3 days); null when enabled or disabled by hand',
    }),
    disabled_at: z.string().nullable().openapi({ description: 'When it disabled itself' }),
    failing_since: z
      .string()
      .nullable()
      .openapi({ description: 'When its current run of failed attempts began; null when its last attempt was delivered' }),
    previous_secret_expires_at: z.string().nullable().openapi({
      description:
        'After a rotation: until when the previous secret still signs beside the new one (a second v1 in Cpq-Signature)',
    }),
  })
  .openapi('Webhook');

export const CreatedWebhook = Webhook.extend({
  secret: z.string().openapi({ description: 'The signing secret (whsec_…), shown this once' }),
}).openapi('CreatedWebhook');

export const WebhookList = z.object({ webhooks: z.array(Webhook) });

/** The longest overlap a rotation may ask for: a week. */
export const MAX_OVERLAP_HOURS = 168;

export const SecretRotation = z
  .object({
    overlap_hours: z.number().int().min(0).max(MAX_OVERLAP_HOURS).default(24).openapi({
      description: 'How long the previous secret keeps signing beside the new one; 0 ends it at once',
    }),
  })
  .strict();

export const TestEventResult = z
  .object({
    event_id: z.string().openapi({ description: 'The id of the webhook.test event sent (not stored)' }),
    ok: z.boolean().openapi({ description: 'The endpoint answered 2xx' }),
    at: z.string(),
    status_code: z.number().int().nullable().openapi({ description: 'null when no answer came (see error)' }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
  })
  .openapi('WebhookTestResult');

export const WebhookParams = StoreParams.extend({
  webhook_id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'webhook_id', in: 'path' } }),
});

export const DeliveryParams = StoreParams.extend({
  delivery_id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'delivery_id', in: 'path' } }),
});

export const DeliveryQuery = z.object({
  webhook_id: z.string().max(64).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.page).default(50),
  cursor: z.string().max(100).optional().openapi({ description: "The previous page's next_cursor" }),
});

const Attempt = z
  .object({
    attempt: z.number().int(),
    at: z.string(),
    status_code: z.number().int().nullable().openapi({ description: 'null when no answer came (see error)' }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
  })
  .openapi('WebhookAttempt');

export const Delivery = z
  .object({
    id: z.string(),
    event_id: z.string(),
    event_type: z.enum(EVENT_TYPES),
    webhook_id: z.string(),
    url: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    next_retry_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    log: z.array(Attempt).openapi({ description: `The latest attempts (at most ${WEBHOOK_LIMITS.attemptsShown}), oldest first` }),
  })
  .openapi('WebhookDelivery');

export const DeliveryList = z.object({ deliveries: z.array(Delivery), next_cursor: z.string().nullable() });
