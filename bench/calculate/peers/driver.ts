// A product evaluated with a peer expression engine: every condition, let, price line, output item and rule is an
// expression compiled once by the engine; this driver computes them in dependency order into one scope object per
// evaluation, as an application built on jexl, mathjs or CEL would. Validation, money and message formatting are
// shared with the hand-written implementations, so what differs between peers is expression evaluation.

import type { Expr, FieldIR, ProductIR, TableIR, ValueType } from '../../../src/lang/ir';
import { availabilityExpr } from '../../../src/lang/ir-checks';
import { priceValue } from '../../../src/lang/runtime/compiled-model';
import { emptyLike, inactiveValue } from '../../../src/lang/runtime/fields';
import { resolveText } from '../../../src/lang/runtime/language';
import { catalogFor, format } from '../../../src/lang/runtime/messages';
import { snapSelf } from '../../../src/lang/runtime/numeric';
import {
  absent,
  booleanValue,
  choiceValue,
  dateValue,
  listValue,
  numberValue,
  quantityValue,
  requireValue,
  textValue,
  unknownFields,
} from '../inputs';
import { matrixInterpolate, matrixNext, rangeInterpolate, rangeNext } from '../lookup';
import { Bill, type FieldOut, type Issue, type Outcome, ruleIssue, show, type Val } from '../outcome';
import { BUILTINS } from './functions';
import { attributesRead, attrVar, evaluationOrder, expressions, typer, type Vars, walk } from './plan';
import { type Dialect, printer } from './print';

/** The variables of one evaluation: an object, or a Map for engines that read those faster. */
export type Scope = Record<string, unknown> | Map<string, unknown>;
export type Compiled = (scope: Scope) => unknown;

function put(scope: Scope, name: string, value: unknown): void {
  if (scope instanceof Map) scope.set(name, value);
  else scope[name] = value;
}

const get = (scope: Scope, name: string): unknown => (scope instanceof Map ? scope.get(name) : scope[name]);

export interface ProductSetup {
  vars: Vars;
  /** Range and matrix tables, called like functions. */
  tables: Map<string, { arity: number; fn: (...args: number[]) => number }>;
  /** Map tables, indexed like objects. */
  maps: Map<string, { entries: Record<string, Val>; type: ValueType }>;
}

export interface Engine {
  dialect: Dialect;
  /** Registers a product's functions and tables; returns its expression compiler and a new scope (with the constants). */
  forProduct(setup: ProductSetup): { compile: (source: string) => Compiled; scope: () => Scope };
}

function tableFn(t: Exclude<TableIR, { kind: 'map' }>): (...args: number[]) => number {
  if (t.kind === 'range') {
    const { bands, values } = t;
    return t.lookup === 'next' ? (x) => rangeNext(bands, values, x) : (x) => rangeInterpolate(bands, values, x);
  }
  const { rows, columns, values } = t;
  return t.lookup === 'next'
    ? (r, c) => matrixNext(rows, columns, values, r as number, c as number)
    : (r, c) => matrixInterpolate(rows, columns, values, r as number, c as number);
}

/**
 * Map tables as plain objects. A `*` fallback is spelled out for every option of the choice field indexing the
 * table (the only keys the checker lets through), since the engines have no "default" for a missing property.
 */
function mapTables(ir: ProductIR): ProductSetup['maps'] {
  const maps: ProductSetup['maps'] = new Map();
  const fields = new Map(ir.fields.map((f) => [f.id, f]));
  for (const [name, t] of Object.entries(ir.tables)) {
    if (t.kind !== 'map') continue;
    const entries: Record<string, Val> = { ...t.entries };
    const first = Object.values(entries)[0] ?? t.fallback;
    maps.set(name, { entries, type: typeof first === 'number' ? 'number' : typeof first === 'string' ? 'string' : 'boolean' });
  }
  for (const e of expressions(ir)) {
    walk(e, (x) => {
      const t = x.k === 'index' ? ir.tables[x.table] : undefined;
      if (x.k !== 'index' || t?.kind !== 'map' || t.fallback === undefined) return;
      const options = x.key.k === 'ref' ? fields.get(x.key.name)?.options : undefined;
      if (options === undefined)
        throw new Error(`map table ${x.table} with a fallback is indexed by something other than a choice field`);
      const entries = maps.get(x.table)?.entries as Record<string, Val>;
      for (const o of options) if (!Object.hasOwn(entries, o.id)) entries[o.id] = t.fallback;
    });
  }
  return maps;
}

type Reader = (raw: unknown, errors: Issue[]) => Val;

function reader(f: FieldIR): Reader {
  const { id, fallback } = f;
  switch (f.type) {
    case 'number':
    case 'slider':
    case 'quantity': {
      const min = typeof f.min === 'number' ? f.min : -Infinity;
      const max = typeof f.max === 'number' ? f.max : Infinity;
      return (raw, errors) => numberValue(raw, min, max, f.step ?? 0, fallback as number, id, errors);
    }
    case 'dropdown':
    case 'radio':
    case 'swatch': {
      const ids = (f.options ?? []).map((o) => o.id);
      return (raw, errors) => choiceValue(raw, ids, fallback as string, id, errors);
    }
    case 'multiselect': {
      const ids = (f.options ?? []).map((o) => o.id);
      const bounds = { min: typeof f.min === 'number' ? f.min : 0, max: typeof f.max === 'number' ? f.max : ids.length };
      return (raw, errors) => listValue(raw, ids, bounds, fallback as readonly string[], id, errors);
    }
    case 'checkbox':
      return (raw, errors) => booleanValue(raw, fallback as boolean, id, errors);
    case 'text': {
      const pattern = new RegExp(f.pattern === undefined ? '' : `^(?:${f.pattern})$`);
      return (raw, errors) => textValue(raw, f.maxLength ?? Infinity, pattern, fallback as string, id, errors);
    }
    case 'date':
      return (raw, errors) =>
        dateValue(raw, typeof f.min === 'string' ? f.min : '', typeof f.max === 'string' ? f.max : '\uffff', id, errors);
    // Hidden fields are computed, not read; a type the peers were not written for is not in the benchmark's models.
    default:
      throw new Error(`the peer driver reads no ${f.type} field (${id})`);
  }
}

/** `{name}` parts of a rule message; `{{` and `}}` are literal braces. */
function template(text: string, vars: Vars): (string | { name: string })[] {
  const parts: (string | { name: string })[] = [];
  let literal = '';
  for (const m of text.matchAll(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}|[^{}]+|[{}]/g)) {
    const name = m[1];
    if (name !== undefined && vars.has(name)) {
      parts.push(literal, { name });
      literal = '';
    } else literal += m[0] === '{{' ? '{' : m[0] === '}}' ? '}' : m[0];
  }
  parts.push(literal);
  return parts.filter((p) => p !== '');
}

export function peerModel(ir: ProductIR, engine: Engine): (configuration: Record<string, unknown>, quantity: number) => Outcome {
  const { vars, typeOf } = typer(ir);
  const tables: ProductSetup['tables'] = new Map();
  for (const [name, t] of Object.entries(ir.tables))
    if (t.kind !== 'map') tables.set(name, { arity: t.kind === 'range' ? 1 : 2, fn: tableFn(t) });
  for (const name of Object.keys(BUILTINS))
    if (vars.has(name) || tables.has(name)) throw new Error(`${name} is both a value and a function`);
  const { compile, scope: newScope } = engine.forProduct({ vars, tables, maps: mapTables(ir) });
  const print = printer(engine.dialect, typeOf);
  const c = (e: Expr): Compiled => compile(print(e));
  const opt = (e: Expr | undefined): Compiled | undefined => (e === undefined ? undefined : c(e));
  const text = (t: Record<string, string>) => resolveText(t, 'en', ir.language);

  const order = evaluationOrder(ir);
  const attrs = attributesRead(ir);
  const groups = ir.groups.map((g) => ({ visible: opt(g.visibleWhen?.expr), enabled: opt(g.enabledWhen?.expr) }));
  const groupIndex = new Map(ir.groups.map((g, i) => [g.id, i]));
  const fields = ir.fields.map((f) => ({
    id: f.id,
    group: groupIndex.get(f.group) ?? -1,
    visible: opt(f.visibleWhen?.expr),
    enabled: opt(f.enabledWhen?.expr),
    requiredWhen: opt(f.requiredWhen?.expr),
    required: f.required,
    mayBeMissing: f.default === undefined,
    label: f.label === undefined ? f.id : text(f.label),
    fallback: f.fallback,
    inactive: inactiveValue(f),
    value: opt(f.value),
    read: f.type === 'hidden' ? undefined : reader(f),
    attrs: [...(attrs.get(f.id) ?? [])].map((a) => ({
      name: attrVar(f.id, a),
      byOption: new Map((f.options ?? []).map((o) => [o.id, o.attrs[a]])),
      // A hidden field has no option: its attributes read as their type's empty value.
      empty: emptyLike(f.options?.[0]?.attrs[a] ?? 0),
    })),
  }));
  const lets = new Map(Object.entries(ir.lets).map(([name, e]) => [name, c(e)]));
  const lines = ir.price.lines.map((l) => ({
    id: l.id,
    perOrder: l.perOrder === true,
    kind: l.kind,
    label: text(l.label),
    amount: c(l.amount),
    when: opt(l.when),
  }));
  const tiers = [...ir.price.quantityDiscount].sort((a, b) => b.min - a.min);
  const priceAttrs = [...(attrs.get('price') ?? [])];
  const outputs = ir.outputs.map((o) => ({
    id: o.id,
    // Text items are served apart from the numbers (result.texts), as the runtime does; the outcome compares numbers.
    items: o.items
      .filter((it) => !it.text)
      .map((it) => ({ id: it.id, value: c(it.value), when: opt(it.when), readsPrice: readsPrice(it.value, it.when) })),
  }));
  const rules = ir.rules.map((r) => ({
    id: r.id,
    error: r.severity === 'error',
    field: r.field,
    when: c(r.when),
    message: template(text(r.message), vars),
  }));
  // Constraints, then options' available_when (as the runtime orders them), each the condition a configuration
  // meets (src/lang/ir-checks.ts builds an available_when's from the IR); their messages as the runtime's.
  const constraints = [
    ...ir.constraints.map((k) => ({ id: k.id, field: undefined, holds: c(k.holds), message: template(text(k.message), vars) })),
    ...ir.fields.flatMap((f) =>
      (f.options ?? []).flatMap((o) =>
        o.availableWhen === undefined
          ? []
          : [
              {
                id: `${f.id}.${o.id}`,
                field: f.id,
                holds: c(availabilityExpr(f, { ...o, availableWhen: o.availableWhen })),
                message: [
                  format(catalogFor('en'), 'OPTION_UNAVAILABLE', {
                    label: f.label === undefined ? f.id : text(f.label),
                    option: text(o.label),
                  }),
                ],
              },
            ],
      ),
    ),
  ];
  const fieldIds = new Set(ir.fields.map((f) => f.id));
  const groupsVisible: boolean[] = new Array<boolean>(groups.length).fill(true);
  const groupsEnabled: boolean[] = new Array<boolean>(groups.length).fill(true);

  return (configuration, quantityIn) => {
    const errors: Issue[] = [];
    const warnings: Issue[] = [];
    const quantity = quantityValue(quantityIn, ir.quantity, errors);
    unknownFields(configuration, fieldIds, errors);
    const scope = newScope();
    put(scope, 'quantity', quantity);
    const states: FieldOut[] = new Array<FieldOut>(fields.length);
    for (const step of order) {
      if (step.kind === 'let') {
        put(scope, step.name, (lets.get(step.name) as Compiled)(scope));
      } else if (step.kind === 'group') {
        const g = groups[step.index] as (typeof groups)[number];
        groupsVisible[step.index] = g.visible === undefined || g.visible(scope) !== false;
        groupsEnabled[step.index] = g.enabled === undefined || g.enabled(scope) !== false;
      } else {
        const f = fields[step.index] as (typeof fields)[number];
        let value: Val;
        if (f.read === undefined) {
          value = (f.value as Compiled)(scope) as Val;
          states[step.index] = { id: f.id, visible: false, enabled: true, value };
        } else {
          const visible =
            (f.group < 0 || groupsVisible[f.group] === true) && (f.visible === undefined || f.visible(scope) !== false);
          const enabled =
            (f.group < 0 || groupsEnabled[f.group] === true) && (f.enabled === undefined || f.enabled(scope) !== false);
          const raw = Object.hasOwn(configuration, f.id) ? configuration[f.id] : undefined;
          // Not visible: the field's when_hidden, or its type's empty value (docs/schema-language.md, "Effective values").
          value = !visible ? f.inactive : enabled ? f.read(raw, errors) : f.fallback;
          if (visible && enabled && f.mayBeMissing && absent(raw) && (f.required || f.requiredWhen?.(scope) === true)) {
            requireValue(raw, f.id, f.label, errors);
          }
          states[step.index] = { id: f.id, visible, enabled, value };
        }
        put(scope, f.id, value);
        for (const a of f.attrs) put(scope, a.name, a.byOption.get(value as string) ?? a.empty);
      }
    }
    for (const r of rules) {
      if (r.when(scope) !== true) continue;
      const message = r.message.map((p) => (typeof p === 'string' ? p : show(get(scope, p.name) as Val))).join('');
      (r.error ? errors : warnings).push(ruleIssue(r.id, message, r.field));
    }
    for (const k of constraints) {
      if (k.holds(scope) !== false) continue;
      const message = k.message.map((p) => (typeof p === 'string' ? p : show(get(scope, p.name) as Val))).join('');
      errors.push(
        k.field === undefined
          ? { code: 'CONSTRAINT', message, rule: k.id }
          : { code: 'CONSTRAINT', message, field: k.field, rule: k.id },
      );
    }
    let price = null;
    if (errors.length === 0) {
      const bill = new Bill(ir.minorUnits);
      for (const l of lines)
        if (l.when === undefined || l.when(scope) === true)
          bill.add(l.id, l.kind, l.label, l.amount(scope) as number, l.perOrder);
      price = bill.close(ir.currency, quantity, tiers, errors);
    }
    // Output items may read the price (`price.total`, `price.<line>`): variables `price__<attr>`.
    if (price) for (const a of priceAttrs) put(scope, attrVar('price', a), priceValue(price, a));
    const out: Record<string, Record<string, number>> = {};
    for (const o of outputs) {
      const items: Record<string, number> = {};
      // As the runtime does, output items drop binary float noise (4.800000000000001 → 4.8).
      for (const it of o.items) {
        if (price === null && it.readsPrice) continue;
        if (it.when === undefined || it.when(scope) === true) items[it.id] = snapSelf(it.value(scope) as number);
      }
      out[o.id] = items;
    }
    return { fields: states, price, outputs: out, errors, warnings };
  };
}

/** Whether an output item reads the price, and so is left out when there is none. */
function readsPrice(...es: (Expr | undefined)[]): boolean {
  let found = false;
  for (const e of es)
    walk(e, (x) => {
      if (x.k === 'attr' && x.field === 'price') found = true;
    });
  return found;
}
