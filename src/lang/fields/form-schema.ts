// The OpenAPI schema of a form field: a union discriminated by `type`, each member the common keys and the
// type's own (its formShape in the registry).
import { z } from '@hono/zod-openapi';
import type { FieldType } from '../ir';
import { ConditionJson } from './form-parts';
import { FIELD_TYPE_NAMES, fieldType } from './registry';

function member(type: FieldType) {
  const spec = fieldType(type);
  const conditions = spec.computed
    ? {}
    : {
        visible_when: ConditionJson.optional(),
        enabled_when: ConditionJson.optional(),
        required_when: ConditionJson.optional(),
      };
  const name = `${type[0]?.toUpperCase()}${type.slice(1)}Field`;
  return z
    .object({
      id: z.string(),
      type: z.literal(type),
      label: spec.computed ? z.string().optional() : z.string(),
      help: z.string().optional(),
      required: z.boolean(),
      ...conditions,
      ...spec.formShape,
    })
    .openapi(name);
}

const [first, ...rest] = FIELD_TYPE_NAMES.map(member);

export const FormField = z
  .discriminatedUnion('type', [first as ReturnType<typeof member>, ...rest])
  .openapi('FormField', { description: 'A field of the form; its keys depend on its type' });
