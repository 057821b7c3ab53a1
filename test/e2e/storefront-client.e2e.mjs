// The typed storefront client example (examples/storefront-client/) against `wrangler dev`: its committed types are
// what openapi-typescript makes of the document this server serves, and a buyer's visit (form → configure →
// calculate → validate) runs through it as a storefront would run it.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { buildSync } from 'esbuild';
import { clientTypes, TYPES } from '../../scripts/client-types.mjs';
import { adminApi, BASE } from './browser.mjs';

const STORE = 'e2e-client';
const example = join(process.cwd(), 'examples', 'storefront-client');

/** The example's TypeScript as a storefront's bundler would ship it: one ES module, openapi-fetch included. */
async function loadExample() {
  const dir = mkdtempSync(join(tmpdir(), 'cpq-client-'));
  const outfile = join(dir, 'client.mjs');
  buildSync({
    stdin: { contents: "export * from './client';\nexport * from './flow';\n", resolveDir: example, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile,
    logLevel: 'warning',
  });
  try {
    return await import(outfile);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let example$;
let key;
before(async () => {
  // First, before any connection to the server sits idle while esbuild holds the process (see the last test).
  example$ = await loadExample();
  assert.equal((await adminApi('POST', '/stores', { id: STORE, name: 'E2E client', plan: 'pro' })).status, 201);
  const created = await adminApi('POST', `/stores/${STORE}/api-keys`, {
    name: 'Storefront',
    permissions: ['form:read', 'calculate', 'schema:validate'],
  });
  key = created.body.key;
  const schema = readFileSync('examples/pvc-window.cpq', 'utf8');
  assert.equal((await adminApi('PUT', `/stores/${STORE}/products/pvc-window`, { schema })).status, 201);
});

describe('the typed storefront client', () => {
  it('runs a buyer visit: form, configure, calculate and validate', async () => {
    const client = example$.storefrontClient({ baseUrl: BASE, apiKey: key, tenant: STORE });
    const visit = await example$.buyerVisit(client, 'pvc-window', 'de');
    assert.equal(visit.form.product_id, 'pvc-window');
    assert.equal(visit.form.language, 'de');
    assert.ok(visit.choice, 'a choice the buyer can change');
    assert.equal(visit.configured.fields.find((f) => f.id === visit.choice.field).value, visit.choice.option);
    assert.equal(visit.priced.priced, true);
    const { calculation } = visit.priced;
    assert.deepEqual(calculation.configuration, { [visit.choice.field]: visit.choice.option });
    assert.equal(calculation.quantity.value, 2);
    assert.equal(calculation.result.totals.currency, 'EUR');
    assert.equal(calculation.result.totals.unit_price, visit.configured.calculation.totals.unit_price);
    assert.equal(visit.validation.valid, false);
    assert.deepEqual(
      visit.validation.errors.map((e) => [e.line, e.column, e.code]),
      [[4, 9, 'E_UNDEFINED']],
    );
  });

  it('reports a configuration that does not price as an answer, and a refused key as a CpqError', async () => {
    const client = example$.storefrontClient({ baseUrl: BASE, apiKey: key, tenant: STORE });
    const rejected = await client.calculate('pvc-window', { width: 100000 });
    assert.equal(rejected.priced, false);
    assert.equal(rejected.rejected.code, 'VALIDATION_FAILED');
    assert.ok(rejected.rejected.errors.some((e) => e.field === 'width'));

    const stranger = example$.storefrontClient({ baseUrl: BASE, apiKey: 'cpq_not_a_key', tenant: STORE });
    await assert.rejects(stranger.form('pvc-window'), (e) => e instanceof example$.CpqError && e.status === 401);
  });

  // Last: openapi-typescript holds this process for seconds (more beside other suites), and a request after it
  // could go out on a kept-alive connection the server closed meanwhile, before the process had read that close.
  it("has types generated from this server's OpenAPI document (npm run client:types when it fails)", async () => {
    assert.equal(await clientTypes(BASE), readFileSync(TYPES, 'utf8'));
  });
});
