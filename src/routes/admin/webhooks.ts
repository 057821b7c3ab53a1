import { createRoute, z } from '@hono/zod-openapi';
import { StoreParams } from '../../api/admin/params';
import {
  CreatedWebhook,
  Delivery,
  DeliveryList,
  DeliveryParams,
  DeliveryQuery,
  NewWebhook,
  SecretRotation,
  TestEventResult,
  Webhook,
  WebhookList,
  WebhookParams,
  WebhookPatch,
} from '../../api/admin/webhooks';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { iso } from '../../db/time';
import { newApp } from '../../http/factory';
import { sendTestEvent } from '../../webhooks/delivery';
import {
  createEndpoint,
  type DeliveryView,
  deleteEndpoint,
  type Endpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  rotateSecret,
  updateEndpoint,
} from '../../webhooks/service';
import { secretPrefix } from '../../webhooks/signature';
import { allowsLocal, checkTarget } from '../../webhooks/target';

// A store's webhook endpoints and their delivery log (docs/webhooks.md).

const tags = ['Admin: webhooks'];

const presentEndpoint = (e: Endpoint): z.infer<typeof Webhook> => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  secret_prefix: secretPrefix(e.secret),
  created_at: iso(e.createdAt)!,
  updated_at: iso(e.updatedAt)!,
  disabled_reason: e.disabledReason,
  disabled_at: iso(e.disabledAt),
  failing_since: iso(e.failingSince),
  previous_secret_expires_at: e.previousSecret ? iso(e.previousSecretExpiresAt) : null,
});

const presentDelivery = (d: DeliveryView): z.infer<typeof Delivery> => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.eventType,
  webhook_id: d.endpointId,
  url: d.url,
  status: d.status,
  attempts: d.attempts,
  next_retry_at: iso(d.nextRetryAt),
  created_at: iso(d.createdAt)!,
  updated_at: iso(d.updatedAt)!,
  log: d.log.map((a) => ({
    attempt: a.attempt,
    at: iso(a.at)!,
    status_code: a.statusCode,
    duration_ms: a.durationMs,
    error: a.error,
  })),
});

export const webhooksApi = newApp()
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/webhooks',
      operationId: 'createWebhook',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Register an endpoint for events; the response is the only time its signing secret is shown',
      request: { params: StoreParams, ...jsonBody(NewWebhook) },
      responses: { 201: json(CreatedWebhook, 'The endpoint and its secret, shown once'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const url = checkTarget(body.url, allowsLocal(c.env));
      const row = await createEndpoint(c.env, c.req.valid('param').store_id, { ...body, url });
      return c.json({ ...presentEndpoint(row), secret: row.secret }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/webhooks',
      operationId: 'listWebhooks',
      tags,
      security: ADMIN_SECURITY,
      summary: "A store's webhook endpoints (never their secrets)",
      request: { params: StoreParams },
      responses: { 200: json(WebhookList, 'The endpoints'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json({ webhooks: (await listEndpoints(c.env, c.req.valid('param').store_id)).map(presentEndpoint) }, 200),
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{store_id}/webhooks/{webhook_id}',
      operationId: 'updateWebhook',
      tags,
      security: ADMIN_SECURITY,
      summary: "Change an endpoint's URL, events, description, or enable or disable it",
      request: { params: WebhookParams, ...jsonBody(WebhookPatch) },
      responses: { 200: json(Webhook, 'The endpoint'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, webhook_id } = c.req.valid('param');
      const body = c.req.valid('json');
      const url = body.url === undefined ? undefined : checkTarget(body.url, allowsLocal(c.env));
      const patch = { ...body, ...(url === undefined ? {} : { url }) };
      return c.json(presentEndpoint(await updateEndpoint(c.env, store_id, webhook_id, patch)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/webhooks/{webhook_id}/rotate-secret',
      operationId: 'rotateWebhookSecret',
      tags,
      security: ADMIN_SECURITY,
      summary: 'A new signing secret, shown this once; the previous one keeps signing beside it for overlap_hours',
      request: { params: WebhookParams, ...jsonBody(SecretRotation) },
      responses: { 200: json(CreatedWebhook, 'The endpoint and its new secret, shown once'), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, webhook_id } = c.req.valid('param');
      const row = await rotateSecret(c.env, store_id, webhook_id, c.req.valid('json').overlap_hours * 3_600_000);
      return c.json({ ...presentEndpoint(row), secret: row.secret }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/webhooks/{webhook_id}/test',
      operationId: 'testWebhook',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Send a signed webhook.test event to the endpoint now (enabled or not) and answer what came back',
      request: { params: WebhookParams, ...jsonBody(z.object({}).strict()) },
      responses: { 200: json(TestEventResult, "The attempt's outcome"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, webhook_id } = c.req.valid('param');
      const r = await sendTestEvent(c.env, store_id, webhook_id);
      return c.json(
        { event_id: r.eventId, ok: r.ok, at: iso(r.at)!, status_code: r.statusCode, duration_ms: r.durationMs, error: r.error },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{store_id}/webhooks/{webhook_id}',
      operationId: 'deleteWebhook',
      tags,
      security: ADMIN_SECURITY,
      summary: 'Remove an endpoint and its delivery log; deliveries still queued are dropped',
      request: { params: WebhookParams },
      responses: { 204: { description: 'Removed' }, ...errorResponses(400, 401, 404) },
    }),
    async (c) => {
      const { store_id, webhook_id } = c.req.valid('param');
      await deleteEndpoint(c.env, store_id, webhook_id);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/webhook-deliveries',
      operationId: 'listWebhookDeliveries',
      tags,
      security: ADMIN_SECURITY,
      summary: 'The delivery log: newest first, each delivery with its latest attempts',
      request: { params: StoreParams, query: DeliveryQuery },
      responses: {
        200: json(DeliveryList, 'A page of deliveries; next_cursor is null on the last'),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { webhook_id, status, limit, cursor } = c.req.valid('query');
      const page = await listDeliveries(c.env, c.req.valid('param').store_id, { webhookId: webhook_id, status, limit, cursor });
      return c.json({ deliveries: page.deliveries.map(presentDelivery), next_cursor: page.nextCursor }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{store_id}/webhook-deliveries/{delivery_id}/replay',
      operationId: 'replayWebhookDelivery',
      tags,
      security: ADMIN_SECURITY,
      summary: "Send a delivery again (its event's stored payload, signed anew), whatever became of it",
      request: { params: DeliveryParams, ...jsonBody(z.object({}).strict()) },
      responses: { 200: json(Delivery, 'The delivery, queued again'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, delivery_id } = c.req.valid('param');
      return c.json(presentDelivery(await replayDelivery(c.env, store_id, delivery_id)), 200);
    },
  );
