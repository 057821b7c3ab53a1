import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { migrateShards, shardBindings } from '../../scripts/migrate.mjs';
import { LATEST_MIGRATION } from '../../src/db/migrated';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dirs: string[] = [];
const persistDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpq-migrate-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it('the Worker checks each shard for the last file of migrations/ (src/db/migrated.ts)', () => {
  expect(LATEST_MIGRATION).toBe(
    readdirSync(join(root, 'migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .at(-1),
  );
});

it("reads the shards' bindings from wrangler.toml, and refuses any but DB, DB_1, … in order", () => {
  expect(shardBindings(readFileSync(join(root, 'wrangler.toml'), 'utf8'))).toEqual(['DB', 'DB_1']);
  const block = (binding: string) => `[[d1_databases]]\nbinding = "${binding}"\ndatabase_name = "x"\n`;
  expect(() => shardBindings(block('DB') + block('DB_2'))).toThrow(/binding 2 is DB_2, not DB_1/);
});

it('applies every migration to every shard, and names a shard that failed', { timeout: 120_000 }, () => {
  const broken = persistDir();
  // Shard 1 holds a table the first migration makes: its migration fails there, and only there (shard 0, from
  // nothing, takes every migration).
  const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
  const made = spawnSync(
    wrangler,
    ['d1', 'execute', 'DB_1', '--local', '--persist-to', broken, '--command', 'CREATE TABLE stores (id TEXT)'],
    { cwd: root, stdio: 'ignore', env: { ...process.env, CI: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' } },
  );
  expect(made.status).toBe(0);
  expect(migrateShards(['--persist-to', broken], { stdio: 'ignore' })).toEqual([{ shard: 1, binding: 'DB_1' }]);
});
