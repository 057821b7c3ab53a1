-- Webhooks that fail for days, slow endpoints, rotated secrets and retention (docs/webhooks.md).
-- Health: when the endpoint's current run of failed attempts began (null after a 2xx), whether its last attempt
-- was slow (it is then delivered on the slow lane, cpq-webhooks-slow), and why and when it was disabled by itself.
ALTER TABLE webhook_endpoints ADD COLUMN failing_since INTEGER;
ALTER TABLE webhook_endpoints ADD COLUMN slow INTEGER NOT NULL DEFAULT 0;
ALTER TABLE webhook_endpoints ADD COLUMN disabled_reason TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN disabled_at INTEGER;
-- A rotated secret signs beside the new one until it expires.
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret TEXT;
ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_expires_at INTEGER;

-- The retention sweep takes the oldest events first and their deliveries by event.
CREATE INDEX webhook_events_created ON webhook_events(created_at);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries(event_id);
