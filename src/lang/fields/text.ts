// text: a string of at most max_length characters, matching an optional pattern. Patterns run on RE2 (re2js):
// linear in the value's length, no backtracking, so a customer's value cannot make a pattern take exponential time.

import type { FieldModel } from '../check/checked-model';
import type { Ctx } from '../check/context';
import type { Props } from '../check/props';
import { charCount } from '../functions';
import { compilePattern, re2Matcher } from '../runtime/pattern';
import { maxLengthOf, textChecker } from '../runtime/sent-values';
import { rules } from './form-parts';
import { COMMON_PROPS, type FieldTypeSpec, type Readers } from './spec';
import { wire } from './wire';

function read(ctx: Ctx, props: Props, f: FieldModel, where: string, r: Readers): void {
  const maxP = props.get('max_length');
  const maxLength = maxP ? r.readInteger(ctx, maxP.value, `max_length of ${where}`, 1) : undefined;
  if (maxLength !== undefined) f.maxLength = maxLength;
  const patternP = props.get('pattern');
  const pattern = patternP ? r.readLiteral(ctx, patternP.value, 'string', `the pattern of ${where}`) : undefined;
  if (patternP && pattern !== undefined) {
    const compiled = compilePattern(pattern);
    if (typeof compiled === 'string') {
      ctx.diags.add(
        'E_VALUE',
        patternP.value.span,
        `the pattern of ${where} is not a regular expression this service can run: ${compiled}`,
      );
    } else {
      f.pattern = pattern;
    }
  }
  const defP = props.get('default');
  const def = defP ? r.readLiteral(ctx, defP.value, 'string', `the default of ${where}`) : undefined;
  if (defP && def !== undefined) {
    if (maxLength !== undefined && charCount(def) > maxLength) {
      ctx.diags.add('E_DEFAULT', defP.value.span, `the default of ${where} is longer than its max_length ${maxLength}`);
    }
    f.default = def;
  }
  f.fallback = def ?? '';
}

export const text = {
  props: [...COMMON_PROPS, 'max_length', 'pattern'],
  choice: false,
  computed: false,
  valueType: 'string',
  read,
  readValue: null,
  literal: null,
  checker: (f) => textChecker(f, re2Matcher),
  form: (f, r) => ({ validation: rules({ max_length: maxLengthOf(f), pattern: f.pattern }), default: r.advertisedDefault(f) }),
  wire: {
    validation: wire.optional(
      wire.object({
        max_length: wire.optional(wire.integer()),
        pattern: wire.optional(wire.string(), 'RE2 syntax; the whole value must match'),
      }),
    ),
    default: wire.optional(wire.string()),
  },
  control: { control: 'text', rangeHint: false },
  logic: (f, raw, fallback) => ({ sent: [raw, fallback, 'text', f.maxLength ?? null, f.pattern ?? null] }),
} satisfies FieldTypeSpec;
