import { DurableObject } from 'cloudflare:workers';

const SCHEMA = 'CREATE TABLE IF NOT EXISTS ended (id TEXT PRIMARY KEY, expiry INTEGER NOT NULL)';

/**
 * The backoffice sessions ended by signing out, each until its own expiry (Unix seconds), after which the cookie
 * is refused anyway and the row is deleted. One object for the whole Worker: sign-outs are rare and admin traffic
 * is light, and a Durable Object answers consistently everywhere at once, which KV (eventually consistent across
 * locations, up to a minute) would not.
 */
export class EndedSessions extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Synchronous and idempotent: the table exists before any method runs. Unlike StoreAccess, which deletes its
    // storage whole and so creates its tables lazily, nothing here drops it.
    ctx.storage.sql.exec(SCHEMA);
  }

  async end(id: string, expiry: number): Promise<void> {
    this.ctx.storage.sql.exec('INSERT OR IGNORE INTO ended (id, expiry) VALUES (?, ?)', id, expiry);
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > expiry * 1000) await this.ctx.storage.setAlarm(expiry * 1000);
  }

  isEnded(id: string): boolean {
    return this.ctx.storage.sql.exec('SELECT 1 FROM ended WHERE id = ?', id).toArray().length > 0;
  }

  override async alarm(): Promise<void> {
    const sql = this.ctx.storage.sql;
    sql.exec('DELETE FROM ended WHERE expiry <= ?', Math.floor(Date.now() / 1000));
    const next = sql.exec<{ expiry: number | null }>('SELECT min(expiry) AS expiry FROM ended').one().expiry;
    if (next !== null) await this.ctx.storage.setAlarm(next * 1000);
  }
}

export function endedSessions(env: Env): DurableObjectStub<EndedSessions> {
  return env.SESSIONS.getByName('admin');
}
