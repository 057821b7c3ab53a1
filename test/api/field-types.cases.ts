// Every registered field type round-trips: it appears in an example, its form part matches its OpenAPI shape, and
// the values the form advertises calculate. Patterns run on RE2 over HTTP.
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { FormField } from '../../src/api/form-field';
import { FIELD_TYPE_NAMES } from '../../src/lang/fields/registry';
import { call, jsonInit, saveProduct, tenant } from '../helpers';

const examples = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });

type Field = Record<string, unknown> & { id: string; type: string; default?: unknown };
type Form = { groups: { fields: Field[] }[]; quantity: { default: number } };

/** The keys each member of the union declares, by type. */
const declared = new Map(
  FormField.options.map((member) => [String(member.shape.type.value), new Set(Object.keys(member.shape))] as const),
);

describe('the field type registry', () => {
  it('describes every type in the OpenAPI union, and every example field fits its type’s schema exactly', async () => {
    expect([...declared.keys()].sort()).toEqual([...FIELD_TYPE_NAMES].sort());
    const { storeId, headers } = await tenant();
    const seen = new Set<string>();
    for (const [path, source] of Object.entries(examples)) {
      const id = path
        .split('/')
        .pop()!
        .replace(/\.cpq$/, '');
      expect((await saveProduct(storeId, id, source)).status).toBe(201);
      const form = await (await call(`/api/v1/products/${id}/form?tenant_id=${storeId}`, { headers })).json<Form>();
      const configuration: Record<string, unknown> = {};
      for (const field of form.groups.flatMap((g) => g.fields)) {
        seen.add(field.type);
        const parsed = FormField.safeParse(field);
        expect(parsed.success, `${id}.${field.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        const extra = Object.keys(field).filter((k) => !declared.get(field.type)?.has(k));
        expect(extra, `${id}.${field.id} (${field.type})`).toEqual([]);
        if (field.type !== 'hidden' && field.default !== undefined) configuration[field.id] = field.default;
      }
      const calc = await call(
        '/api/v1/calculate',
        jsonInit('POST', { tenant_id: storeId, product_id: id, configuration, quantity: form.quantity.default }, headers),
      );
      expect(calc.status, `${id}: ${await calc.clone().text()}`).toBe(200);
      expect((await calc.json<{ configuration: Record<string, unknown> }>()).configuration).toEqual(configuration);
    }
    expect([...seen].sort()).toEqual([...FIELD_TYPE_NAMES].sort());
  });

  it('documents the form fields as a union discriminated by type in openapi.json', async () => {
    const doc = await (await call('/api/openapi.json')).json<{
      components: { schemas: Record<string, Record<string, unknown>> };
    }>();
    const union = doc.components.schemas.FormField!;
    expect(union.discriminator).toMatchObject({ propertyName: 'type' });
    expect((union.oneOf as unknown[]).length).toBe(FIELD_TYPE_NAMES.length);
    expect(doc.components.schemas.NumberField).toMatchObject({ properties: { validation: { type: 'object' } } });
  });
});

describe('text patterns', () => {
  const schema = (pattern: string, extra = '') =>
    `product "P" {}\nfield code: text { label: "Code", pattern: ${JSON.stringify(pattern)}${extra} }\nprice {\n  line base: "Base" = 10\n}\n`;

  it('(a+)+ against 40 characters answers at once: the pattern cannot backtrack', async () => {
    const { storeId, headers } = await tenant();
    expect((await saveProduct(storeId, 'evil', schema('(a+)+', ', max_length: 40'))).status).toBe(201);
    const calculate = (code: string) =>
      call('/api/v1/calculate', jsonInit('POST', { tenant_id: storeId, product_id: 'evil', configuration: { code } }, headers));
    const started = performance.now();
    const bad = await calculate(`${'a'.repeat(39)}b`);
    const good = await calculate('a'.repeat(40));
    const elapsed = performance.now() - started;
    expect(bad.status).toBe(422);
    expect((await bad.json<{ errors: { code: string }[] }>()).errors.map((e) => e.code)).toEqual(['PATTERN_MISMATCH']);
    expect(good.status).toBe(200);
    expect(elapsed).toBeLessThan(1000);
  });

  it('refuses at validation what RE2 cannot run, at the pattern’s line and column', async () => {
    const { headers } = await tenant();
    for (const pattern of ['(a)\\1', 'a(?=b)', '(?<!a)b', 'x'.repeat(501), '(\\w{0,100}){1,10}']) {
      const res = await call('/api/v1/validate', jsonInit('POST', { schema: schema(pattern) }, headers));
      const body = await res.json<{
        valid: boolean;
        errors: { code: string; line: number; column: number; message: string }[];
      }>();
      expect(body.valid, pattern).toBe(false);
      expect(
        body.errors.map(({ code, line, column }) => ({ code, line, column })),
        pattern,
      ).toEqual([{ code: 'E_VALUE', line: 2, column: 44 }]);
    }
  });

  it('a field with a pattern takes at most 5,000 characters and says so in its form', async () => {
    const { storeId, headers } = await tenant();
    expect((await saveProduct(storeId, 'long', schema('[a-z]*'))).status).toBe(201);
    const form = await (await call(`/api/v1/products/long/form?tenant_id=${storeId}`, { headers })).json<Form>();
    expect(form.groups[0]!.fields[0]!.validation).toEqual({ max_length: 5000, pattern: '[a-z]*' });
    const calculate = (code: string) =>
      call('/api/v1/calculate', jsonInit('POST', { tenant_id: storeId, product_id: 'long', configuration: { code } }, headers));
    expect((await calculate('a'.repeat(5000))).status).toBe(200);
    const res = await calculate('a'.repeat(5001));
    expect((await res.json<{ errors: { code: string }[] }>()).errors.map((e) => e.code)).toEqual(['TOO_LONG']);
  });
});

/** Compile-time: the inferred form field type is a union narrowed by `type` (this function is never called). */
// biome-ignore lint/suspicious/noExportsInTest: exported only so that the compile-time check is not an unused function.
export function narrowsByType(field: z.infer<typeof FormField>): unknown {
  if (field.type === 'dropdown') return field.options.map((o) => o.id);
  if (field.type === 'quantity') return [field.presets, field.validation?.step, field.visible_when?.json_logic];
  if (field.type === 'hidden') return field.value.source;
  // @ts-expect-error: only quantity fields have presets
  if (field.type === 'number') return field.presets;
  return field.label;
}
