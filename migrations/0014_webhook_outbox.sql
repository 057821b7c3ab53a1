-- The outbox (docs/webhooks.md, "Emission"): events and deliveries are written in the batch of the change they
-- report; handing a delivery to the queue is a second step. `queued_at` is set once a send of its message
-- succeeded; the cron's sweep sends again every delivery still without it a short while after it was last written
-- (`updated_at`: its creation, or a replay). Deliveries before this migration were sent when they were written.
ALTER TABLE webhook_deliveries ADD COLUMN queued_at INTEGER;
UPDATE webhook_deliveries SET queued_at = created_at;
CREATE INDEX webhook_deliveries_unqueued ON webhook_deliveries(updated_at) WHERE queued_at IS NULL;
