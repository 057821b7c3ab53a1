// checkbox: a boolean, false unless its default says otherwise.
import { z } from '@hono/zod-openapi';
import { readLiteral } from '../check/props';
import { booleanChecker } from '../runtime/checkers';
import { COMMON_PROPS, type FieldTypeSpec } from './spec';

export const checkbox = {
  props: COMMON_PROPS,
  choice: false,
  computed: false,
  valueType: 'boolean',
  read(ctx, props, f, where) {
    const def = props.get('default');
    const value = def ? readLiteral(ctx, def.value, 'boolean', `the default of ${where}`) : undefined;
    if (value !== undefined) f.default = value;
    f.fallback = value ?? false;
  },
  checker: booleanChecker,
  form: (f, r) => ({ default: r.advertisedDefault(f) }),
  formShape: { default: z.boolean().optional() },
  logic: (_f, raw, fallback) => ({ if: [{ in: [raw, [true, false]] }, raw, fallback] }),
  preview: { control: 'checkbox', rangeHint: false },
} satisfies FieldTypeSpec;
