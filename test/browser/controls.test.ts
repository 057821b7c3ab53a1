// The configurator's copy of each field type's control (src/browser/configurator/kinds.ts) is the registry's.
import { describe, expect, it } from 'vitest';
import { CONTROLS } from '../../src/browser/configurator/kinds';
import { FIELD_TYPE_NAMES, fieldType } from '../../src/lang/fields/registry';

describe('<cpq-configurator> controls', () => {
  it("show every field type as its registry record's preview facet says", () => {
    expect(Object.keys(CONTROLS).sort()).toEqual([...FIELD_TYPE_NAMES].sort());
    for (const type of FIELD_TYPE_NAMES) expect(CONTROLS[type], type).toEqual(fieldType(type).preview);
  });
});
