// The language's binary operators, one registry for every stage (as FUNCTIONS is for functions): each entry gives
// how tightly the operator binds, which types it takes and gives, its closure, its JSON Logic and what decides it
// in an explanation. A new operator is its token in the grammar's `binOp` (grammar/cpq.ohm, the syntax's oracle) and
// an entry here: both parsers read the bindings below, the lexers the tokens, the checker the type rule, the runtime
// the closure, the form's export and the storefronts' evaluators the JSON Logic. test/lang/operators.test.ts runs
// every entry through all of them. Its token also joins the union BinaryOp (binary-op.ts), which the syntax tree and
// the IR name and which this registry must cover exactly.
//
// The prefix operators (`-`, `not`) and `in` keep nodes of their own (their shapes are stored in every product
// version's IR); only their bindings live here, so that the one precedence table is in one place.
import type { BinaryOp } from './binary-op';
import type { Expr, Span, ValueType } from './ir';
import type { Fn } from './runtime/context';
import { Fault, finite } from './runtime/fault';
import { type Operand, read } from './runtime/operand';

/** A value an operator's checker warning can fold: the literals of the language. */
export type Constant = number | string | boolean;
type Logic = unknown;

// Bindings are whole numbers, ten apart, so that a new level fits between two (see `rightBinding`).
/** Comparisons (and `in`) bind at this level, and two of them cannot follow each other (`a < b < c`). */
export const COMPARISON = 40;
/** `not a == b` is `not (a == b)`; `not a and b` is `(not a) and b`. */
export const NOT_BINDING = 30;
/** Unary minus binds tighter than every binary operator. */
export const NEG_BINDING = 70;

export type TypeRule =
  /** Both operands of the type `operands`; the result of `result` (`+` takes numbers and gives a number). */
  | { operands: ValueType; result: ValueType }
  /**
   * Both operands of one type, compared; gives a boolean. A choice field's string literal on either side must be
   * one of its options. `order`: numbers or strings, not booleans.
   */
  | { compares: 'equality' | 'order' };

export interface OperatorSpec {
  /** How tightly it binds, a whole number (higher first): below NEG_BINDING; below NOT_BINDING for `and`/`or`. */
  binding: number;
  /** `a ^ b ^ c` as `a ^ (b ^ c)`; otherwise operators of one binding associate to the left. */
  rightAssociative?: true;
  types: TypeRule;
  /**
   * The closure of `a op b`. Operands are finite (every producer checks), so only a result that can leave the
   * finite numbers is checked. Each operator compiles a closure of its own (see runtime/operand.ts).
   */
  compile(a: Operand, b: Operand, at: Span): Fn;
  /**
   * The JSON Logic of `a op b` from its translated operands, written with standard operations of the same meaning;
   * or 'extra': the extra operation named by the operator's token, `{"op": [a, b]}`, defined by `compile`
   * (src/lang/logic-ops.ts), which the storefronts' evaluators register.
   */
  jsonLogic: ((a: Logic, b: Logic) => Logic) | 'extra';
  /** The value of `a op b` where it is known from literal operands (undefined: not known), for the checker's warnings. */
  fold?: (a: Constant | undefined, b: Constant | undefined) => Constant | undefined;
  /**
   * The value of an operand that decides alone (`false` for `and`): the right operand is then not evaluated, and an
   * explanation names only the deciding operand's values. Without it, both operands are evaluated and named.
   */
  decides?: boolean;
  /** Whether `a op b` may fault by itself for this right operand (a division by a non-literal), for the configurator. */
  faults?: (right: Expr) => boolean;
}

// JSON Logic of the operators that mean what a standard operation means; arithmetic that leaves the finite
// numbers (x / 0, overflow) is an evaluation error on the server, so its result passes the extra `finite`.
const standard = (op: string) => (a: Logic, b: Logic) => ({ [op]: [a, b] });
const checked = (op: string) => (a: Logic, b: Logic) => ({ finite: [{ [op]: [a, b] }] });

/** A comparison folds when both sides are literals of one type. */
const compared =
  (test: (a: Constant, b: Constant) => boolean) =>
  (a: Constant | undefined, b: Constant | undefined): Constant | undefined =>
    a === undefined || b === undefined || typeof a !== typeof b ? undefined : test(a, b);

const NUMBERS = { operands: 'number', result: 'number' } as const;
const BOOLEANS = { operands: 'boolean', result: 'boolean' } as const;
const EQUALITY = { compares: 'equality' } as const;
// Numbers compare numerically and strings (ids, dates as ISO text) by code unit, as the doc specifies.
const ORDER = { compares: 'order' } as const;

export const OPERATORS = {
  and: {
    binding: 20,
    types: BOOLEANS,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }) => {
      return (c) => (read(c, ka, va, sa, fa) as boolean) && (read(c, kb, vb, sb, fb) as boolean);
    },
    jsonLogic: standard('and'),
    fold: (a, b) => (a === false || b === false ? false : a === true && b === true ? true : undefined),
    decides: false,
  },
  or: {
    binding: 10,
    types: BOOLEANS,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }) => {
      return (c) => (read(c, ka, va, sa, fa) as boolean) || (read(c, kb, vb, sb, fb) as boolean);
    },
    jsonLogic: standard('or'),
    fold: (a, b) => (a === true || b === true ? true : a === false && b === false ? false : undefined),
    decides: true,
  },
  '==': {
    binding: COMPARISON,
    types: EQUALITY,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }) => {
      return (c) => read(c, ka, va, sa, fa) === read(c, kb, vb, sb, fb);
    },
    jsonLogic: standard('==='),
    fold: compared((a, b) => a === b),
  },
  '!=': {
    binding: COMPARISON,
    types: EQUALITY,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }) => {
      return (c) => read(c, ka, va, sa, fa) !== read(c, kb, vb, sb, fb);
    },
    jsonLogic: standard('!=='),
    fold: compared((a, b) => a !== b),
  },
  '<': {
    binding: COMPARISON,
    types: ORDER,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }) => {
      return (c) => read(c, ka, va, sa, fa) < read(c, kb, vb, sb, fb);
    },
    jsonLogic: standard('<'),
    fold: compared((a, b) => a < b),
  },
  '<=': {
    binding: COMPARISON,
    types: ORDER,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }) => {
      return (c) => read(c, ka, va, sa, fa) <= read(c, kb, vb, sb, fb);
    },
    jsonLogic: standard('<='),
    fold: compared((a, b) => a <= b),
  },
  '>': {
    binding: COMPARISON,
    types: ORDER,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }) => {
      return (c) => read(c, ka, va, sa, fa) > read(c, kb, vb, sb, fb);
    },
    jsonLogic: standard('>'),
    fold: compared((a, b) => a > b),
  },
  '>=': {
    binding: COMPARISON,
    types: ORDER,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }) => {
      return (c) => read(c, ka, va, sa, fa) >= read(c, kb, vb, sb, fb);
    },
    jsonLogic: standard('>='),
    fold: compared((a, b) => a >= b),
  },
  '+': {
    binding: 50,
    types: NUMBERS,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }, at) => {
      return (c) => finite((read(c, ka, va, sa, fa) as number) + (read(c, kb, vb, sb, fb) as number), at);
    },
    jsonLogic: checked('+'),
  },
  '-': {
    binding: 50,
    types: NUMBERS,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }, at) => {
      return (c) => finite((read(c, ka, va, sa, fa) as number) - (read(c, kb, vb, sb, fb) as number), at);
    },
    jsonLogic: checked('-'),
  },
  '*': {
    binding: 60,
    types: NUMBERS,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }, at) => {
      return (c) => finite((read(c, ka, va, sa, fa) as number) * (read(c, kb, vb, sb, fb) as number), at);
    },
    jsonLogic: checked('*'),
  },
  '/': {
    binding: 60,
    types: NUMBERS,
    compile: ({ kind: ka, v: va, s: sa, f: fa }, { kind: kb, v: vb, s: sb, f: fb }, at) => {
      return (c) => {
        const x = read(c, ka, va, sa, fa) as number;
        const y = read(c, kb, vb, sb, fb) as number;
        if (y === 0) throw new Fault('R_DIV_ZERO', at);
        return finite(x / y, at);
      };
    },
    jsonLogic: checked('/'),
    faults: (right) => !(right.k === 'num' && right.v !== 0),
  },
} satisfies Record<BinaryOp, OperatorSpec>;

export type { BinaryOp };

export const OPERATOR_TOKENS = Object.keys(OPERATORS) as BinaryOp[];

const isWordToken = (token: string) => /^[a-z]/.test(token);

/** Operators written as words (`and`): keywords, never names. */
export const WORD_OPERATORS: readonly BinaryOp[] = OPERATOR_TOKENS.filter(isWordToken);

/** Operators written with symbols, longest first, so that a lexer reading the first that matches reads `<=`, not `<`. */
export const SYMBOL_OPERATORS: readonly BinaryOp[] = OPERATOR_TOKENS.filter((t) => !isWordToken(t)).sort(
  (a, b) => b.length - a.length,
);

/** The spec of an operator of a checked syntax tree or IR (its token is one of the registry's). */
export function operator(op: BinaryOp): OperatorSpec {
  return OPERATORS[op];
}

/**
 * The binding the right operand of `op` is read with: its own (an operator of that binding then ends the operand:
 * left-associative), or one less (one of that binding continues it: right-associative; no level lies between).
 */
export function rightBinding(op: BinaryOp): number {
  const spec = operator(op);
  return spec.rightAssociative ? spec.binding - 1 : spec.binding;
}

/** The symbol operator whose token starts at `i` in `src`, longest first; undefined where none does. */
export function symbolOperatorAt(src: string, i: number, end: number): BinaryOp | undefined {
  for (const token of SYMBOL_OPERATORS) if (token.length <= end - i && src.startsWith(token, i)) return token;
  return undefined;
}
