// Saving products of a real product's size (issue 25): a source past the former 512 KiB limit is saved through
// PUT, stored in parts (src/db/parts.ts) and served whole, and configured; each bound past it is a clear refusal
// (413 for the body, 422 E_LIMIT with the figure for the schema), never a 500, with nothing written.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storeBinding } from '../../src/db/client';
import { MAX_SCHEMA_BODY_BYTES } from '../../src/http/request-guards';
import { MAX_SOURCE_BYTES, MAX_SOURCE_TOKENS } from '../../src/lang/syntax/split';
import { bigModel, CAR_FULL, fieldId, LABELLED, optionId, TRUCK_FULL, TRUCK_FULL_ROWS } from '../fixtures/big-model';
import { ADMIN_TOKEN, admin, call, jsonInit, saveProduct, tenant } from '../helpers';

interface Refusal {
  code: string;
  errors: { code: string; message: string }[];
}

const errorsOf = async (res: Response) => ((await res.json()) as Refusal).errors.map((e) => [e.code, e.message]);

describe('saving a product of a real product size', () => {
  it('saves a 0.9 MB generated product through PUT, serves its source whole and configures it', async () => {
    const t = await tenant();
    const { source } = bigModel(LABELLED);
    expect(new TextEncoder().encode(source).length).toBeGreaterThan(900_000);
    const saved = await saveProduct(t.storeId, 'labelled', source);
    expect(saved.status, await saved.clone().text()).toBe(201);
    const stored = await (await storeBinding(env, t.storeId))
      .prepare(
        'SELECT v.source_parts AS declared, (SELECT COUNT(*) FROM product_version_source_parts p WHERE p.store_id = v.store_id) AS rest FROM product_versions v WHERE v.store_id = ?',
      )
      .bind(t.storeId)
      .first<{ declared: number; rest: number }>();
    expect(stored).toEqual({ declared: 2, rest: 1 });
    const product = await admin('GET', `/stores/${t.storeId}/products/labelled`);
    expect(((await product.json()) as { source: string }).source).toBe(source);
    const configure = async (configuration: Record<string, string>) => {
      const res = await call(
        '/api/v1/configure',
        jsonInit('POST', { tenant_id: t.storeId, product_id: 'labelled', configuration }, t.headers),
      );
      expect(res.status, await res.clone().text()).toBe(200);
      return res.json<{ complete: boolean; fields: { id: string; options?: { id: string; available: boolean }[] }[] }>();
    };
    const first = await configure({});
    expect(first.complete).toBe(true);
    const f0 = first.fields.find((f) => f.id === 'f0')!;
    const chosen = f0.options!.find((o) => o.available)!.id;
    expect((await configure({ f0: chosen })).complete).toBe(true);
    // A draft of that size too: saved in parts and read back whole.
    const draftPath = `/stores/${t.storeId}/products/labelled/draft`;
    expect((await admin('PUT', draftPath, { source: `${source}// edited\n` })).status).toBe(200);
    expect(((await (await admin('GET', draftPath)).json()) as { source: string }).source).toBe(`${source}// edited\n`);
    // Deleting the product removes every part.
    expect((await admin('DELETE', `/stores/${t.storeId}/products/labelled`)).status).toBe(204);
    const left = await (await storeBinding(env, t.storeId))
      .prepare(
        'SELECT (SELECT COUNT(*) FROM product_version_source_parts WHERE store_id = ?1) + (SELECT COUNT(*) FROM product_draft_parts WHERE store_id = ?1) AS n',
      )
      .bind(t.storeId)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  }, 120_000);

  it('saves a 3.3 MB product of long labels, its source and compiled form each in five parts, and serves it whole', async () => {
    const t = await tenant();
    const { source } = bigModel({ ...LABELLED, labelChars: 900 });
    expect(new TextEncoder().encode(source).length).toBeGreaterThan(3_200_000);
    const saved = await saveProduct(t.storeId, 'long', source);
    expect(saved.status, await saved.clone().text()).toBe(201);
    const stored = await (await storeBinding(env, t.storeId))
      .prepare('SELECT source_parts AS source, compiled_parts AS compiled FROM product_versions WHERE store_id = ?')
      .bind(t.storeId)
      .first<{ source: number; compiled: number }>();
    expect(stored).toEqual({ source: 5, compiled: 5 });
    const version = await admin('GET', `/stores/${t.storeId}/products/long/versions/1`);
    expect(((await version.json()) as { source: string }).source).toBe(source);
    const form = await call(`/api/v1/products/long/form?tenant_id=${t.storeId}`, { headers: t.headers });
    expect(form.status).toBe(200);
  }, 120_000);

  it('saves the 150 × 174 model with tables of up to 2,000 rows (747 KiB) and configures it completely', async () => {
    const t = await tenant();
    const res = await saveProduct(t.storeId, 'car', bigModel(CAR_FULL).source);
    expect(res.status, await res.clone().text()).toBe(201);
    const answer = await call(
      '/api/v1/configure',
      jsonInit('POST', { tenant_id: t.storeId, product_id: 'car', configuration: {} }, t.headers),
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { complete: boolean }).complete).toBe(true);
  }, 120_000);

  // The 270 × 330 model at full size was refused before on its tokens (one row per combination), then on its options'
  // availability, which its form leaves to configure anyway (src/lang/stored-size.ts).
  for (const [title, shape, steps] of [
    ['the 150 × 174 model written with option lists (465 KiB)', { ...CAR_FULL, compact: true }, [15, 4]],
    ['the 270 × 330 model written with option lists (996 KiB, 402,735 tokens)', TRUCK_FULL, [27, 8]],
  ] as const) {
    it(`saves ${title}, configures and prices it`, async () => {
      const t = await tenant();
      const b = bigModel(shape);
      const res = await saveProduct(t.storeId, 'lists', b.source);
      expect(res.status, await res.clone().text()).toBe(201);
      const post = async (path: string, configuration: Record<string, string>) => {
        const answer = await call(
          path,
          jsonInit('POST', { tenant_id: t.storeId, product_id: 'lists', configuration }, t.headers),
        );
        expect(answer.status, await answer.clone().text()).toBe(200);
        return answer.json<{ complete: boolean; result: { totals: { price: number } } }>();
      };
      // Every `step`-th field set as a planted configuration has it, so that the configuration is completable.
      const partial = (p: number[], step: number) =>
        Object.fromEntries(p.flatMap((v, f) => (f % step === 0 ? [[fieldId(f), optionId(v)]] : [])));
      for (const configuration of [{}, partial(b.planted[0]!, steps[0]), partial(b.planted[1]!, steps[1])]) {
        expect((await post('/api/v1/configure', configuration)).complete).toBe(true);
      }
      // The planted configurations price: 1000 plus the prices (k mod 7) of f0's and f1's options.
      for (const p of b.planted.slice(0, 2)) {
        const answer = await post('/api/v1/calculate', partial(p, 1));
        expect(answer.result.totals.price).toBe(1000 + (p[0]! % 7) + (p[1]! % 7));
      }
    }, 120_000);
  }

  it('refuses each bound just past it, clearly and without writing anything', async () => {
    const t = await tenant();
    const path = `/api/admin/stores/${t.storeId}/products/past`;
    const text = (body: string) =>
      call(path, { method: 'PUT', headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'text/plain' }, body });

    // The body: past 8 MiB on a route that takes a schema, past 1 MiB elsewhere.
    const body = await text('x'.repeat(MAX_SCHEMA_BODY_BYTES + 1));
    expect(body.status).toBe(413);
    expect(await body.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { max_bytes: MAX_SCHEMA_BODY_BYTES } });
    const store = await call(
      `/api/admin/stores/${t.storeId}`,
      jsonInit('PATCH', { name: 'x'.repeat(1024 * 1024) }, { Authorization: `Bearer ${ADMIN_TOKEN}` }),
    );
    expect(store.status).toBe(413);

    // The source: one byte past 4 MiB.
    const bytes = await text(`// ${'x'.repeat(MAX_SOURCE_BYTES - 2)}`);
    expect(bytes.status).toBe(422);
    expect(await errorsOf(bytes)).toEqual([
      ['E_LIMIT', `the schema is ${MAX_SOURCE_BYTES + 1} bytes long; at most ${MAX_SOURCE_BYTES} (4 MiB) are allowed`],
    ]);

    // The tokens: the 270 × 330 model with tables of up to 2,000 rows written one row per combination has 698,483
    // (1.6 MiB).
    const tokens = await saveProduct(t.storeId, 'past', bigModel(TRUCK_FULL_ROWS).source);
    expect(tokens.status).toBe(422);
    expect((await errorsOf(tokens)).map(([code, message]) => [code, message?.split(';')[0]])).toEqual([
      ['E_LIMIT', `the schema holds more than ${MAX_SOURCE_TOKENS} tokens (names, numbers, strings, brackets, commas)`],
    ]);

    // The compiled form past MAX_COMPILED_BYTES: test/api/validate-save.cases.ts.
    expect((await admin('GET', `/stores/${t.storeId}/products/past`)).status).toBe(404);
  }, 120_000);
});
