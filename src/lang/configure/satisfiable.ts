// After compiling: constraints that no configuration can meet, and options no configuration can select, found by
// the configurator engine itself on an empty configuration (src/lang/configure). Numbers are tried at their
// bounds, default and the thresholds constraints compare them with; text and dates at their defaults.

import type { Model } from '../check/checked-model';
import type { Diagnostics } from '../diagnostics';
import { type Model as Instance, instantiate } from '../instantiate';
import type { ProductIR } from '../ir';
import type { Span } from '../syntax/ast';

export function checkSatisfiable(model: Model, ir: ProductIR, diags: Diagnostics): void {
  const withOptions = model.fields.some((f) => f.options?.some((o) => o.availableWhen));
  const checked = model.constraints.length > 0 || withOptions;
  // A product without constraints, error rules or available_when has nothing to search: not even instantiated.
  if (!checked && !model.rules.some((r) => r.severity === 'error')) return;
  const instance = instantiate(ir);
  searchedAt(model, instance, diags);
  if (!checked) return;
  const anchor = firstDeclared(model);
  const answer = instance.configure({ configuration: {}, quantity: ir.quantity.default });
  if (!answer.complete) return;
  if (answer.satisfiable === false) {
    if (anchor) {
      diags.add(
        'E_UNSATISFIABLE',
        anchor,
        'no configuration meets every constraint and error rule together: the product cannot be ordered',
      );
    }
    return;
  }
  answer.fields.forEach((state, i) => {
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

/** W_SEARCHED where the exact engine's tables do not hold the product exactly (configure/exact/tables.ts), naming why. */
function searchedAt(model: Model, instance: Instance, diags: Diagnostics): void {
  const left = instance.leftToSearch();
  if (!left) return;
  const at = declaredAt(model, left.rule) ?? firstDeclared(model);
  if (!at) return;
  diags.add(
    'W_SEARCHED',
    at,
    left.selections
      ? `${left.why}: availability is decided over its first ones (once options are ticked, over the first that hold them), and an option none of them completes is answered as not known (complete: false), not as unavailable`
      : `"${left.rule}" is not held by the exact engine's tables (${left.why}): each candidate configuration is checked against it within the request's budget, the tables keep the other checks exact`,
  );
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
