// A repeated part as a storefront sees it, over HTTP: examples/sliding-wardrobe.cpq declares each door's division
// (field, price line, cutting-list items) once for doors 1..4, counted by door_count.n. The instances are ordinary
// fields, lines and items in the form, the calculation and /v1/configure; the doors past the count are hidden.
import type { z } from '@hono/zod-openapi';
import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import type { CalculationResult } from '../../src/api/calculate';
import type { ConfigureResult } from '../../src/api/configure';
import type { ProductForm } from '../../src/api/form';
import { logicOperations } from '../../src/lang/logic-ops';
import { call, jsonInit, saveProduct, tenant } from '../helpers';

type Form = z.infer<typeof ProductForm>;
type Calc = z.infer<typeof CalculationResult>;
type Configured = z.infer<typeof ConfigureResult>;

const examples = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const WARDROBE = Object.entries(examples).find(([path]) => path.endsWith('/sliding-wardrobe.cpq'))![1];

async function wardrobe() {
  const t = await tenant();
  expect((await saveProduct(t.storeId, 'wardrobe', WARDROBE)).status).toBe(201);
  const post = (path: string, body: Record<string, unknown>) =>
    call(path, jsonInit('POST', { tenant_id: t.storeId, product_id: 'wardrobe', ...body }, t.headers));
  return { ...t, post };
}

describe('a repeated part over HTTP (sliding-wardrobe: a division per door)', () => {
  it('serves each instance as a field of the form, labelled per door and language, hidden past the count', async () => {
    const { storeId, headers } = await wardrobe();
    const res = await call(`/api/v1/products/wardrobe/form?tenant_id=${storeId}&lang=de`, { headers });
    expect(res.status).toBe(200);
    const form = await res.json<Form>();
    const doors = form.groups.find((g) => g.id === 'doors')!;
    const divisions = doors.fields.filter((f) => f.id.startsWith('division_'));
    expect(divisions.map((f) => [f.id, f.label])).toEqual([
      ['division_1', 'Tür 1: Teilung'],
      ['division_2', 'Tür 2: Teilung'],
      ['division_3', 'Tür 3: Teilung'],
      ['division_4', 'Tür 4: Teilung'],
    ]);
    const fourth = divisions[3] as Extract<Form['groups'][number]['fields'][number], { type: 'radio' }>;
    expect(fourth.options?.map((o) => [o.id, o.label])).toEqual([
      ['none', 'Ungeteilt'],
      ['two', 'Zweigeteilt'],
      ['three', 'Dreigeteilt'],
    ]);
    // Its visibility is the repeat's count, exported to JSON Logic: shown with four doors only.
    expect(fourth.visible_when?.source).toBe('door_count.n >= 4');
    const ops = logicOperations(form.logic_values, jsonLogic.apply);
    for (const [name, op] of Object.entries(ops)) jsonLogic.add_operation(name, op);
    const shown = (door_count: string) => jsonLogic.apply(fourth.visible_when?.json_logic, { door_count });
    expect([shown('two'), shown('three'), shown('four')]).toEqual([false, false, true]);
  });

  it('prices and cuts the divided doors, and nothing for a door past the count (hand-worked)', async () => {
    const { post } = await wardrobe();
    // Three doors at 2400 mm: leaves (2400 + 2 × 40) / 3 = 826.667 mm; a bar costs round(0.826667 × 18 + 12, 2) =
    // 26.88. Door 2 has one bar, door 3 two (53.76); door 4's three parts are ignored: it is hidden.
    const configuration = { width: 2400, door_count: 'three', division_2: 'two', division_3: 'three', division_4: 'three' };
    const res = await post('/api/v1/calculate', { configuration, output_groups: ['cutting'] });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<Calc>();
    expect(body.result.lines.map((l) => [l.id, l.label, l.amount])).toEqual([
      ['panels', 'Panels', 259.2],
      ['frames', 'Frames', 348.48],
      ['track', 'Track set', 96.6],
      ['division_2', 'Dividing bars, door 2', 26.88],
      ['division_3', 'Dividing bars, door 3', 53.76],
    ]);
    expect(body.result.totals.price).toBe(784.92);
    expect(body.result.groups.cutting).toEqual({
      leaves: 3,
      leaf_width_mm: 826.7,
      leaf_height_mm: 2350,
      bars_2: 1,
      bar_length_mm_2: 776.7,
      bars_3: 2,
      bar_length_mm_3: 776.7,
    });
    expect(body.result.output_info.cutting?.items.bar_length_mm_3).toEqual({
      type: 'number',
      label: 'Bar length, door 3',
      unit: 'mm',
    });
  });

  it('configures the instances like any field: the one past the count hidden, its sent value ignored', async () => {
    const { post } = await wardrobe();
    const res = await post('/api/v1/configure', { configuration: { door_count: 'three', division_3: 'two', division_4: 'two' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json<Configured>();
    const state = (id: string) => body.fields.find((f) => f.id === id);
    expect(state('division_3')).toMatchObject({ visible: true, value: 'two', source: 'sent' });
    expect(state('division_4')).toMatchObject({ visible: false, source: 'ignored' });
    expect(state('division_4')?.options?.every((o) => o.available)).toBe(true);
    expect(body.calculation?.lines.map((l) => l.id)).toEqual(['panels', 'frames', 'track', 'division_3']);
  });
});
