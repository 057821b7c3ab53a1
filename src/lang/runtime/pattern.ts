// Text patterns on RE2 (re2js): linear in the value's length, no backtracking, so a customer's value cannot make a
// pattern take exponential time. Apart from sent-values.ts so that browser bundles need re2js only when they use it.
import { RE2JS, RE2JSException } from 're2js';
import { MAX_PATTERN_LENGTH, MAX_PATTERN_PROGRAM, type PatternMatcher } from './sent-values';

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

/** The server's pattern test: RE2, whole value. A stored pattern RE2 now refuses matches nothing (fails closed). */
export const re2Matcher: PatternMatcher = (pattern) => {
  const compiled = compilePattern(pattern);
  return typeof compiled === 'string' ? null : (value) => compiled.testExact(value);
};
