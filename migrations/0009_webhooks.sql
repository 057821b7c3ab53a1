-- Webhooks (docs/webhooks.md). A store's endpoints with their signing secrets, each event emitted with the payload
-- every delivery of it sends (so a replay sends the same bytes' content), one delivery per event and endpoint with
-- its state, and one row per attempt: the delivery log the admin API and the backoffice show.
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  store_id TEXT NOT NULL REFERENCES stores(id),
  url TEXT NOT NULL,
  description TEXT,
  -- The signing secret (whsec_…): shown once when the endpoint is created; the consumer signs with it.
  secret TEXT NOT NULL,
  -- JSON array of the event types the endpoint receives.
  events TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX webhook_endpoints_store ON webhook_endpoints(store_id);

-- A payload larger than one D1 value is stored in parts like a product's source (src/db/parts.ts).
CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  store_id TEXT NOT NULL,
  type TEXT NOT NULL,
  -- The quote's or the product's id: what the event is about.
  subject TEXT NOT NULL,
  payload TEXT NOT NULL,
  payload_parts INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL
);

-- Expiry is not a write (a sent quote reads as expired past valid_until): the scheduled scan announces each once.
CREATE UNIQUE INDEX webhook_events_expired ON webhook_events(subject) WHERE type = 'quote.expired';

CREATE TABLE webhook_event_parts (
  event_id TEXT NOT NULL,
  part INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (event_id, part)
);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  store_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  endpoint_id TEXT NOT NULL,
  -- queued, retrying, delivered, failed (the dead-letter queue's consumer), skipped (endpoint disabled)
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  next_retry_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_store ON webhook_deliveries(store_id, created_at);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id);

CREATE TABLE webhook_attempts (
  delivery_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  at INTEGER NOT NULL,
  -- null when no answer came (a timeout, a refused connection): `error` says what happened.
  status_code INTEGER,
  duration_ms INTEGER NOT NULL,
  error TEXT,
  PRIMARY KEY (delivery_id, attempt)
);
