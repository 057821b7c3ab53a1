// The `cpq` command's remote half against `wrangler dev`, spawned as a modeller runs it: push a directory of
// schemas into a store (all or nothing, unchanged ones skipped, with a note), diff a file against the published
// version, pull the store back into files; push refusing to undo a change published in the backoffice since the
// pull (issue 35); and the exit codes for a wrong token, no token and no server.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI } from '../../scripts/build-cli.mjs';
import { ADMIN_TOKEN, adminApi, BASE } from './browser.mjs';

const STORE = 'e2e-cli';
const MUG =
  'product "Mug" {\n  currency: EUR\n}\n\nprice {\n  line base: "Mug" = 8\n}\n\ntest "plain" {\n  given {  }\n  expect price == 8\n}\n';

/**
 * `cpq …` in `cwd`, stdout piped; the token from the environment as a user sets it (null: none set). Not spawnSync:
 * a process held for seconds would not read the server closing an idle connection, and reuse it for its next request.
 */
function cpq(args, { cwd, token = ADMIN_TOKEN } = {}) {
  const { NO_COLOR: _, CPQ_URL: __, ADMIN_TOKEN: ___, CPQ_ADMIN_TOKEN: ____, ...env } = process.env;
  if (token !== null) env.CPQ_ADMIN_TOKEN = token;
  const run = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  run.stdout.on('data', (d) => (stdout += d));
  run.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => run.on('close', (code) => resolve({ code, stdout, stderr })));
}

const made = [];
const tempDir = () => {
  made.push(mkdtempSync(join(tmpdir(), 'cpq-e2e-cli-')));
  return made.at(-1);
};
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

let dir;
before(async () => {
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'E2E cli', plan: 'pro' })).status, 201);
  dir = tempDir();
  writeFileSync(join(dir, 'mug.cpq'), MUG);
  copyFileSync('examples/office-desk.cpq', join(dir, 'office-desk.cpq'));
});

describe('cpq push, diff and pull through the admin API', () => {
  it('push publishes every schema with the note, then skips the unchanged ones', async () => {
    const first = await cpq(['push', dir, '--store', STORE, '--url', BASE, '--note', 'From git']);
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.match(first.stdout, /↑ mug v1 \(new\)/);
    assert.match(first.stdout, /2 published, 0 unchanged \(store e2e-cli\)\n$/);
    const mug = await adminApi('GET', `/stores/${STORE}/products/mug`);
    assert.equal(mug.body.source, MUG);
    assert.equal(mug.body.versions[0].note, 'From git');

    const again = await cpq(['push', dir, '--store', STORE, '--url', BASE]);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /= mug v1 unchanged/);
    assert.match(again.stdout, /0 published, 2 unchanged/);
  });

  it('push publishes nothing when one schema has an error', async () => {
    const broken = tempDir();
    writeFileSync(join(broken, 'mug.cpq'), MUG.replace('= 8', '= 9').replace('price == 8', 'price == 9'));
    writeFileSync(join(broken, 'zz-broken.cpq'), 'product "Broken" {\n  currency: EUR\n}\nlet x = y + 1\n');
    const run = await cpq(['push', broken, '--store', STORE, '--url', BASE]);
    assert.equal(run.code, 1);
    assert.match(run.stdout, /zz-broken\.cpq:4:9: E_UNDEFINED/);
    assert.match(run.stdout, /1 of 2 schemas have errors: nothing published/);
    assert.equal((await adminApi('GET', `/stores/${STORE}/products/mug`)).body.current_version, 1);
  });

  it('diff shows the source change and the test configurations priced before and after', async () => {
    const edited = join(tempDir(), 'mug.cpq');
    writeFileSync(edited, MUG.replace('= 8', '= 9').replace('price == 8', 'price == 9'));
    const run = await cpq(['diff', `${STORE}/mug`, edited, '--url', BASE]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^e2e-cli\/mug v1 → /);
    assert.match(run.stdout, /\n- {2}line base: "Mug" = 8\n\+ {2}line base: "Mug" = 9\n/);
    assert.match(run.stdout, /\n {2}plain: 8 EUR → 9 EUR\n/);

    const fresh = await cpq(['diff', `${STORE}/cup`, edited, '--url', BASE]);
    assert.equal(fresh.code, 0);
    assert.match(fresh.stdout, /^e2e-cli\/cup \(not published\)/);
    assert.match(fresh.stdout, /plain: — → 9 EUR/);
  });

  it('pull writes each current version to <product>.cpq, the files push read', async () => {
    const out = join(tempDir(), 'pulled');
    const run = await cpq(['pull', '--store', STORE, out, '--url', BASE]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /2 pulled from store e2e-cli\n$/);
    assert.deepEqual(readdirSync(out).sort(), ['.cpq-base.json', 'mug.cpq', 'office-desk.cpq']);
    for (const f of ['mug.cpq', 'office-desk.cpq']) {
      assert.equal(readFileSync(join(out, f), 'utf8'), readFileSync(join(dir, f), 'utf8'));
    }
    assert.deepEqual(JSON.parse(readFileSync(join(out, '.cpq-base.json'), 'utf8')), { [STORE]: { mug: 1, 'office-desk': 1 } });
  });

  it('push refuses to undo a backoffice publish made since the pull: exit 5, the diff, nothing published; --force publishes', async () => {
    const store = 'e2e-cli-base';
    assert.equal((await adminApi('POST', '/stores', { id: store, name: 'E2E cli base', plan: 'pro' })).status, 201);
    assert.equal((await adminApi('PUT', `/stores/${store}/products/mug`, { schema: MUG })).status, 201);
    const local = join(tempDir(), 'pulled');
    assert.equal((await cpq(['pull', '--store', store, local, '--url', BASE])).code, 0);

    // In the backoffice: a draft from version 1, published as version 2.
    const priced = (n) => MUG.replace('= 8', `= ${n}`).replace('price == 8', `price == ${n}`);
    assert.equal((await adminApi('PUT', `/stores/${store}/products/mug/draft`, { source: priced(10) })).status, 200);
    assert.equal((await adminApi('POST', `/stores/${store}/products/mug/draft/publish`, { note: 'dearer' })).status, 201);
    // Meanwhile in the pulled directory: another edit, and a new product.
    writeFileSync(join(local, 'mug.cpq'), priced(9));
    writeFileSync(join(local, 'cup.cpq'), priced(5).replace('"Mug"', '"Cup"'));

    const refused = await cpq(['push', local, '--store', store, '--url', BASE]);
    assert.equal(refused.code, 5, refused.stdout + refused.stderr);
    assert.match(
      refused.stdout,
      /✗ mug: the store has v2, this directory was in sync with v1; the store's source → .*mug\.cpq:\n/,
    );
    assert.match(refused.stdout, /\n- {2}line base: "Mug" = 10\n\+ {2}line base: "Mug" = 9\n/);
    assert.match(
      refused.stdout,
      /1 of 2 products changed in store e2e-cli-base since this directory was in sync: nothing published/,
    );
    const kept = await adminApi('GET', `/stores/${store}/products/mug`);
    assert.equal(kept.body.current_version, 2);
    assert.equal(kept.body.source, priced(10));
    assert.equal((await adminApi('GET', `/stores/${store}/products/cup`)).status, 404, 'all or nothing: cup waits too');

    // A directory that never pulled mug does not publish over it either.
    const fresh = tempDir();
    writeFileSync(join(fresh, 'mug.cpq'), priced(9));
    const unpulled = await cpq(['push', fresh, '--store', store, '--url', BASE]);
    assert.equal(unpulled.code, 5);
    assert.match(unpulled.stdout, /✗ mug: the store has v2, which this directory never pulled/);

    const forced = await cpq(['push', local, '--store', store, '--url', BASE, '--force']);
    assert.equal(forced.code, 0, forced.stdout + forced.stderr);
    assert.match(forced.stdout, /↑ cup v1 \(new\)\n↑ mug v3\n/);
    assert.equal((await adminApi('GET', `/stores/${store}/products/mug`)).body.source, priced(9));
    assert.deepEqual(JSON.parse(readFileSync(join(local, '.cpq-base.json'), 'utf8')), { [store]: { cup: 1, mug: 3 } });

    // In sync again: the next edit publishes without --force, from v3.
    writeFileSync(join(local, 'mug.cpq'), priced(11));
    const next = await cpq(['push', local, '--store', store, '--url', BASE]);
    assert.equal(next.code, 0, next.stdout + next.stderr);
    assert.match(next.stdout, /= cup v1 unchanged\n↑ mug v4\n/);
  });

  it('exit 3 for a refused token or no server, 2 without a token', async () => {
    const wrong = await cpq(['pull', '--store', STORE, tempDir(), '--url', BASE], { token: 'not-the-token' });
    assert.equal(wrong.code, 3);
    assert.match(wrong.stderr, /^cpq: listing the products of e2e-cli: UNAUTHORIZED/);
    const none = await cpq(['pull', '--store', STORE, tempDir(), '--url', BASE], { token: null });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no admin token/);
    const down = await cpq(['diff', `${STORE}/mug`, join(dir, 'mug.cpq'), '--url', 'http://127.0.0.1:9']);
    assert.equal(down.code, 3);
    assert.match(down.stderr, /^cpq: cannot reach http:\/\/127\.0\.0\.1:9/);
  });
});
