import { deleteEventsBefore } from './service';

// Events and their deliveries are kept for RETENTION_MS, then deleted by the cron trigger with their attempts and
// payload parts (docs/webhooks.md, "Retention"). Each run deletes at most PER_RUN events: the oldest first, so a
// backlog shrinks run by run and no run's work grows with it.

export const RETENTION_MS = 30 * 86_400_000;
const PER_RUN = 200;

/** Deletes up to PER_RUN of the shard's events older than the retention period, with what hangs off them; answers how many. */
export const deleteExpiredEvents = (env: Env, shard: number, now = Date.now()) =>
  deleteEventsBefore(env, shard, now - RETENTION_MS, PER_RUN);
