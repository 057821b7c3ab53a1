// After compiling: constraints that no configuration can meet, and options no configuration can select, found by
// the configurator engine itself on an empty configuration (src/lang/configure). Numbers are tried at their
// bounds, default and the thresholds constraints compare them with; text and dates at their defaults.

import type { Model } from '../check/checked-model';
import type { Diagnostics } from '../diagnostics';
import { instantiate } from '../instantiate';
import type { ProductIR } from '../ir';

export function checkSatisfiable(model: Model, ir: ProductIR, diags: Diagnostics): void {
  const withOptions = model.fields.some((f) => f.options?.some((o) => o.availableWhen));
  if (model.constraints.length === 0 && !withOptions) return;
  const answer = instantiate(ir).configure({ configuration: {}, quantity: ir.quantity.default });
  if (!answer.complete) return;
  if (answer.satisfiable === false) {
    const first = model.constraints[0];
    const at = first?.span ?? model.fields.flatMap((f) => f.options ?? []).find((o) => o.availableWhen)?.span;
    if (at) {
      diags.add(
        'E_UNSATISFIABLE',
        at,
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
