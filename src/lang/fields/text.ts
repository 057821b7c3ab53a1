// text: a string of at most max_length characters, matching an optional pattern. Patterns run on RE2 (re2js):
// linear in the value's length, no backtracking, so a customer's value cannot make a pattern take exponential time.
import { z } from '@hono/zod-openapi';
import { RE2JS, RE2JSException } from 're2js';
import type { Ctx } from '../check/context';
import type { FieldModel } from '../check/model';
import { type Props, readInteger, readLiteral } from '../check/props';
import type { FieldIR } from '../ir';
import { type Checker, report } from '../runtime/fields';
import { charCount } from '../runtime/functions';
import { rules } from './form-parts';
import { COMMON_PROPS, type FieldTypeSpec } from './spec';

/** Longest pattern source, in UTF-16 units. */
export const MAX_PATTERN_LENGTH = 500;
/**
 * Largest compiled pattern (RE2's program size, about one instruction per character class or repetition copy):
 * matching costs up to program size × value length, and a first match builds its automaton from the program.
 */
export const MAX_PATTERN_PROGRAM = 300;
/** A value longer than this is not tried against a pattern (it is TOO_LONG), whatever max_length says. */
export const MAX_PATTERN_INPUT = 5000;

/** The pattern compiled for RE2, or why it cannot be. */
export function compilePattern(pattern: string): RE2JS | string {
  if (pattern.length > MAX_PATTERN_LENGTH)
    return `it is ${pattern.length} characters long; at most ${MAX_PATTERN_LENGTH} are allowed`;
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (e) {
    if (!(e instanceof RE2JSException)) throw e;
    const unsupported = /\(\?[=!<]|\\[1-9]/.test(pattern)
      ? ' (lookahead, lookbehind and backreferences are not supported: patterns use RE2 syntax and run in linear time)'
      : '';
    return `${e.message}${unsupported}`;
  }
  const size = re.programSize();
  if (size > MAX_PATTERN_PROGRAM) {
    return `it is too complex (compiled size ${size}, at most ${MAX_PATTERN_PROGRAM}); use fewer or smaller counted repetitions`;
  }
  return re;
}

function read(ctx: Ctx, props: Props, f: FieldModel, where: string): void {
  const maxP = props.get('max_length');
  const maxLength = maxP ? readInteger(ctx, maxP.value, `max_length of ${where}`, 1) : undefined;
  if (maxLength !== undefined) f.maxLength = maxLength;
  const patternP = props.get('pattern');
  const pattern = patternP ? readLiteral(ctx, patternP.value, 'string', `the pattern of ${where}`) : undefined;
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
  const def = defP ? readLiteral(ctx, defP.value, 'string', `the default of ${where}`) : undefined;
  if (defP && def !== undefined) {
    if (maxLength !== undefined && charCount(def) > maxLength) {
      ctx.diags.add('E_DEFAULT', defP.value.span, `the default of ${where} is longer than its max_length ${maxLength}`);
    }
    f.default = def;
  }
  f.fallback = def ?? '';
}

/** The longest value a field accepts: its max_length, and never more than a pattern may be tried on. */
function maxLengthOf(f: FieldIR): number | undefined {
  return f.pattern === undefined ? f.maxLength : Math.min(f.maxLength ?? MAX_PATTERN_INPUT, MAX_PATTERN_INPUT);
}

function checker(f: FieldIR): Checker {
  // A stored pattern the checker would now refuse (compiled before patterns ran on RE2) matches nothing: failing
  // closed is safer than running it on a backtracking engine.
  const compiled = f.pattern === undefined ? undefined : compilePattern(f.pattern);
  const pattern = typeof compiled === 'string' ? null : compiled;
  const maxLength = maxLengthOf(f);
  return (raw, out) => {
    if (typeof raw !== 'string') return report(out, 'INVALID_TYPE', 'INVALID_TEXT');
    // The pattern is never tried on an over-long text: the length is what bounds the work a pattern can cost.
    if (maxLength !== undefined && charCount(raw) > maxLength) {
      return report(out, 'TOO_LONG', 'TOO_LONG', { max: String(maxLength) });
    }
    if (pattern === undefined) return raw;
    return pattern?.testExact(raw) ? raw : report(out, 'PATTERN_MISMATCH', 'PATTERN_MISMATCH');
  };
}

export const text = {
  props: [...COMMON_PROPS, 'max_length', 'pattern'],
  choice: false,
  computed: false,
  valueType: 'string',
  read,
  checker,
  form: (f, r) => ({ validation: rules({ max_length: maxLengthOf(f), pattern: f.pattern }), default: r.advertisedDefault(f) }),
  formShape: {
    validation: z
      .object({
        max_length: z.number().int().optional(),
        pattern: z.string().optional().openapi({ description: 'RE2 syntax; the whole value must match' }),
      })
      .optional(),
    default: z.string().optional(),
  },
  logic: (f) => ({ var: f.id }),
  preview: { control: 'text', rangeHint: false },
} satisfies FieldTypeSpec;
