// The demo store and its API key for local development; documented in README. Never used outside `npm run dev`.
export const DEMO_STORE = 'demo';
export const DEMO_KEY = 'cpq_demo_key_for_local_development_only00000000';

export function seedSql(keyHash) {
  const now = Date.now();
  return [
    `INSERT OR IGNORE INTO stores (id, name, plan, created_at, updated_at) VALUES ('${DEMO_STORE}', 'Demo Windows & Doors', 'pro', ${now}, ${now});`,
    `INSERT OR IGNORE INTO api_keys (id, store_id, name, prefix, hash, permissions, created_at) VALUES ('key_demo', '${DEMO_STORE}', 'Demo key', '${DEMO_KEY.slice(0, 12)}', '${keyHash}', '["form:read","calculate","production:read","schema:validate"]', ${now});`,
  ].join(' ');
}
