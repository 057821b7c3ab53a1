// date: a real calendar date written YYYY-MM-DD, optionally bounded; ISO dates order as strings.

import { isRealDate } from '../runtime/fields';
import { dateChecker } from '../runtime/sent-values';
import { rules } from './form-parts';
import { COMMON_PROPS, type FieldTypeSpec } from './spec';
import { wire } from './wire';

export const date = {
  props: [...COMMON_PROPS, 'min', 'max'],
  choice: false,
  computed: false,
  valueType: 'string',
  read(ctx, props, f, where, r) {
    const read = (name: string) => {
      const p = props.get(name);
      const s = p ? r.readLiteral(ctx, p.value, 'string', `${name} of ${where}`) : undefined;
      if (p && s !== undefined && !isRealDate(s)) {
        ctx.diags.add('E_VALUE', p.value.span, `${name} of ${where} must be a date written YYYY-MM-DD, found "${s}"`);
        return undefined;
      }
      return s;
    };
    const min = read('min');
    const max = read('max');
    const def = read('default');
    const boundsOk = !(min !== undefined && max !== undefined && min > max);
    if (!boundsOk) {
      ctx.diags.add('E_RANGE', props.get('max')?.value.span ?? f.decl.id.span, `max ${max} of ${where} is before its min ${min}`);
    }
    if (boundsOk && def !== undefined && ((min !== undefined && def < min) || (max !== undefined && def > max))) {
      ctx.diags.add(
        'E_DEFAULT',
        props.get('default')?.value.span ?? f.decl.id.span,
        `the default ${def} of ${where} is outside ${min ?? '…'}..${max ?? '…'}`,
      );
    }
    if (min !== undefined) f.min = min;
    if (max !== undefined) f.max = max;
    if (def !== undefined) f.default = def;
    f.fallback = def ?? '';
  },
  readValue: null,
  literal: { accepts: (v) => v === '' || isRealDate(String(v)), expected: '"" or a date written YYYY-MM-DD' },
  checker: dateChecker,
  form: (f, r) => ({ validation: rules({ min: f.min, max: f.max }), default: r.advertisedDefault(f) }),
  wire: {
    validation: wire.optional(wire.object({ min: wire.optional(wire.date()), max: wire.optional(wire.date()) })),
    default: wire.optional(wire.string(), 'YYYY-MM-DD, or "" when no date is set'),
  },
  control: { control: 'date', rangeHint: false },
  logic: (f, raw, fallback) => ({ sent: [raw, fallback, 'date', f.min ?? null, f.max ?? null] }),
} satisfies FieldTypeSpec;
