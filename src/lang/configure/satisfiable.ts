// After compiling: constraints that no configuration can meet, and options no configuration can select, found by
// the configurator engine itself on an empty configuration (src/lang/configure). Numbers are tried at their
// bounds, default and the thresholds constraints compare them with; text and dates at their defaults.

import type { Model } from '../check/checked-model';
import type { Diagnostics } from '../diagnostics';
import { type Model as Instance, instantiate } from '../instantiate';
import type { ProductIR } from '../ir';
import type { Span } from '../syntax/ast';
import type { Configuration } from './answer-types';
import { MAX_WORK_UNITS } from './budget';

export function checkSatisfiable(model: Model, ir: ProductIR, diags: Diagnostics): void {
  const withOptions = model.fields.some((f) => f.options?.some((o) => o.availableWhen));
  const checked = model.constraints.length > 0 || withOptions;
  // A product without constraints, error rules or available_when has nothing to search: not even instantiated.
  if (!checked && !model.rules.some((r) => r.severity === 'error')) return;
  const instance = instantiate(ir);
  let empty: Configuration | undefined;
  const answer = () => {
    empty ??= instance.configure({ configuration: {}, quantity: ir.quantity.default });
    return empty;
  };
  searchedAt(model, instance, answer, diags);
  if (!checked) return;
  const anchor = firstDeclared(model);
  if (!answer().complete) return;
  if (answer().satisfiable === false) {
    if (anchor) {
      diags.add(
        'E_UNSATISFIABLE',
        anchor,
        'no configuration meets every constraint and error rule together: the product cannot be ordered',
      );
    }
    return;
  }
  answer().fields.forEach((state, i) => {
    const f = model.fields[i];
    // By id: a field of thousands of options, most unavailable, must not cost their square.
    const byId = new Map(f?.options?.map((x) => [x.id, x]));
    for (const o of state.options ?? []) {
      if (o.available) continue;
      const option = byId.get(o.id);
      const rules = [...new Set(o.reasons.map((r) => r.rule))].join(', ');
      if (option) {
        diags.add(
          'W_NEVER_AVAILABLE',
          option.span,
          `no configuration can select the option "${o.id}" of field "${state.id}" (${rules})`,
        );
      }
    }
  });
}

/**
 * Work units past which configuring the empty configuration counts as costly: a tenth of a request's budget (the
 * examples spend at most 16,000).
 */
export const SEARCHED_COSTLY_UNITS = MAX_WORK_UNITS / 10;

/**
 * Where the exact engine's tables do not hold the product exactly (configure/exact/tables.ts), naming why: a warning
 * (W_SEARCHED) when that makes its answers incomplete or costly, something to change (a multi-select past its
 * selections, a check past a bound of the tables, or measured: the empty configuration answered incomplete or past
 * SEARCHED_COSTLY_UNITS); else a note (I_SEARCHED): a check that reads what a request sends (a text's length, the
 * quantity) and costs little, which nothing in the model could hold otherwise (issue 44).
 */
function searchedAt(model: Model, instance: Instance, answer: () => Configuration, diags: Diagnostics): void {
  const left = instance.leftToSearch();
  if (!left) return;
  const at = declaredAt(model, left.rule) ?? firstDeclared(model);
  if (!at) return;
  if (left.selections) {
    diags.add(
      'W_SEARCHED',
      at,
      `${left.why}: availability is decided over its first ones (once options are ticked, over the first that hold them), and an option none of them completes is answered as not known (complete: false), not as unavailable`,
    );
    return;
  }
  const checked = `"${left.rule}" is not held by the exact engine's tables (${left.why}): each candidate configuration is checked against it within the request's budget, the tables keep the other checks exact`;
  if (!left.inputs) {
    diags.add('W_SEARCHED', at, checked);
    return;
  }
  const { costly, units } = measured(model, instance, answer);
  if (costly !== undefined) {
    diags.add('W_SEARCHED', at, `${checked}; configuring ${costly}`);
    return;
  }
  diags.note('I_SEARCHED', at, `${checked} (configuring took at most ${units} work units)`);
}

/** Choice fields whose last option is sent, one at a time, to measure what the checks verified by evaluation cost. */
const SAMPLED_FIELDS = 4;

/**
 * The cost of answering: the empty configuration, then each of the first SAMPLED_FIELDS choice fields sent its last
 * option (away from its default, where the search works). `costly` says which answer was incomplete or past
 * SEARCHED_COSTLY_UNITS, if one was; `units` the most any took.
 */
function measured(model: Model, instance: Instance, answer: () => Configuration): { costly?: string; units: number } {
  const samples: [string, Record<string, unknown> | undefined][] = [['the empty configuration', undefined]];
  for (const f of model.fields) {
    if (samples.length > SAMPLED_FIELDS) break;
    const last = f.options?.at(-1)?.id;
    if (last !== undefined && f.valueType === 'string' && f.options!.length > 1)
      samples.push([`${f.id} = "${last}"`, { [f.id]: last }]);
  }
  let most = 0;
  for (const [what, configuration] of samples) {
    const quantity = instance.ir.quantity.default;
    const { complete, units } = configuration === undefined ? answer() : instance.configure({ configuration, quantity });
    if (!complete) return { costly: `${what} ran out of its budget`, units };
    if (units > SEARCHED_COSTLY_UNITS) return { costly: `${what} took ${units} work units`, units };
    most = Math.max(most, units);
  }
  return { units: most };
}

/** The declaration of a constraint, a rule, a field or an option's `available_when` (`field.option`), by its id. */
function declaredAt(model: Model, id: string): Span | undefined {
  const declared = model.constraints.find((k) => k.id === id) ?? model.rules.find((r) => r.id === id);
  if (declared) return declared.span;
  const unit = model.fields.find((f) => f.id === id);
  if (unit) return unit.decl.id.span;
  const dot = id.indexOf('.');
  const field = model.fields.find((f) => f.id === id.slice(0, dot));
  return field?.options?.find((o) => o.id === id.slice(dot + 1))?.span;
}

/** Where a finding about the checks as a whole is reported: the first constraint, else the first `available_when`. */
function firstDeclared(model: Model): Span | undefined {
  return model.constraints[0]?.span ?? model.fields.flatMap((f) => f.options ?? []).find((o) => o.availableWhen)?.span;
}
