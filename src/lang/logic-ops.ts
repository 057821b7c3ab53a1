// The extra JSON Logic operations the form document's conditions use (docs/api.md, "Conditions as JSON Logic"),
// defined once for the server's tests, the backoffice preview and the storefront component: plain TypeScript,
// no platform APIs. Each operation runs the server's own code (the function and operator registries, the table
// lookups, the sent-value checks), so a storefront computes exactly what the server computes. An operation the
// server would refuse (division by zero, a value past a table's last band, …) throws, as the server's evaluation
// does.

import { FUNCTION_NAMES, FUNCTIONS, overloadFor } from './functions';
import type { TableCell } from './ir';
import { OPERATOR_TOKENS, operator } from './operators';
import type { Ctx } from './runtime/context';
import { Fault, type Val } from './runtime/fault';
import { type Checker, isAbsent, isValidQuantity } from './runtime/fields';
import { literalOperand } from './runtime/operand';
import {
  booleanChecker,
  type CheckedField,
  choiceChecker,
  dateChecker,
  numberChecker,
  type PatternMatcher,
  selectionChecker,
  textChecker,
} from './runtime/sent-values';
import { mapAt, matrixAt, rangeAt } from './runtime/tables';

export type Logic = unknown;
/** A JSON Logic evaluator's apply (json-logic-js: `jsonLogic.apply`). */
export type Apply = (logic: Logic, data: unknown) => unknown;
/** An operation as json-logic-js calls it: the evaluated arguments, and the data as `this`. */
export type Operation = (this: unknown, ...args: unknown[]) => unknown;

const NOWHERE = { line: 0, column: 0 };

export interface LogicOptions {
  /**
   * How text patterns are tested. The server's is RE2 (`re2Matcher`, src/lang/runtime/pattern.ts, which needs
   * re2js); without one, a `sent` of a text field that has a pattern throws (its conditions then count as the
   * server's failed conditions do), which a bundle that never shows such a field may accept to stay small.
   */
  pattern?: PatternMatcher;
}

const noPatterns: PatternMatcher = () => {
  throw new Error('sent: text patterns need LogicOptions.pattern');
};

/** The kinds of sent value `sent` checks, with the arguments after the kind (null: not given). */
function checksFor(pattern: PatternMatcher): Record<string, (args: unknown[]) => Checker> {
  return {
    number: ([min, max, step]) => numberChecker(given({ min, max, step }) as CheckedField),
    text: ([maxLength, source]) => textChecker(given({ maxLength, pattern: source }) as CheckedField, pattern),
    date: ([min, max]) => dateChecker(given({ min, max }) as CheckedField),
    choice: ([ids]) => choiceChecker({ options: optionsOf(ids) }),
    list: ([ids, min, max]) => selectionChecker(given({ options: optionsOf(ids), min, max }) as CheckedField),
    boolean: () => booleanChecker(),
  };
}

function optionsOf(ids: unknown): CheckedField['options'] {
  return (ids as string[]).map((id) => ({ id, label: {}, attrs: {} }));
}

function given(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (v !== null && v !== undefined) out[k] = v;
  return out;
}

const MAX_CHECKS = 1000;

/** Checks built by their arguments and kept: a pattern or a step grid is compiled once, not per evaluation. */
function checkCache(pattern: PatternMatcher): (kind: unknown, args: unknown[]) => Checker {
  const makers = checksFor(pattern);
  const checks = new Map<string, Checker>();
  return (kind, args) => {
    const key = JSON.stringify([kind, args]);
    let check = checks.get(key);
    if (check === undefined) {
      const make = typeof kind === 'string' && Object.hasOwn(makers, kind) ? makers[kind] : undefined;
      if (make === undefined) throw new Error(`sent: unknown kind ${String(kind)}`);
      check = make(args);
      if (checks.size >= MAX_CHECKS) checks.clear();
      checks.set(key, check);
    }
    return check;
  };
}

/** A map table's key or value: never a list. */
type TableValue = number | string | boolean;

function num(v: unknown): number {
  return v as number;
}

/** The operations that need no form: the language's functions and the value checks and lookups. */
function standaloneOperations(options: LogicOptions): Record<string, Operation> {
  const checkFor = checkCache(options.pattern ?? noPatterns);
  const ops: Record<string, Operation> = {
    /** sent(raw, fallback, kind, …): the sent value as the server takes it, or fallback if absent or refused. */
    sent(raw, fallback, kind, ...args) {
      if (isAbsent(raw)) return fallback;
      const v = checkFor(kind, args)(raw, null);
      return v === undefined ? fallback : v;
    },
    /** quantity(raw, min, max, step, default): the quantity as the server takes it. */
    quantity(raw, min, max, step, fallback) {
      return isValidQuantity(raw, { min: num(min), max: num(max), step: num(step) }) ? raw : fallback;
    },
    /** finite(x): x, unless arithmetic left the finite numbers (the server's R_NOT_FINITE / R_DIV_ZERO). */
    finite(x) {
      if (typeof x !== 'number' || !Number.isFinite(x)) throw new Fault('R_NOT_FINITE', NOWHERE);
      return x;
    },
    range(x, bands, values, lookup) {
      const t = { kind: 'range', lookup, bands, values } as Parameters<typeof rangeAt>[1];
      return rangeAt('', t, num(x), NOWHERE);
    },
    matrix(row, col, rows, columns, values, lookup) {
      const t = { kind: 'matrix', lookup, rows, columns, values } as Parameters<typeof matrixAt>[1];
      return matrixAt('', t, num(row), num(col), NOWHERE);
    },
    /**
     * rows([value, …], [[cell, …], …]): a compatibility table inlined, true when some row's cells all match the
     * values: a cell equal to its value, a list of option ids holding it, or null (the wildcard) matching any. The
     * server tests the same rows through an index.
     */
    rows(values, rows) {
      const v = values as Val[];
      const fits = (cell: TableCell, x: Val) =>
        cell === null || (typeof cell === 'string' ? x === cell : typeof x === 'string' && cell.includes(x));
      return (rows as TableCell[][]).some((row) => row.every((cell, i) => fits(cell, v[i]!)));
    },
    /** lookup(key, [[key, value], …], fallback?): a map table; without a fallback an unknown key throws. */
    lookup(...args) {
      const [key, pairs] = args as [Val, [string, TableValue][]];
      const t = { kind: 'map', entries: Object.fromEntries(pairs) } as Parameters<typeof mapAt>[1];
      if (args.length > 2) t.fallback = args[2] as TableValue;
      return mapAt('', t, key, NOWHERE);
    },
  };
  for (const name of FUNCTION_NAMES) {
    const spec = FUNCTIONS[name];
    if (spec.jsonLogic !== 'extra') continue;
    ops[name] = (...args) => {
      const overload = overloadFor(spec, args.length);
      if (overload === undefined) throw new Error(`${name}: no overload takes ${args.length} argument(s)`);
      const fn = overload.compile(
        args.map((a) => () => a as Val),
        NOWHERE,
      );
      return fn(undefined as unknown as Ctx);
    };
  }
  for (const token of OPERATOR_TOKENS) {
    const spec = operator(token);
    if (spec.jsonLogic !== 'extra') continue;
    ops[token] = (a, b) => spec.compile(literalOperand(a as Val), literalOperand(b as Val), NOWHERE)(undefined as unknown as Ctx);
  }
  return ops;
}

/** The names of every extra operation, for the docs test. */
export const EXTRA_OPERATIONS: readonly string[] = [...Object.keys(standaloneOperations({})), 'value', 'value_with'];

type Memo = Map<string, { v: unknown } | { fault: unknown } | 'busy'>;

/**
 * Every extra operation, for the form whose `logic_values` are given: `value` reads them. `apply` is the evaluator
 * the values are evaluated with (json-logic-js: `jsonLogic.apply`). Values are memoized per data object: evaluate a
 * configuration with a fresh data object (as `formStates` does), not one changed since the last evaluation.
 */
export function logicOperations(
  values: Readonly<Record<string, Logic>>,
  apply: Apply,
  options: LogicOptions = {},
): Record<string, Operation> {
  const memos = new WeakMap<object, Memo>();
  const ops = standaloneOperations(options);
  ops.value = function (this: unknown, name) {
    const key = String(name);
    if (!Object.hasOwn(values, key)) throw new Error(`value: no value named ${key}`);
    let memo = typeof this === 'object' && this !== null ? memos.get(this) : undefined;
    if (memo === undefined && typeof this === 'object' && this !== null) {
      memo = new Map();
      memos.set(this, memo);
    }
    const known = memo?.get(key);
    if (known === 'busy') throw new Fault('R_CYCLE', NOWHERE, { name: key });
    if (known !== undefined) {
      if ('fault' in known) throw known.fault;
      return known.v;
    }
    memo?.set(key, 'busy');
    try {
      const v = apply(values[key], this);
      memo?.set(key, { v });
      return v;
    } catch (fault) {
      memo?.set(key, { fault });
      throw fault;
    }
  };
  /** value_with(name, field, v): the value `name` with the field sent as v (options' available_when, issue 12). */
  ops.value_with = function (this: unknown, name, field, v) {
    const data = typeof this === 'object' && this !== null ? this : {};
    const changed = { ...data, [String(field)]: v };
    return ops.value!.call(changed, name);
  };
  return ops;
}

/** A condition as the form document carries it. */
interface FormCondition {
  json_logic: Logic;
}

/** The parts of a form document that field and group states are computed from. */
export interface FormForStates {
  logic_values: Readonly<Record<string, Logic>>;
  groups: readonly {
    id: string;
    visible_when?: FormCondition;
    enabled_when?: FormCondition;
    fields: readonly {
      id: string;
      required: boolean;
      /** Computed fields carry their value's logic and are never visible. */
      value?: FormCondition;
      visible_when?: FormCondition;
      enabled_when?: FormCondition;
      required_when?: FormCondition;
    }[];
  }[];
}

export interface States {
  groups: { id: string; visible: boolean; enabled: boolean }[];
  fields: { id: string; visible: boolean; enabled: boolean; required: boolean }[];
}

/**
 * The field and group states of a configuration, as the server computes them, from the form document alone:
 * a group is visible (enabled) unless its condition is false; a field is visible (enabled) unless its group's
 * condition and its own, evaluated together (`and`), are false; a condition that throws holds, so the field is
 * shown rather than hidden. A field is required when `required` is true or its required_when is true (one that
 * throws does not require it). Computed fields (those with a `value`) are never visible.
 */
export function formStates(
  form: FormForStates,
  configuration: Readonly<Record<string, unknown>>,
  quantity: unknown,
  evaluator: { apply: Apply; add_operation(name: string, op: Operation): void },
  options: LogicOptions = {},
): States {
  for (const [name, op] of Object.entries(logicOperations(form.logic_values, evaluator.apply, options))) {
    evaluator.add_operation(name, op);
  }
  const data = { ...configuration, quantity };
  const run = (logic: Logic, onFault: unknown): unknown => {
    try {
      return evaluator.apply(logic, data);
    } catch {
      return onFault;
    }
  };
  const both = (a: FormCondition | undefined, b: FormCondition | undefined): boolean => {
    if (a === undefined && b === undefined) return true;
    const logic = a === undefined ? b?.json_logic : b === undefined ? a.json_logic : { and: [a.json_logic, b.json_logic] };
    return run(logic, true) !== false;
  };
  const states: States = { groups: [], fields: [] };
  for (const g of form.groups) {
    states.groups.push({ id: g.id, visible: both(g.visible_when, undefined), enabled: both(g.enabled_when, undefined) });
    for (const f of g.fields) {
      if (f.value !== undefined) {
        states.fields.push({ id: f.id, visible: false, enabled: true, required: false });
        continue;
      }
      const required = f.required || (f.required_when !== undefined && run(f.required_when.json_logic, false) === true);
      const visible = both(g.visible_when, f.visible_when);
      const enabled = both(g.enabled_when, f.enabled_when);
      states.fields.push({ id: f.id, visible, enabled, required });
    }
  }
  return states;
}
