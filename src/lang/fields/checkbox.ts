// checkbox: a boolean, false unless its default says otherwise. Sent as a JSON boolean or as the option ids
// configure lists for it, "true" and "false".
import { booleanChecker } from '../runtime/sent-values';
import { ADJUSTABLE_PROPS, type FieldTypeSpec } from './spec';
import { wire } from './wire';

export const checkbox = {
  props: ADJUSTABLE_PROPS,
  choice: false,
  computed: false,
  valueType: 'boolean',
  read(ctx, props, f, where, r) {
    const def = props.get('default');
    const value = def ? r.readLiteral(ctx, def.value, 'boolean', `the default of ${where}`) : undefined;
    if (value !== undefined) f.default = value;
    f.fallback = value ?? false;
  },
  readValue: null,
  literal: null,
  checker: booleanChecker,
  form: (f, r) => ({ default: r.advertisedDefault(f) }),
  wire: { default: wire.optional(wire.boolean()) },
  control: { control: 'checkbox', rangeHint: false },
  // Read by the server's own check, so the string ids configure offers ("true", "false") count as in calculate.
  logic: (_f, raw, fallback) => ({ sent: [raw, fallback, 'boolean'] }),
} satisfies FieldTypeSpec;
