#!/usr/bin/env node
// `npm run db:migrate [-- --remote] [-- --persist-to DIR]`: applies migrations/ to every shard wrangler.toml binds
// (`DB`, `DB_1`, …: docs/scale.md), locally by default, with `wrangler d1 migrations apply` once per shard. Every
// shard is tried; a shard that failed is named and the command exits 1, so `npm run deploy` (which runs it with
// --remote first) deploys nothing over a half-migrated fleet. The Worker refuses a shard behind its migrations too
// (src/db/migrated.ts: 503 naming the shard).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The shards' D1 bindings of a wrangler.toml, shard 0 first; throws unless they are `DB`, `DB_1`, … without gaps. */
export function shardBindings(toml) {
  const blocks = toml.split(/^\[\[d1_databases\]\]\s*$/m).slice(1);
  const bindings = blocks.map((block) => /^binding\s*=\s*"([^"]+)"/m.exec(block.split(/^\[/m)[0] ?? '')?.[1]);
  bindings.forEach((binding, shard) => {
    if (binding !== (shard === 0 ? 'DB' : `DB_${shard}`)) {
      throw new Error(
        `wrangler.toml: D1 binding ${shard + 1} is ${binding ?? 'unnamed'}, not ${shard === 0 ? 'DB' : `DB_${shard}`}: shards are DB, DB_1, … in order`,
      );
    }
  });
  return bindings;
}

/** Applies the migrations to each shard; answers the shards that failed, with their bindings. */
export function migrateShards(args, { cwd = root, stdio = 'inherit' } = {}) {
  const where = args.includes('--remote') ? '--remote' : '--local';
  const rest = args.filter((arg) => arg !== '--remote' && arg !== '--local');
  const wrangler = join(root, 'node_modules', '.bin', 'wrangler');
  const failed = [];
  shardBindings(readFileSync(join(cwd, 'wrangler.toml'), 'utf8')).forEach((binding, shard) => {
    console.log(`shard ${shard} (${binding}), ${where.slice(2)}:`);
    // CI=true: wrangler applies without asking; no call out for a sample `Request.cf`.
    const run = spawnSync(wrangler, ['d1', 'migrations', 'apply', binding, where, ...rest], {
      cwd,
      stdio: ['ignore', stdio, stdio],
      env: { ...process.env, CI: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    });
    if (run.status !== 0) failed.push({ shard, binding });
  });
  return failed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const failed = migrateShards(process.argv.slice(2));
  if (failed.length > 0) {
    const named = failed.map((f) => `shard ${f.shard} (${f.binding})`).join(', ');
    console.error(
      `\nMigrations failed on ${named}: fix and run again; the Worker answers 503 for a shard behind its migrations.`,
    );
    process.exit(1);
  }
  console.log('\nEvery shard is migrated.');
}
