// Every field type's `control` facet as plain data, for the browser. scripts/build-browser.mjs evaluates this at
// build time into src/generated/field-controls.ts rather than <cpq-configurator> importing the registry: a
// record's other facets bring the checker and re2js with them (measured in docs/architecture.md, "Browser code").
import type { FieldType } from '../ir';
import { FIELD_TYPE_NAMES, FIELD_TYPES } from './registry';
import type { ControlSpec } from './spec';

export function fieldControls(): Record<FieldType, ControlSpec> {
  return Object.fromEntries(FIELD_TYPE_NAMES.map((type) => [type, FIELD_TYPES[type].control])) as Record<FieldType, ControlSpec>;
}
