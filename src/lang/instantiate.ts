// A product as requests use it: a compiled ProductIR becomes closures once (instantiate), then every calculate
// request evaluates a configuration against them and every configure request explores one. It joins the last two
// stages (runtime, configure), so it sits above both.
import type { Configuration, ConfigureInput } from './configure/answer-types';
import { calculateModel, configureModel, type LeftToSearch, leftToSearch } from './configure/index';
import type { ProductIR } from './ir';
import { compileModel } from './runtime/compiled-model';
import { Ctx } from './runtime/context';
import { evaluateModel } from './runtime/evaluate';
import type { Pack } from './runtime/pack';
import type { Evaluation, EvaluationInput } from './runtime/types';

export { explainProblem } from './configure/answer-fields';
export type { Want } from './configure/answer-types';
export { exportSize } from './configure/export';
export { wantProblem } from './configure/want';
export { errorsFor } from './runtime/evaluate';
export { FormLogic, formLogic, logicSize, MAX_LOGIC_NODES } from './runtime/jsonlogic';
export { negotiateLanguage, resolveText } from './runtime/language';
export type { AdjustedDefault, Evaluation, EvaluationInput, FieldState, Issue, Price, PriceLine } from './runtime/types';

export interface Model {
  readonly ir: ProductIR;
  /** The configuration as sent, every field not sent at its default (schema tests). */
  evaluate(input: EvaluationInput): Evaluation;
  /** As calculate prices it: defaults the values sent exclude are adjusted (soft defaults), within `units`. */
  calculate(input: EvaluationInput, units?: number): Evaluation;
  /** A partial configuration: its evaluation, and every option's availability (src/lang/configure), within `units`. */
  configure(input: ConfigureInput, units?: number): Configuration;
  /** Where the exact engine's tables cannot hold the model, so availability is searched (bounded): undefined if nowhere. */
  leftToSearch(): LeftToSearch | undefined;
}

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
    leftToSearch: () => leftToSearch(compiled, ctx),
  };
}
