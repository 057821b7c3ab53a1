import type { z } from '@hono/zod-openapi';
import type { CalculateRequest } from '../api/calculate';
import { cappedLists } from '../api/list-caps';
import type { Permission } from '../api/permissions';
import { type Evaluation, errorsFor, type Issue } from '../lang/instantiate';
import type { LoadedProduct } from '../products/loaded';
import { type OutputSelection, selectOutputGroups } from './output-groups';
import { outputInfoOf } from './output-info';

/** The public request without its tenant, which the caller has resolved to a store. */
export type CalculateBody = Omit<z.infer<typeof CalculateRequest>, 'tenant_id'>;

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
  const adjusted = adjustedOf(evaluation);
  return {
    product_id: productId,
    version: loaded.version,
    language: evaluation.language,
    configuration,
    ...adjusted,
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

/**
 * What POST /v1/calculate answers for a loaded product, without HTTP: the 200 body, or the 422 one when the
 * configuration cannot be priced. The route (src/configurator/serve.ts) and `cpq price` (src/cli/) both send this.
 */
export function calculationAnswer(loaded: LoadedProduct, body: CalculateBody, permissions: readonly Permission[]) {
  const ir = loaded.model.ir;
  const selection = selectOutputGroups(ir, body.output_groups, permissions);
  const quantity = body.quantity ?? ir.quantity.default;
  const evaluation = loaded.model.calculate({ configuration: body.configuration, quantity, lang: body.lang });
  // Faults of output groups the request does not return neither refuse it nor show (docs/api.md, "Output groups").
  const errors = errorsFor(evaluation, selection.groups);
  if (errors.length > 0 || !evaluation.price) {
    const rejected = {
      error: validationSummary(errors, evaluation.unlistedErrors),
      code: 'VALIDATION_FAILED' as const,
      ...withUnlisted(cappedLists({ errors, warnings: evaluation.warnings }), evaluation.unlistedErrors),
      // A missing typed value no longer stops adjustments (issue 44): the errors may be the adjusted configuration's.
      ...adjustedOf(evaluation),
    };
    return { status: 422 as const, evaluation, body: rejected };
  }
  const result = presentCalculation({
    productId: body.product_id,
    loaded,
    configuration: body.configuration,
    quantity,
    selection,
    evaluation,
  });
  return { status: 200 as const, evaluation, body: { ...result, ...cappedLists({ warnings: evaluation.warnings }) } };
}

/** `adjusted` of an answer: the soft defaults the evaluation used, or nothing when it used every default. */
function adjustedOf(evaluation: Pick<Evaluation, 'adjusted'>) {
  if (evaluation.adjusted.length === 0) return {};
  return { adjusted: evaluation.adjusted.map(({ field, value, replaced }) => ({ field, value, replaced_default: replaced })) };
}

/**
 * The 422's `error` in the request's language: the first problem's message, already localized by the runtime's
 * catalog, and how many more follow. The runtime reports at least one error whenever there is no price.
 */
function validationSummary(errors: readonly Issue[], unlisted: number): string {
  const first = errors[0]?.message ?? 'The configuration cannot be priced';
  const more = errors.length - 1 + unlisted;
  return more > 0 ? `${first} (+${more})` : first;
}

/** The runtime counts, without listing, the errors past its own bound (unknown keys): `truncated.errors` adds them. */
export function withUnlisted<B extends { truncated?: Record<string, number> }>(body: B, unlisted: number): B {
  if (unlisted === 0) return body;
  return { ...body, truncated: { ...body.truncated, errors: (body.truncated?.errors ?? 0) + unlisted } };
}
