// The OpenAPI schema of a form field: a union discriminated by `type`, each member the common keys and the
// type's own. The type's own keys are what its record's `form` facet writes (src/lang/fields/), described as
// plain data by its `wire` facet and made zod schemas here, so the language needs no schema library and a new
// type needs no line in this file. The TypeScript type follows the records too (ZodOf), so z.infer gives a union
// that `field.type === 'dropdown'` narrows to a field with options.
import { z } from '@hono/zod-openapi';
import { FIELD_TYPE_NAMES, FIELD_TYPES } from '../lang/fields/registry';
import type { Wire, WireKeys } from '../lang/fields/wire';
import type { FieldType } from '../lang/ir';
import { ConditionJson } from './conditions';

export const Option = z
  .object({
    id: z.string(),
    label: z.string(),
    available_when: ConditionJson.optional().openapi({
      description:
        'When the option is not excluded by what the buyer has set (constraints, available_when, error rules); /v1/configure may exclude more',
    }),
  })
  .catchall(z.union([z.number(), z.string(), z.boolean()]))
  .openapi('Option', {
    description: 'An option: its id, label, and the literal attributes the schema gives it (colour, image, price, …)',
  });

type ZodOf<W> = W extends { kind: 'string' }
  ? z.ZodString
  : W extends { kind: 'number' | 'integer' }
    ? z.ZodNumber
    : W extends { kind: 'boolean' }
      ? z.ZodBoolean
      : W extends { kind: 'options' }
        ? z.ZodArray<typeof Option>
        : W extends { kind: 'condition' }
          ? typeof ConditionJson
          : W extends { kind: 'list'; of: infer O }
            ? z.ZodArray<ZodOf<O>>
            : W extends { kind: 'object'; keys: infer K }
              ? z.ZodObject<ShapeOf<K>>
              : W extends { kind: 'optional'; of: infer O }
                ? z.ZodOptional<ZodOf<O>>
                : never;
type ShapeOf<K> = { -readonly [k in keyof K]: ZodOf<K[k]> };

function zodOf(w: Wire): z.ZodType {
  switch (w.kind) {
    case 'string':
      return w.format ? z.string().openapi({ format: w.format }) : z.string();
    case 'number':
      return z.number();
    case 'integer':
      return z.number().int();
    case 'boolean':
      return z.boolean();
    case 'options':
      return z.array(Option);
    case 'condition':
      return ConditionJson;
    case 'list':
      return z.array(zodOf(w.of));
    case 'object':
      return z.object(shapeOf(w.keys));
    case 'optional': {
      const optional = zodOf(w.of).optional();
      return w.description === undefined ? optional : optional.openapi({ description: w.description });
    }
  }
}

function shapeOf(keys: WireKeys): z.ZodRawShape {
  return Object.fromEntries(Object.entries(keys).map(([k, w]) => [k, zodOf(w)]));
}

/** Each type's own keys of a form field, from its record's `wire` facet, in the order its `form` facet writes them. */
export const FIELD_SHAPES = Object.fromEntries(FIELD_TYPE_NAMES.map((t) => [t, shapeOf(FIELD_TYPES[t].wire)])) as {
  [K in FieldType]: ShapeOf<(typeof FIELD_TYPES)[K]['wire']>;
} satisfies Record<FieldType, z.ZodRawShape>;

type Computed<K extends FieldType> = (typeof FIELD_TYPES)[K]['computed'] extends true ? true : false;

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
  (typeof FIELD_SHAPES)[K];

type ObjectOf<S> = S extends z.ZodRawShape ? z.ZodObject<S> : never;
type Member = { [K in FieldType]: ObjectOf<MemberShape<K>> }[FieldType];

function member(type: FieldType) {
  const computed = FIELD_TYPES[type].computed;
  const name = `${type[0]?.toUpperCase()}${type.slice(1)}Field`;
  return z
    .object({
      id: z.string(),
      type: z.literal(type),
      label: computed ? z.string().optional() : z.string(),
      help: z.string().optional(),
      required: z.boolean(),
      ...(computed ? {} : conditions),
      ...FIELD_SHAPES[type],
    })
    .openapi(name);
}

// The members are built from the registry at run time; the cast states what the mapped type above spells out.
const members = FIELD_TYPE_NAMES.map(member) as unknown as [Member, ...Member[]];

export const FormField = z
  .discriminatedUnion('type', members)
  .openapi('FormField', { description: 'A field of the form; its keys depend on its type' });
