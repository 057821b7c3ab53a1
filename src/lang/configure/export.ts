// Options' availability as the form exports it (its `available_when`): the part a storefront can decide from the
// values the buyer has set, without searching. An option is excluded when a check that depends on its field fails
// with the option chosen and every other field the check depends on is one the buyer has set (or one no search
// changes: text and dates). Such a check excludes the option whatever else is chosen, so whatever this logic
// excludes /v1/configure reports unavailable too; the server may exclude more (dead ends further ahead).
import type { FieldIR, ProductIR } from '../ir';
import { checksOf, dependencies } from '../ir-checks';
import { FormLogic, logicSize } from '../runtime/jsonlogic';

type Logic = unknown;

/** The logic_values key of a check's failing condition; a colon never appears in a field, let or attribute name. */
export const checkValue = (id: string) => `check:${id}`;

/**
 * Fields a search may change: choice fields, multi-selects, checkboxes and numbers (computed fields, text and dates
 * keep theirs).
 */
function searchable(f: FieldIR): boolean {
  if (f.value !== undefined) return false;
  return (
    (f.options !== undefined && (f.valueType === 'string' || f.valueType === 'list')) ||
    f.valueType === 'boolean' ||
    (f.valueType === 'number' && typeof f.min === 'number')
  );
}

/**
 * The condition under which option `o` of field `f` is not excluded, as JSON Logic, or undefined when no check
 * depends on the field. Checks are exported once each in logic_values; an option reads one with
 * `{"value_with": [name, field, option]}`, the check evaluated with the field set to the option.
 */
export function optionAvailability(
  ir: ProductIR,
  logic: FormLogic,
): (f: FieldIR, option: string) => { source: string; json_logic: Logic } | undefined {
  const depsOf = dependencies(ir);
  const checks = checksOf(ir).map((c) => ({ ...c, deps: depsOf(c.expr) }));
  // By field index, the checks that depend on it: found once, not once per option (a set of 1,000 options in
  // many fields made that options × checks).
  const relevantTo = ir.fields.map((): (typeof checks)[number][] => []);
  for (const c of checks) for (const d of c.deps) relevantTo[d]!.push(c);
  const indexOf = new Map(ir.fields.map((f, i) => [f, i]));
  const exported = new Set<string>();
  const failing = (c: (typeof checks)[number]): string => {
    const name = checkValue(c.id);
    if (!exported.has(name)) {
      exported.add(name);
      logic.values[name] = { '===': [logic.condition(c.expr), c.fails] };
    }
    return name;
  };
  return (f, option) => {
    // Whether a check excludes a multi-select's option depends on the field's other options too, which no one
    // evaluation decides: /v1/configure answers for those.
    if (f.valueType === 'list') return undefined;
    const i = indexOf.get(f);
    const relevant = i === undefined ? [] : relevantTo[i]!;
    if (relevant.length === 0) return undefined;
    const excluded = relevant.map((c) => {
      const set = c.deps
        .filter((d) => d !== i && searchable(ir.fields[d]!))
        .map((d) => ({ '!': [{ in: [{ var: ir.fields[d]!.id }, [null, '']] }] }));
      return { and: [...set, { value_with: [failing(c), f.id, option] }] };
    });
    return {
      source: `not excluded by ${relevant.map((c) => c.id).join(', ')}`,
      json_logic: { '!': [{ or: excluded }] },
    };
  };
}

/**
 * The size of everything a form exports, in JSON nodes: every group and field condition, computed values, each
 * option's availability and the logic_values they read. The analysis refuses a schema past MAX_LOGIC_NODES.
 */
export function exportSize(ir: ProductIR): number {
  const logic = new FormLogic(ir);
  const parts: Logic[] = [];
  for (const g of ir.groups) for (const c of [g.visibleWhen, g.enabledWhen]) if (c) parts.push(logic.condition(c.expr));
  const available = optionAvailability(ir, logic);
  for (const f of ir.fields) {
    for (const c of [f.visibleWhen, f.enabledWhen, f.requiredWhen]) if (c) parts.push(logic.condition(c.expr));
    if (f.value) parts.push(logic.condition(f.value));
    for (const o of f.options ?? []) {
      const a = available(f, o.id);
      if (a) parts.push(a.json_logic);
    }
  }
  return logicSize([parts, logic.values]);
}
