// Reading the generic `{ key: value }` entries of a block as the properties a declaration accepts, and their
// literal values.
import type { Entry, Expr, PropEntry, Span, Value } from '../syntax/ast';
import { isExpr } from '../syntax/ast';
import type { Literal } from './checked-model';
import type { Ctx } from './context';
import { didYouMean } from './suggest';

export type Props = Map<string, PropEntry>;

const ENTRY_FORMS = {
  item: 'an output item ("name = …")',
  line: 'a price line',
  expect: 'an expectation ("expect …", only in a test)',
} as const;

/**
 * The properties of a block, by name. Unknown and repeated properties are reported; `where` names the
 * block in messages ("a number field"). `otherwise` explains, for a known property not allowed here, why.
 */
export function readProps(
  ctx: Ctx,
  entries: readonly Entry[],
  allowed: readonly string[],
  where: string,
  otherwise?: (name: string) => string | undefined,
): Props {
  const props: Props = new Map();
  for (const entry of entries) {
    if (entry.kind !== 'prop') {
      ctx.diags.add('E_PROPERTY', entry.span, `${ENTRY_FORMS[entry.kind]} is not allowed in ${where}`);
      continue;
    }
    const { key } = entry;
    if (key.kind !== 'name') {
      ctx.diags.add(
        'E_PROPERTY',
        key.span,
        `expected a property name in ${where}, found ${key.kind === 'star' ? '*' : key.text}`,
      );
      continue;
    }
    if (!allowed.includes(key.text)) {
      const why = otherwise?.(key.text);
      ctx.diags.add('E_PROPERTY', key.span, why ?? `unknown property "${key.text}" in ${where}${didYouMean(key.text, allowed)}`);
      continue;
    }
    if (props.has(key.text)) {
      ctx.diags.add('E_DUPLICATE', key.span, `the property "${key.text}" is given twice in ${where}`);
      continue;
    }
    props.set(key.text, entry);
  }
  return props;
}

export function requireProp(ctx: Ctx, props: Props, name: string, at: Span, what: string): PropEntry | undefined {
  const p = props.get(name);
  if (!p) ctx.diags.add('E_PROPERTY', at, `${what} needs a "${name}" property`);
  return p;
}

export function typeName(v: Literal): 'number' | 'string' | 'boolean' {
  return typeof v === 'number' ? 'number' : typeof v === 'string' ? 'string' : 'boolean';
}

/** The literal a value is written as (a negated number counts), or undefined. */
export function literalOf(v: Value): Literal | undefined {
  if (v.kind === 'number' || v.kind === 'string' || v.kind === 'boolean') return v.value;
  if (v.kind === 'neg' && v.operand.kind === 'number') return -v.operand.value;
  return undefined;
}

function describe(v: Value): string {
  const lit = literalOf(v);
  if (lit !== undefined) return `the ${typeName(lit)} ${JSON.stringify(lit)}`;
  if (v.kind === 'block') return 'a { } block';
  if (v.kind === 'list') return 'a list';
  if (v.kind === 'transKey') return 'a translation key';
  return 'an expression';
}

/** A literal of one type; anything else is reported (E_TYPE for another literal, E_VALUE otherwise). */
export function readLiteral<T extends 'number' | 'string' | 'boolean'>(
  ctx: Ctx,
  v: Value,
  type: T,
  what: string,
): (T extends 'number' ? number : T extends 'string' ? string : boolean) | undefined {
  const lit = literalOf(v);
  if (lit !== undefined && typeName(lit) === type) return lit as never;
  ctx.diags.add(lit === undefined ? 'E_VALUE' : 'E_TYPE', v.span, `${what} must be a ${type} literal, found ${describe(v)}`);
  return undefined;
}

export function readInteger(ctx: Ctx, v: Value, what: string, min: number): number | undefined {
  const n = readLiteral(ctx, v, 'number', what);
  if (n === undefined) return undefined;
  if (!Number.isInteger(n) || n < min) {
    ctx.diags.add('E_RANGE', v.span, `${what} must be a whole number of at least ${min}, found ${n}`);
    return undefined;
  }
  return n;
}

/** A word from a fixed set, written as a name or a string: `layout: tabs`, `lookup: next`. */
export function readChoice<T extends string>(ctx: Ctx, v: Value, choices: readonly T[], what: string): T | undefined {
  const word = v.kind === 'name' ? v.name : v.kind === 'string' ? v.value : undefined;
  if (word !== undefined && (choices as readonly string[]).includes(word)) return word as T;
  const found = word === undefined ? describe(v) : `"${word}"`;
  const hint = word === undefined ? '' : didYouMean(word, choices);
  ctx.diags.add('E_VALUE', v.span, `${what} must be one of ${choices.join(', ')}; found ${found}${hint}`);
  return undefined;
}

/** A list of number literals. */
export function readNumbers(ctx: Ctx, v: Value, what: string): number[] | undefined {
  if (v.kind !== 'list') {
    ctx.diags.add('E_TYPE', v.span, `${what} must be a list of numbers like [1, 2, 3], found ${describe(v)}`);
    return undefined;
  }
  const out: number[] = [];
  let ok = true;
  for (const item of v.items) {
    const n = readLiteral(ctx, item, 'number', `each item of ${what}`);
    if (n === undefined) ok = false;
    else out.push(n);
  }
  return ok ? out : undefined;
}

/** An expression (conditions, amounts): blocks, lists and translation keys are not. */
export function readExpr(ctx: Ctx, v: Value, what: string): Expr | undefined {
  if (isExpr(v)) return v;
  ctx.diags.add('E_TYPE', v.span, `${what} must be an expression, found ${describe(v)}`);
  return undefined;
}
