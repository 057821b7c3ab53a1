// date: a real calendar date written YYYY-MM-DD, optionally bounded; ISO dates order as strings.
import { z } from '@hono/zod-openapi';
import { readLiteral } from '../check/props';
import type { FieldIR } from '../ir';
import { type Checker, isRealDate, report } from '../runtime/fields';
import { rules } from './form-parts';
import { COMMON_PROPS, type FieldTypeSpec } from './spec';

function checker(f: FieldIR): Checker {
  const min = typeof f.min === 'string' ? f.min : undefined;
  const max = typeof f.max === 'string' ? f.max : undefined;
  return (raw, out) => {
    if (typeof raw !== 'string') return report(out, 'INVALID_TYPE', 'INVALID_TEXT');
    if (!isRealDate(raw)) return report(out, 'INVALID_DATE', 'INVALID_DATE');
    if (min !== undefined && raw < min) return report(out, 'BELOW_MIN', 'BELOW_MIN_DATE', { min });
    if (max !== undefined && raw > max) return report(out, 'ABOVE_MAX', 'ABOVE_MAX_DATE', { max });
    return raw;
  };
}

const IsoDate = z.string().openapi({ format: 'date' });

export const date = {
  props: [...COMMON_PROPS, 'min', 'max'],
  choice: false,
  computed: false,
  valueType: 'string',
  read(ctx, props, f, where) {
    const read = (name: string) => {
      const p = props.get(name);
      const s = p ? readLiteral(ctx, p.value, 'string', `${name} of ${where}`) : undefined;
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
  checker,
  form: (f, r) => ({ validation: rules({ min: f.min, max: f.max }), default: r.advertisedDefault(f) }),
  formShape: {
    validation: z.object({ min: IsoDate.optional(), max: IsoDate.optional() }).optional(),
    default: z.string().optional().openapi({ description: 'YYYY-MM-DD, or "" when no date is set' }),
  },
  logic: (f) => ({ var: f.id }),
  preview: { control: 'date', rangeHint: false },
} satisfies FieldTypeSpec;
