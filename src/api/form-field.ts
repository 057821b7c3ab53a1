// The OpenAPI schema of a form field: a union discriminated by `type`, each member the common keys and the
// type's own. The type's own keys are what its record's `form` facet writes (src/lang/fields/); their wire
// shapes are here, one entry per FieldType, so a new type without one does not compile. The TypeScript type
// follows FIELD_SHAPES too, so z.infer gives a union that `field.type === 'dropdown'` narrows to a field with options.
import { z } from '@hono/zod-openapi';
import { FIELD_TYPE_NAMES, FIELD_TYPES } from '../lang/fields/registry';
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

const NUMERIC = {
  unit: z.string().optional(),
  validation: z.object({ min: z.number().optional(), max: z.number().optional(), step: z.number().optional() }).optional(),
  default: z.number().optional(),
};

const CHOICE = { options: z.array(Option), default: z.string().optional() };

const IsoDate = z.string().openapi({ format: 'date' });

/** Each type's own keys of a form field, in the order its `form` facet writes them. */
export const FIELD_SHAPES = {
  number: NUMERIC,
  slider: NUMERIC,
  quantity: { ...NUMERIC, presets: z.array(z.number()).optional() },
  dropdown: CHOICE,
  radio: CHOICE,
  swatch: CHOICE,
  multiselect: {
    options: z.array(Option),
    validation: z.object({ min_selected: z.number().int().optional(), max_selected: z.number().int().optional() }).optional(),
    default: z.array(z.string()).optional(),
  },
  checkbox: { default: z.boolean().optional() },
  text: {
    validation: z
      .object({
        max_length: z.number().int().optional(),
        pattern: z.string().optional().openapi({ description: 'RE2 syntax; the whole value must match' }),
      })
      .optional(),
    default: z.string().optional(),
  },
  date: {
    validation: z.object({ min: IsoDate.optional(), max: IsoDate.optional() }).optional(),
    default: z.string().optional().openapi({ description: 'YYYY-MM-DD, or "" when no date is set' }),
  },
  hidden: { value: ConditionJson },
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
