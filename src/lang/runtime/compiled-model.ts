// instantiate(): resolves every name to a memo slot and compiles every expression to a closure, once.

import { fieldType } from '../fields/registry';
import type { Condition, Expr, FieldIR, LineIR, ProductIR, RuleIR, Span, TableIR, Text } from '../ir';
import { availabilityExpr } from '../ir-checks';
import { childrenOf } from './children';
import { compileExpr, type Scope } from './closures';
import { type Fn, type SlotTable, slotReader } from './context';
import { exprCost } from './cost';
import type { Val } from './fault';
import { type Checker, emptyLike, inactiveValue, isAbsent } from './fields';
import { minorScale, sortTiers, type Tier } from './money';
import type { Price } from './types';

export interface CompiledField {
  readonly ir: FieldIR;
  readonly value: Fn;
  /** Own condition and the group's, combined; undefined when always true (skipping a call per field). */
  readonly visible: Fn | undefined;
  readonly enabled: Fn | undefined;
  /** Memoized like the other conditions, so that a fault it raises is reported once. */
  readonly requiredWhen: Fn | undefined;
  /** undefined for computed fields (hidden), whose sent values are ignored. */
  readonly check: Checker | undefined;
}

export interface CompiledConstraint {
  /** The rule name reported: the constraint's id, or `<field>.<option>` for an option's available_when. */
  readonly id: string;
  readonly expr: Expr;
  readonly holds: Fn;
  readonly at: Span;
  /** undefined: an option's available_when, reported with the catalog's OPTION_UNAVAILABLE message. */
  readonly message: Text | undefined;
  /** An option's available_when: the field's index and the option. */
  readonly option?: { readonly field: number; readonly id: string };
}

export interface CompiledModel {
  readonly ir: ProductIR;
  readonly slots: SlotTable;
  readonly fields: CompiledField[];
  readonly fieldIndex: ReadonlyMap<string, number>;
  /** The fields' ids in order, as interned strings: a key of a sent configuration is then the same string. */
  readonly fieldKeys: readonly string[];
  /** Conditions undefined when always true. */
  readonly groups: { id: string; visible: Fn | undefined; enabled: Fn | undefined }[];
  readonly lines: { ir: LineIR; amount: Fn; when: Fn | undefined }[];
  readonly minorScale: number;
  readonly tiers: Tier[];
  /** `readsPrice`: the item reads `price.…`, so it is left out when there is no price. */
  readonly outputs: { id: string; items: { id: string; value: Fn; when: Fn | undefined; readsPrice: boolean }[] }[];
  /** The output groups' ids, in order, and how many items they have in all. */
  readonly outputIds: readonly string[];
  readonly outputItems: number;
  readonly rules: { ir: RuleIR; when: Fn }[];
  /** Declared constraints, then every option's available_when, each as the condition a configuration meets. */
  readonly constraints: CompiledConstraint[];
  /** Compiles another expression of this IR (its sub-expressions, for explanations) against the same slots. */
  readonly compile: (e: Expr) => Fn;
  /** Some output item is a text: evaluations then collect `texts`. */
  readonly hasTexts: boolean;
  /** A value by name for message interpolation; undefined when no such value exists. */
  readonly lookup: (name: string) => Fn | undefined;
}

export function compileModel(ir: ProductIR): CompiledModel {
  const fns: Fn[] = [];
  const names: string[] = [];
  const costs: number[] = [];
  const alloc = (name: string, cost = 1): number => {
    names.push(name);
    costs.push(cost);
    // Placeholder: every slot gets its closure below, before any evaluation.
    return fns.push(() => 0) - 1;
  };

  const fieldIndex = new Map<string, number>();
  ir.fields.forEach((f, i) => {
    fieldIndex.set(f.id, i);
    alloc(f.id);
  });
  const letIndex = new Map<string, number>();
  const lets = Object.entries(ir.lets);
  for (const [name] of lets) letIndex.set(name, alloc(name));

  const attrSlots = new Map<string, number>();
  const slot = (name: string): number | undefined => fieldIndex.get(name) ?? letIndex.get(name);
  const lookup = (name: string): Fn | undefined => {
    if (name === 'quantity') return (c) => c.quantity;
    const s = slot(name);
    return s === undefined ? undefined : slotReader(s);
  };
  const scope: Scope = {
    slot,
    ref(name) {
      const fn = lookup(name);
      if (fn === undefined) throw new Error(`invalid IR: unknown name ${name}`);
      return fn;
    },
    attrSlot(field, attr) {
      // One memo slot per field.attribute pair: read often (sashes.count), looked up once per evaluation.
      const key = `${field}.${attr}`;
      const known = attrSlots.get(key);
      if (known !== undefined) return known;
      if (field === 'price') {
        // `price` is a keyword, never a field: output items read the price. They run only once it exists.
        const s = alloc(key);
        fns[s] = (c) => priceValue(c.price!, attr);
        attrSlots.set(key, s);
        return s;
      }
      const i = fieldIndex.get(field);
      const options = i === undefined ? undefined : ir.fields[i]?.options;
      if (i === undefined || options === undefined) throw new Error(`invalid IR: ${field} has no options`);
      const byOption = new Map<string, Val>();
      for (const o of options) {
        if (!Object.hasOwn(o.attrs, attr)) throw new Error(`invalid IR: option ${o.id} has no ${attr}`);
        byOption.set(o.id, o.attrs[attr] as Val);
      }
      const read = slotReader(i);
      const s = alloc(key);
      // The field's value is one of its options (sent values are validated, the fallback is an option), or no
      // option while it is not visible: then the attribute reads as its type's empty value.
      const empty = emptyLike(options[0]?.attrs[attr] ?? 0);
      fns[s] = (c) => byOption.get(read(c) as string) ?? empty;
      attrSlots.set(key, s);
      return s;
    },
    table(name): TableIR {
      if (!Object.hasOwn(ir.tables, name)) throw new Error(`invalid IR: unknown table ${name}`);
      return ir.tables[name] as TableIR;
    },
  };
  const compile = (e: Expr): Fn => compileExpr(e, scope);
  const optional = (e: Expr | undefined): Fn | undefined => (e === undefined ? undefined : compile(e));
  const condition = (cond: Condition | undefined): Fn | undefined => optional(cond?.expr);
  /** A memoized condition: it is read by the field's value closure and again for the field's state. */
  const memo = (name: string, fn: Fn | undefined, cost: number): Fn | undefined => {
    if (fn === undefined) return undefined;
    const s = alloc(name, cost);
    fns[s] = fn;
    return slotReader(s);
  };

  const groupStates = new Map<string, { visible: Fn | undefined; enabled: Fn | undefined }>();
  const groups = ir.groups.map((g) => {
    const state = {
      id: g.id,
      visible: memo(`${g.id} visible_when`, condition(g.visibleWhen), conditionCost(g.visibleWhen)),
      enabled: memo(`${g.id} enabled_when`, condition(g.enabledWhen), conditionCost(g.enabledWhen)),
    };
    groupStates.set(g.id, state);
    return state;
  });
  /** A field is visible (enabled) when its group is and its own condition holds. */
  const fieldCondition = (name: string, groupFn: Fn | undefined, own: Condition | undefined): Fn | undefined => {
    const ownFn = condition(own);
    if (ownFn === undefined) return groupFn;
    if (groupFn === undefined) return memo(name, ownFn, conditionCost(own));
    return memo(name, (c) => (groupFn(c) as boolean) && (ownFn(c) as boolean), conditionCost(own) + 1);
  };

  const fields = ir.fields.map((f, i): CompiledField => {
    const group = groupStates.get(f.group);
    const visible = fieldCondition(`${f.id} visible_when`, group?.visible, f.visibleWhen);
    const enabled = fieldCondition(`${f.id} enabled_when`, group?.enabled, f.enabledWhen);
    const check = fieldType(f.type).checker?.(f);
    const fallback = f.fallback;
    if (check === undefined) {
      fns[i] = f.value === undefined ? () => fallback : compile(f.value);
    } else {
      // Values sent for fields that are not visible or not enabled are ignored: the user cannot see or change
      // them (and such a value is not validated either). A field that is not visible has no value (its type's
      // empty value, or its when_hidden); a disabled one keeps its default. The order of the tests is the one the
      // JSON Logic export (jsonlogic.ts) follows, so that a condition that fails, fails for both.
      const inactive = inactiveValue(f);
      fns[i] = (c) => {
        if (visible !== undefined && !visible(c)) return inactive;
        const raw = c.raw[i];
        if (isAbsent(raw) || (enabled !== undefined && !enabled(c))) return fallback;
        const v = check(raw, null);
        if (v !== undefined) return v;
        c.bad[i] = 1;
        return fallback;
      };
    }
    if (f.value !== undefined) costs[i] = 1 + exprCost(f.value);
    const requiredWhen =
      f.requiredWhen === undefined
        ? undefined
        : memo(`${f.id} required_when`, condition(f.requiredWhen), conditionCost(f.requiredWhen));
    return { ir: f, value: slotReader(i), visible, enabled, requiredWhen, check };
  });

  for (const [name, expr] of lets) {
    const s = letIndex.get(name) as number;
    fns[s] = compile(expr);
    costs[s] = exprCost(expr);
  }

  return {
    ir,
    slots: { fns, names, costs },
    fields,
    fieldIndex,
    fieldKeys: internedIds(ir.fields),
    groups,
    lines: ir.price.lines.map((l) => ({ ir: l, amount: compile(l.amount), when: optional(l.when) })),
    minorScale: minorScale(ir.minorUnits),
    tiers: sortTiers(ir.price.quantityDiscount),
    outputs: ir.outputs.map((o) => ({
      id: o.id,
      items: o.items.map((it) => ({
        id: it.id,
        value: compile(it.value),
        when: optional(it.when),
        readsPrice: readsPrice(it.value) || (it.when !== undefined && readsPrice(it.when)),
      })),
    })),
    outputIds: ir.outputs.map((o) => o.id),
    outputItems: ir.outputs.reduce((n, o) => n + o.items.length, 0),
    rules: ir.rules.map((r) => ({ ir: r, when: compile(r.when) })),
    constraints: constraintsOf(ir, fieldIndex, compile),
    compile,
    hasTexts: ir.outputs.some((o) => o.items.some((it) => it.text)),
    lookup,
  };
}

/** An option's available_when holds unless the option is the field's value: `f != "o" or cond`. */
const conditionCost = (cond: Condition | undefined): number => (cond === undefined ? 0 : exprCost(cond.expr));

function constraintsOf(ir: ProductIR, fieldIndex: ReadonlyMap<string, number>, compile: (e: Expr) => Fn): CompiledConstraint[] {
  const out: CompiledConstraint[] = ir.constraints.map((k) => ({
    id: k.id,
    expr: k.holds,
    holds: compile(k.holds),
    at: k.at,
    message: k.message,
  }));
  for (const f of ir.fields) {
    for (const o of f.options ?? []) {
      if (!o.availableWhen) continue;
      const expr = availabilityExpr(f, { ...o, availableWhen: o.availableWhen });
      const at = o.at ?? f.at ?? { line: 1, column: 1 };
      out.push({
        id: `${f.id}.${o.id}`,
        expr,
        holds: compile(expr),
        at,
        message: undefined,
        option: { field: fieldIndex.get(f.id) as number, id: o.id },
      });
    }
  }
  return out;
}

/**
 * The fields' ids, each as the string an object's key of that name is: property keys are interned, so a key of a
 * sent configuration is then the very same string (an identity test, where a hash lookup costs several times more).
 */
function internedIds(fields: readonly FieldIR[]): string[] {
  const keys = new Map(Object.keys(Object.fromEntries(fields.map((f) => [f.id, 0]))).map((k) => [k, k]));
  return fields.map((f) => keys.get(f.id) ?? f.id);
}

/** What `price.<attr>` reads: a total, or a line's amount (0 when its condition left it out). */
export function priceValue(p: Price, attr: string): number {
  switch (attr) {
    case 'unit':
      return p.unit;
    case 'charges':
      return p.charges;
    case 'subtotal':
      return p.subtotal;
    case 'discount':
      return p.discount;
    case 'total':
      return p.total;
    default:
      return p.lines.find((l) => l.id === attr && l.kind !== 'discount')?.amount ?? 0;
  }
}

function readsPrice(e: Expr): boolean {
  const stack = [e];
  for (let x = stack.pop(); x; x = stack.pop()) {
    if (x.k === 'attr' && x.field === 'price') return true;
    stack.push(...childrenOf(x));
  }
  return false;
}
