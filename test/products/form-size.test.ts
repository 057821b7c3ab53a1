// A form is served whole, once per version and language: it must stay small for any schema within the limits.
// Its options' exported availability holds each check once (a table as its rows) and each field's availability once;
// past FORM_AVAILABILITY_BYTES (src/configurator/form.ts) the form leaves it to /v1/configure and says so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORM_AVAILABILITY_BYTES, formBody } from '../../src/configurator/form';
import { analyze } from '../../src/lang';
import { check } from '../../src/lang/check/index';
import { compile } from '../../src/lang/compile/index';
import { exportSize } from '../../src/lang/configure/export';
import { Diagnostics } from '../../src/lang/diagnostics';
import { expand } from '../../src/lang/expand/index';
import { instantiate } from '../../src/lang/instantiate';
import type { ProductIR } from '../../src/lang/ir';
import { MAX_LOGIC_NODES } from '../../src/lang/runtime/jsonlogic';
import { parse } from '../../src/lang/syntax/parse';
import { SourceMap } from '../../src/lang/syntax/source';
import { bigModel, CAR, TRUCK } from '../fixtures/big-model';
import { largeTables } from '../fixtures/hostile';

interface Served {
  body: string;
  withAvailability: boolean;
  availability: string;
  /** logic_values keys of the options' availability: the checks and the fields' availability. */
  availabilityValues: number;
}

function served(ir: ProductIR): Served {
  const pricing = { market: null, group: 'retail', currency: ir.currency, list: null };
  const body = formBody({ version: 1, contentHash: 'h', model: instantiate(ir) }, 'p', 'en', pricing);
  const form = JSON.parse(body) as { option_availability: string; logic_values: Record<string, unknown> };
  return {
    body,
    withAvailability: body.includes('"available_when"'),
    availability: form.option_availability,
    availabilityValues: Object.keys(form.logic_values).filter((k) => /^(check|available):/.test(k)).length,
  };
}

function compiled(source: string): ProductIR {
  const { ir } = analyze(source);
  if (!ir) throw new Error('the schema does not compile');
  return ir;
}

/** A generated large model's IR, compiled stage by stage (its analysis runs the exact engine's warnings too). */
function generated(source: string): ProductIR {
  const diags = new Diagnostics();
  const map = new SourceMap(source);
  const ir = compile(check(expand(parse(map, diags)!, map, diags), diags), map.text);
  expect(diags.sorted().filter((d) => d.severity === 'error')).toEqual([]);
  return ir;
}

describe('the served form', () => {
  it('leaves the options’ availability to /v1/configure where it would pass its byte budget, and says so', () => {
    // 8 fields of 1,000 options tied by 4 tables of 1,000 rows: the options alone take 279 KB.
    const s = served(compiled(largeTables(8, 1_000, 4, 1_000)));
    expect(s.body.length).toBeLessThan(290_000);
    expect(s.withAvailability).toBe(false);
    expect(s.availability).toBe('configure');
    // Nothing left over from the export it measured first.
    expect(s.availabilityValues).toBe(0);
  });

  // Before: refused with E_LIMIT (the save bounded the options' availability, which a form may leave out, with the
  // conditions every form serves), as was the 270 × 330 model at full size written with list cells.
  it('saves a product whose options’ availability alone passes MAX_LOGIC_NODES, its form leaving it to configure', () => {
    const ir = compiled(largeTables(16, 1_000, 16, 3_000));
    expect(exportSize(ir)).toBeGreaterThan(MAX_LOGIC_NODES);
    expect(exportSize(ir, false)).toBeLessThan(100);
    const s = served(ir);
    expect(s.availability).toBe('configure');
    expect(s.withAvailability).toBe(false);
    expect(s.availabilityValues).toBe(0);
  });

  it('keeps the options’ availability of an ordinary product', () => {
    const s = served(compiled(readFileSync('examples/interior-door.cpq', 'utf8')));
    expect(s.withAvailability).toBe(true);
    expect(s.availability).toBe('form');
    expect(s.body.length).toBeLessThan(FORM_AVAILABILITY_BYTES / 10);
  });

  // Before: 545,702 and 1,000,964 JSON nodes (each option restated its field's checks), so neither could be saved.
  it('exports the generated car and truck models within MAX_LOGIC_NODES: an option costs five nodes', () => {
    for (const shape of [CAR, TRUCK]) expect(exportSize(generated(bigModel(shape).source))).toBeLessThan(MAX_LOGIC_NODES);
  });

  // Before: 3.1 MB with the options' availability, served (past 1 MB) as 523 KB: the checks were left in it.
  it('serves the 150 × 174 car model in at most 200 KB', () => {
    const s = served(generated(bigModel(CAR).source));
    expect(s.availability).toBe('configure');
    expect(s.availabilityValues).toBe(0);
    expect(s.body.length).toBeLessThanOrEqual(200_000);
  });

  it('serves the 270 × 330 truck model as its fields and options only (its 6,922 options take 267 KB)', () => {
    const s = served(generated(bigModel(TRUCK).source));
    expect(s.availability).toBe('configure');
    expect(s.availabilityValues).toBe(0);
    expect(s.body.length).toBeLessThan(280_000);
  });
});
