// The OpenAPI schema of a form field: a union discriminated by `type`, each member the common keys and the
// type's own (its formShape in the registry). Its TypeScript type follows the registry too, so z.infer gives a
// union that `field.type === 'dropdown'` narrows to a field with options.
import { z } from '@hono/zod-openapi';
import type { FieldType } from '../ir';
import { ConditionJson } from './form-parts';
import { FIELD_TYPE_NAMES, type FIELD_TYPES, fieldType } from './registry';

type Specs = typeof FIELD_TYPES;
type Computed<K extends FieldType> = Specs[K]['computed'] extends true ? true : false;

const conditions = {
  visible_when: ConditionJson.optional(),
  enabled_when: ConditionJson.optional(),
  required_when: ConditionJson.optional(),
};

type MemberShape<K extends FieldType> = {
  id: z.ZodString;
  type: z.ZodLiteral<K>;
  label: Computed<K> extends true ? z.ZodOptional<z.ZodString> : z.ZodString;
  help: z.ZodOptional<z.ZodString>;
  required: z.ZodBoolean;
} & (Computed<K> extends true ? Record<never, never> : typeof conditions) &
  Specs[K]['formShape'];

type ObjectOf<S> = S extends z.ZodRawShape ? z.ZodObject<S> : never;
type Member = { [K in FieldType]: ObjectOf<MemberShape<K>> }[FieldType];

function member(type: FieldType) {
  const spec = fieldType(type);
  const name = `${type[0]?.toUpperCase()}${type.slice(1)}Field`;
  return z
    .object({
      id: z.string(),
      type: z.literal(type),
      label: spec.computed ? z.string().optional() : z.string(),
      help: z.string().optional(),
      required: z.boolean(),
      ...(spec.computed ? {} : conditions),
      ...spec.formShape,
    })
    .openapi(name);
}

// The members are built from the registry at run time; the cast states what the mapped type above spells out.
const members = FIELD_TYPE_NAMES.map(member) as unknown as [Member, ...Member[]];

export const FormField = z
  .discriminatedUnion('type', members)
  .openapi('FormField', { description: 'A field of the form; its keys depend on its type' });
