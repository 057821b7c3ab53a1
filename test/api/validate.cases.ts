import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { ValidationResult } from '../../src/api/validate';
import { SHELF } from '../fixtures/shelf';
import { call, createKey, createStore, jsonInit, tenant } from '../helpers';

type Result = z.infer<typeof ValidationResult>;

async function validate(schema: unknown, headers: Record<string, string>) {
  return call('/api/v1/validate', jsonInit('POST', { schema }, headers));
}

describe('POST /api/v1/validate', () => {
  it('accepts a valid schema', async () => {
    const { headers } = await tenant();
    const res = await validate(SHELF, headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      valid: true,
      errors: [],
      // The public group `output weight { kg = … }` and its item have no label (line 47): buyers would read
      // "Weight" and "Kg", the ids made readable.
      warnings: [
        expect.objectContaining({
          code: 'W_OUTPUT_LABEL_MISSING',
          line: 47,
          column: 8,
          message: expect.stringContaining('"Weight"'),
        }),
        expect.objectContaining({
          code: 'W_OUTPUT_LABEL_MISSING',
          line: 48,
          column: 3,
          message: expect.stringContaining('"Kg"'),
        }),
      ],
      notes: [],
      tests: { passed: 0, failed: 0 },
    });
  });

  it("runs the schema's tests: counts them, and a failing expectation is E_TEST_FAILED at its expect", async () => {
    const { headers } = await tenant();
    // width 1000: board 1.00 × 50 = 50.00; oak +30 → 80.00 a shelf; 10 shelves − 10 % = 720.00
    const tests = [
      'test "ten oak shelves" {',
      '  given { width: 1000, wood: "oak" }',
      '  quantity: 10',
      '  expect price == 720',
      '  expect bom.screws == 4',
      '}',
      'test "wrong on purpose" { given { width: 1000 }  expect price.unit == 51 }',
    ];
    const body = await (await validate(`${SHELF}\n${tests.join('\n')}\n`, headers)).json<Result>();
    expect(body.tests).toEqual({ passed: 1, failed: 1 });
    expect(body.valid).toBe(false);
    const line = SHELF.split('\n').length + tests.length;
    expect(body.errors).toEqual([
      expect.objectContaining({
        code: 'E_TEST_FAILED',
        line,
        column: tests[6]!.indexOf('expect') + 1,
        message: 'test "wrong on purpose": expected price.unit == 51, got 50',
      }),
    ]);
  });

  it('reports a syntax error with line, column, message and code, still with 200', async () => {
    const { headers } = await tenant();
    const broken = SHELF.replace('let width_m = width / 1000', 'let width_m = width / ');
    const res = await validate(broken, headers);
    expect(res.status).toBe(200);
    const body = await res.json<Result>();
    expect(body.valid).toBe(false);
    const line = broken.split('\n').findIndex((l) => l.startsWith('let width_m')) + 1;
    expect(body.errors[0]).toMatchObject({ code: 'E_SYNTAX', line, message: expect.any(String) });
    expect(body.errors[0]!.column).toBeGreaterThan(1);
  });

  it('reports every mistake, not only the first', async () => {
    const { headers } = await tenant();
    const broken = SHELF.replace('min: 400, max: 1200', 'min: 1400, max: 1200').replace(
      'let width_m = width / 1000',
      'let width_m = width /',
    );
    const body = await (await validate(broken, headers)).json<Result>();
    expect(body.valid).toBe(false);
    expect(body.errors.map((e) => e.code)).toEqual(expect.arrayContaining(['E_SYNTAX', 'E_RANGE']));
  });

  it('names an undefined value at its position', async () => {
    const { headers } = await tenant();
    const broken = SHELF.replace('= width_m * 50', '= widht * 50');
    const body = await (await validate(broken, headers)).json<Result>();
    const lines = broken.split('\n');
    const line = lines.findIndex((l) => l.includes('widht')) + 1;
    expect(body.errors).toContainEqual(
      expect.objectContaining({ code: 'E_UNDEFINED', line, column: lines[line - 1]!.indexOf('widht') + 1 }),
    );
  });

  it('answers an oversized schema with a limit diagnostic, not a crash', async () => {
    const { headers } = await tenant();
    const body = await (await validate(`// ${'x'.repeat(4 * 1024 * 1024)}\n${SHELF}`, headers)).json<Result>();
    expect(body.valid).toBe(false);
    expect(body.errors[0]!.code).toBe('E_LIMIT');
  });

  it.each([
    ['a missing schema', {}],
    ['a numeric schema', { schema: 42 }],
    ['a null schema', { schema: null }],
  ])('answers %s with 400', async (_, payload) => {
    const { headers } = await tenant();
    const res = await call('/api/v1/validate', jsonInit('POST', payload, headers));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      errors: [expect.objectContaining({ field: 'schema', location: 'body' })],
    });
  });

  it('needs a key (401) with the schema:validate permission (403)', async () => {
    expect((await validate(SHELF, {})).status).toBe(401);
    const storeId = await createStore();
    const { key } = await createKey(storeId, ['calculate']);
    expect((await validate(SHELF, { 'X-API-Key': key })).status).toBe(403);
  });
});
