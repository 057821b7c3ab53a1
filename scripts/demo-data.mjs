// The demo store and its API key for local development; documented in README. Used by `npm run dev` and the e2e
// runner (test/e2e/run.mjs), which also serve the demo shop at /demo with them (vars DEMO_STORE, DEMO_KEY).
export const DEMO_STORE = 'demo';
export const DEMO_KEY = 'cpq_demo_key_for_local_development_only00000000';
/** What README promises the demo key: every permission a store's own systems use. */
const DEMO_PERMISSIONS = [
  'form:read',
  'calculate',
  'production:read',
  'schema:validate',
  'quote:read',
  'quote:write',
  'insights:read',
];

export function seedSql(keyHash) {
  const now = Date.now();
  return [
    `INSERT OR IGNORE INTO stores (id, name, plan, created_at, updated_at) VALUES ('${DEMO_STORE}', 'Demo Windows & Doors', 'pro', ${now}, ${now});`,
    `INSERT OR IGNORE INTO api_keys (id, store_id, name, prefix, hash, permissions, created_at) VALUES ('key_demo', '${DEMO_STORE}', 'Demo key', '${DEMO_KEY.slice(0, 12)}', '${keyHash}', '${JSON.stringify(DEMO_PERMISSIONS)}', ${now});`,
  ].join(' ');
}

/** The key's KV record, as src/keys/store.ts reads it. */
export function keyRecord() {
  return JSON.stringify({
    keyId: 'key_demo',
    storeId: DEMO_STORE,
    permissions: DEMO_PERMISSIONS,
    plan: 'pro',
  });
}

/** The wrangler command that puts the key's record into local KV (extra: e.g. ['--persist-to', dir]). */
export function keySeedCommand(keyHash, extra = []) {
  return ['kv', 'key', 'put', '--local', ...extra, '--binding', 'KEYS', `key:${keyHash}`, keyRecord()];
}

/** The wrangler commands that seed the store and its key into local state. */
export function seedCommands(keyHash) {
  return [['d1', 'execute', 'DB', '--local', '--command', seedSql(keyHash)], keySeedCommand(keyHash)];
}

/** The Worker vars that turn on /demo. */
export const demoVars = () => [`DEMO_STORE:${DEMO_STORE}`, `DEMO_KEY:${DEMO_KEY}`];
