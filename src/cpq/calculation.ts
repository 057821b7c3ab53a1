import type { Evaluation } from '../lang/runtime';
import type { LoadedProduct } from '../products/models';
import type { OutputSelection } from './output-groups';
import { outputInfoOf } from './output-info';

interface Input {
  productId: string;
  loaded: LoadedProduct;
  configuration: Record<string, unknown>;
  quantity: number;
  selection: OutputSelection;
  evaluation: Evaluation;
}

/** The spec's calculation result (§2.3), plus what explains the price: unit price, subtotal, discount and lines. */
export function presentCalculation({ productId, loaded, configuration, quantity, selection, evaluation }: Input) {
  const ir = loaded.model.ir;
  const price = evaluation.price!;
  const outputs: Record<string, Record<string, number>> = {};
  for (const [group, items] of evaluation.outputs) {
    // Object.fromEntries defines own properties, so a group or item named __proto__ stays plain data.
    if (selection.groups.has(group))
      Object.defineProperty(outputs, group, { value: Object.fromEntries(items), enumerable: true });
  }
  const texts: Record<string, Record<string, string>> = {};
  for (const [group, items] of evaluation.texts) {
    if (selection.groups.has(group)) Object.defineProperty(texts, group, { value: Object.fromEntries(items), enumerable: true });
  }
  return {
    product_id: productId,
    version: loaded.version,
    language: evaluation.language,
    configuration,
    result: {
      totals: {
        price: price.total,
        unit_price: price.unit,
        charges: price.charges,
        subtotal: price.subtotal,
        discount: price.discount,
        currency: price.currency,
      },
      lines: price.lines,
      groups: outputs,
      texts,
      output_info: outputInfoOf(ir, evaluation.language, selection.groups),
    },
    withheld_groups: selection.withheld,
    quantity: { value: quantity, min: ir.quantity.min, max: ir.quantity.max, step: ir.quantity.step },
    warnings: evaluation.warnings,
    errors: [],
  };
}
