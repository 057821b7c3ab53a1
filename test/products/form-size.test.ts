// A form is served whole, once per version and language: it must stay small for any schema within the limits.
// Its options' exported availability repeats the conditions of every check that reads the option's field, so a
// schema of many options tied by large tables is served without it (src/configurator/form.ts, FORM_AVAILABILITY_BYTES).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FORM_AVAILABILITY_BYTES, formBody } from '../../src/configurator/form';
import { analyze } from '../../src/lang';
import { instantiate } from '../../src/lang/instantiate';
import { largeTables } from '../fixtures/hostile';

function served(source: string): { body: string; withAvailability: boolean } {
  const { ir } = analyze(source);
  if (!ir) throw new Error('the schema does not compile');
  const body = formBody({ version: 1, contentHash: 'h', model: instantiate(ir) }, 'p', 'en');
  return { body, withAvailability: body.includes('"available_when"') };
}

describe('the served form', () => {
  it('leaves the options’ availability to /v1/configure where it would pass its byte budget', () => {
    const { body, withAvailability } = served(largeTables(8, 1_000, 4, 1_000));
    expect(body.length).toBeLessThanOrEqual(FORM_AVAILABILITY_BYTES);
    expect(withAvailability).toBe(false);
  });

  it('keeps the options’ availability of an ordinary product', () => {
    const { body, withAvailability } = served(readFileSync('examples/interior-door.cpq', 'utf8'));
    expect(withAvailability).toBe(true);
    expect(body.length).toBeLessThan(FORM_AVAILABILITY_BYTES / 10);
  });
});
