// The runtime of the product schema language: a compiled ProductIR becomes closures once (instantiate), then
// every calculate request evaluates a configuration against them.
import { calculateModel, configureModel } from '../configure/index';
import type { ProductIR } from '../ir';
import { Ctx } from './context';
import { evaluateModel } from './evaluate';
import { compileModel } from './model';
import type { Pack } from './pack';
import type { Model } from './types';

export { exportSize } from '../configure/export';
export { errorsFor } from './evaluate';
export { FormLogic, formLogic, logicSize, MAX_LOGIC_NODES } from './jsonlogic';
export { negotiateLanguage, resolveText } from './language';
export type { AdjustedDefault, Evaluation, EvaluationInput, FieldState, Issue, Model, Price, PriceLine } from './types';

export function instantiate(ir: ProductIR): Model {
  const compiled = compileModel(ir);
  // One evaluation context per model, reused: evaluate() is synchronous and never re-entered.
  const ctx = new Ctx(compiled.slots, ir.fields.length);
  const packs = new Map<string, Pack>();
  return {
    ir,
    evaluate: (input) => evaluateModel(compiled, ctx, packs, input),
    calculate: (input, units) => calculateModel(compiled, ctx, packs, input, units),
    configure: (input, units) => configureModel(compiled, ctx, packs, input, units),
  };
}
