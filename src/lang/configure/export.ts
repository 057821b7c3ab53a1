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
const checkValue = (id: string) => `check:${id}`;
/** The logic_values key of a field's options' availability (see optionAvailability). */
const availableValue = (field: string) => `available:${field}`;

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
 * depends on the field. Checks are exported once each in logic_values (`check:<rule>`, a table as its rows), and so
 * is each field's availability (`available:<field>`: no check of the field fails while every other field it reads
 * is set); an option reads its field's with `{"value_with": ["available:<field>", field, option]}`, evaluated with
 * the field set to the option. So an option costs five JSON nodes, not a restatement of its field's checks.
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
  const failing = (c: (typeof checks)[number]): string => {
    const name = checkValue(c.id);
    if (!Object.hasOwn(logic.values, name)) logic.values[name] = { '===': [logic.condition(c.expr), c.fails] };
    return name;
  };
  // The export may be shared by the forms of several languages: a value another form defined is there already.
  const availability = (f: FieldIR, i: number): string => {
    const name = availableValue(f.id);
    if (Object.hasOwn(logic.values, name)) return name;
    const relevant = relevantTo[i]!;
    const excluded = relevant.map((c) => {
      const set = c.deps
        .filter((d) => d !== i && searchable(ir.fields[d]!))
        .map((d) => ({ '!': [{ in: [{ var: ir.fields[d]!.id }, [null, '']] }] }));
      return { and: [...set, { value: failing(c) }] };
    });
    logic.values[name] = { '!': [{ or: excluded }] };
    return name;
  };
  return (f, option) => {
    // Whether a check excludes a multi-select's option depends on the field's other options too, which no one
    // evaluation decides: /v1/configure answers for those.
    if (f.valueType === 'list') return undefined;
    const i = indexOf.get(f);
    if (i === undefined || relevantTo[i]!.length === 0) return undefined;
    const source = `not excluded by ${relevantTo[i]!.map((c) => c.id).join(', ')}`;
    return { source, json_logic: { value_with: [availability(f, i), f.id, option] } };
  };
}

/**
 * The size of what a form exports, in JSON nodes: every group and field condition and computed value, with
 * `availability` each option's availability too, and the logic_values they read. The analysis refuses a schema
 * whose conditions pass MAX_LOGIC_NODES (a form always serves them); the options' availability past it is left to
 * /v1/configure (src/configurator/form.ts).
 */
export function exportSize(ir: ProductIR, availability = true): number {
  const logic = new FormLogic(ir);
  const parts: Logic[] = [];
  for (const g of ir.groups) for (const c of [g.visibleWhen, g.enabledWhen]) if (c) parts.push(logic.condition(c.expr));
  const available = availability ? optionAvailability(ir, logic) : () => undefined;
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
