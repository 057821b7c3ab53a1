// hidden: a value computed from its `value` expression, never sent; its value type is inferred by the checker.
import type { FieldTypeSpec } from './spec';
import { wire } from './wire';

export const hidden = {
  props: ['label', 'help', 'value'],
  choice: false,
  computed: true,
  valueType: null,
  read(ctx, props, f, where, r) {
    const value = props.get('value');
    if (!value) ctx.diags.add('E_PROPERTY', f.decl.id.span, `${where} needs a "value" (the expression it computes)`);
    else f.value = r.readExpr(ctx, value.value, `the value of ${where}`);
  },
  readValue: null,
  literal: null,
  checker: null,
  form: (f, r) => ({ value: f.value && r.condition({ source: f.valueSource ?? '', expr: f.value }) }),
  wire: { value: wire.condition() },
  control: { control: 'none', rangeHint: false },
  // Storefronts do not send hidden fields: the form exports their computed value instead.
  logic: null,
} satisfies FieldTypeSpec;
