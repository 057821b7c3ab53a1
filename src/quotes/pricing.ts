import { LIMITS } from '../api/quote-limits';
import { presentCalculation } from '../configurator/calculation';
import { pricedProduct } from '../configurator/priced';
import { ApiError } from '../errors';
import { fieldType } from '../lang/fields/registry';
import { type Evaluation, type Issue, resolveText } from '../lang/instantiate';
import type { FieldIR, ProductIR } from '../lang/ir';
import type { ResolvedPricing } from '../markets/resolve';
import { loadProduct } from '../products/loaded';
import type { PricedItem, SummaryLine } from './shapes';
import { keptChars } from './size';
import { minorOf } from './totals';
import { wordsFor } from './words';

// Prices one item of a quote with the product's current version, exactly as /v1/calculate would with the same
// market and group (the list in force, src/configurator/priced.ts), and keeps what it answered, pinned to that
// version and content hash (the quote pins the market, group, list and list version).

export interface ItemInput {
  product_id: string;
  configuration: Record<string, unknown>;
  quantity?: number | undefined;
}

export interface PricedRow {
  productId: string;
  productVersion: number;
  contentHash: string;
  quantity: number;
  configuration: Record<string, unknown>;
  priced: PricedItem;
  totalMinor: number;
}

/** The quote's columns that say what priced its items (migrations/0019_quote_markets.sql). */
export function pinned({ market, group, list }: ResolvedPricing) {
  return {
    market: market?.id ?? null,
    customerGroup: group,
    priceList: list?.id ?? null,
    priceListVersion: list?.version ?? null,
  };
}

/** Why an item cannot be priced, in the shape of calculate's errors. */
export type ItemProblem = { errors: Issue[] };

export async function priceItem(
  env: Env,
  storeId: string,
  input: ItemInput,
  language: string,
  pricing: ResolvedPricing,
): Promise<PricedRow | ItemProblem> {
  const version = await loadProduct(env, storeId, input.product_id);
  if (!version) {
    return {
      errors: [{ code: 'UNKNOWN_PRODUCT', message: `Product '${input.product_id}' not found`, field: 'product_id', because: {} }],
    };
  }
  const loaded = await pricedProduct(env, storeId, input.product_id, version, pricing);
  const ir = loaded.model.ir;
  const quantity = input.quantity ?? ir.quantity.default;
  const evaluation = loaded.model.calculate({ configuration: input.configuration, quantity, lang: language });
  if (evaluation.errors.length > 0 || !evaluation.price) return { errors: evaluation.errors };
  const every = { groups: new Set(ir.outputs.map((o) => o.id)), withheld: [] };
  const { result } = presentCalculation({
    productId: input.product_id,
    loaded,
    configuration: input.configuration,
    quantity,
    selection: every,
    evaluation,
  });
  const { currency, ...totals } = result.totals;
  const row = {
    productId: input.product_id,
    productVersion: loaded.version,
    contentHash: loaded.contentHash,
    quantity,
    configuration: input.configuration,
    totalMinor: minorOf(totals.price, ir.minorUnits),
    priced: {
      product_name: resolveText(ir.name, evaluation.language, ir.language),
      currency,
      minor_units: ir.minorUnits,
      language: evaluation.language,
      totals,
      lines: result.lines,
      groups: result.groups,
      texts: result.texts,
      output_info: result.output_info,
      warnings: evaluation.warnings,
      summary: summaryOf(ir, evaluation),
    },
  };
  // Both parts were made by JSON.parse or by calculate, so they have no cycle and a depth the product bounds.
  const chars = keptChars(row);
  if (chars > LIMITS.itemChars) {
    const message = `This item's configuration and price take ${chars} characters to keep; a quote item holds at most ${LIMITS.itemChars}`;
    return { errors: [{ code: 'ITEM_TOO_LARGE', message, because: {} }] };
  }
  return row;
}

/** Each visible field a buyer chose (computed fields left out) with its label and its value as a person reads it. */
function summaryOf(ir: ProductIR, evaluation: Evaluation): SummaryLine[] {
  const lang = evaluation.language;
  const byId = new Map(ir.fields.map((f) => [f.id, f]));
  return evaluation.fields.flatMap((state) => {
    const field = byId.get(state.id);
    if (!field || fieldType(field.type).computed || !state.visible) return [];
    const label = field.label ? resolveText(field.label, lang, ir.language) : field.id;
    return [{ field: field.id, label, value: state.value, value_label: valueLabel(field, state.value, ir, lang) }];
  });
}

function valueLabel(field: FieldIR, value: SummaryLine['value'], ir: ProductIR, lang: string): string {
  const optionLabel = (id: string) => {
    const option = field.options?.find((o) => o.id === id);
    return option ? resolveText(option.label, lang, ir.language) : id;
  };
  if (Array.isArray(value)) return value.map(optionLabel).join(', ');
  if (typeof value === 'boolean') return value ? wordsFor(lang).yes : wordsFor(lang).no;
  if (typeof value === 'string' && field.options) return optionLabel(value);
  return field.unit ? `${value} ${field.unit}` : String(value);
}

/** Prices every item; any that does not price makes the whole request a 422 naming each such item and its errors. */
export async function priceAll(
  env: Env,
  storeId: string,
  inputs: readonly ItemInput[],
  language: string,
  currency: string | null,
  pricing: ResolvedPricing,
  positions: readonly number[] = inputs.map((_, i) => i),
): Promise<PricedRow[]> {
  const results = await Promise.all(inputs.map((input) => priceItem(env, storeId, input, language, pricing)));
  const failed = results.flatMap((r, i) => ('errors' in r ? [{ index: positions[i]!, input: inputs[i]!, r }] : []));
  if (failed.length > 0) throw itemsRejected(failed);
  const priced = results as PricedRow[];
  const expected = currency ?? priced[0]?.priced.currency;
  const foreign = priced.findIndex((p) => p.priced.currency !== expected);
  if (foreign >= 0) {
    throw itemsRejected([
      {
        index: positions[foreign]!,
        input: inputs[foreign]!,
        r: {
          errors: [
            {
              code: 'CURRENCY_MISMATCH',
              message: `Priced in ${priced[foreign]!.priced.currency}; this quote is in ${expected}`,
              because: {},
            },
          ],
        },
      },
    ]);
  }
  return priced;
}

function itemsRejected(failed: { index: number; input: ItemInput; r: ItemProblem }[]): ApiError {
  const errors = failed.flatMap(({ index, input, r }) =>
    r.errors.map((issue) => ({ ...issue, item: index, product_id: input.product_id })),
  );
  const first = failed[0]!;
  return new ApiError(
    'VALIDATION_FAILED',
    `Item ${first.index} (${first.input.product_id}) cannot be priced: ${first.r.errors[0]?.message ?? 'invalid'}` +
      (failed.length > 1 ? ` (+${failed.length - 1} more items)` : ''),
    errors.length > 100 ? { errors: errors.slice(0, 100), truncated: { errors: errors.length - 100 } } : { errors },
  );
}
