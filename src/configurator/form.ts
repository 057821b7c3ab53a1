import type { z } from '@hono/zod-openapi';
import type { Pricing } from '../api/pricing';
import { optionAvailability } from '../lang/configure/export';
import { fieldType } from '../lang/fields/registry';
import type { FormContext } from '../lang/fields/spec';
import { exportSize, FormLogic, formLogic, MAX_LOGIC_NODES, resolveText } from '../lang/instantiate';
import type { FieldIR, GroupIR, ProductIR } from '../lang/ir';
import type { LoadedProduct } from '../products/loaded';
import { outputInfoOf } from './output-info';

type Json = Record<string, unknown>;

/**
 * Bytes a form may take with its options' exported availability. Past it the form is served without the options'
 * `available_when` and says so (`option_availability: "configure"`): their availability then comes from
 * /v1/configure, which the configurator asks on every change anyway; so too past MAX_LOGIC_NODES of export (a save
 * bounds only the conditions every form serves: src/lang/stored-size.ts). The export holds each check once (a table
 * as its rows), so what passes this is a product whose tables are large: a car line's are hundreds of kilobytes,
 * which a storefront would download and evaluate on every change to tell what /v1/configure tells exactly.
 */
export const FORM_AVAILABILITY_BYTES = 200_000;

const rendered = new WeakMap<LoadedProduct, Map<string, string>>();

/**
 * The serialized form document of a product version (priced by a price list's version: `loaded` is then that
 * priced model) in one language, built once per model, language and `pricing` (market and group).
 */
export function formBody(loaded: LoadedProduct, productId: string, lang: string, pricing: z.infer<typeof Pricing>): string {
  let byLang = rendered.get(loaded);
  if (!byLang) {
    byLang = new Map();
    rendered.set(loaded, byLang);
  }
  const key = `${lang}\u0000${pricing.market ?? ''}\u0000${pricing.group}`;
  let body = byLang.get(key);
  if (body === undefined) {
    const serialize = (availability: boolean) =>
      JSON.stringify({
        product_id: productId,
        version: loaded.version,
        ...formDocument(loaded.model.ir, lang, availability),
        pricing,
      });
    // An export past MAX_LOGIC_NODES is not built into a document at all: it would pass the bytes too.
    body = exportSize(loaded.model.ir) <= MAX_LOGIC_NODES ? serialize(true) : undefined;
    if (body === undefined || body.length > FORM_AVAILABILITY_BYTES) body = serialize(false);
    byLang.set(key, body);
  }
  return body;
}

/**
 * The form document of a product in one language, without its product id and version; without `availability`, its
 * options carry no `available_when` (see FORM_AVAILABILITY_BYTES).
 */
export function formDocument(ir: ProductIR, lang: string, availability = true): Json {
  const text = (t: Record<string, string> | undefined) => (t ? resolveText(t, lang, ir.language) : undefined);
  // Each condition's JSON Logic reads values (fields, lets) through the `value` operation: logic_values holds them.
  // The product's shared export holds the checks its options' availability reads once it has been asked for them:
  // a form without that availability has an export of its own, of what its conditions read.
  const logic = availability ? formLogic(ir) : new FormLogic(ir);
  const condition: FormContext['condition'] = (c) => c && { source: c.source, json_logic: logic.condition(c.expr) };

  // What a calculation assumes when the field is not sent; a required field without a declared default has none.
  const advertisedDefault = (f: FieldIR) => f.default ?? (f.required ? undefined : f.fallback);
  const optionAvailable = availability ? optionAvailability(ir, logic) : () => undefined;
  const context: FormContext = { text, condition, advertisedDefault, optionAvailable };

  const field = (f: FieldIR): Json =>
    compact({
      id: f.id,
      type: f.type,
      label: text(f.label),
      help: text(f.help),
      ...fieldType(f.type).form(f, context),
      required: f.required,
      visible_when: condition(f.visibleWhen),
      enabled_when: condition(f.enabledWhen),
      required_when: condition(f.requiredWhen),
    });

  const group = (g: GroupIR): Json =>
    compact({
      id: g.id,
      label: text(g.label),
      visible_when: condition(g.visibleWhen),
      enabled_when: condition(g.enabledWhen),
      fields: ir.fields.filter((f) => f.group === g.id).map(field),
    });

  const groups = ir.groups.map(group);
  return {
    name: text(ir.name),
    description: text(ir.description),
    language: lang,
    languages: ir.languages,
    currency: ir.currency,
    layout: ir.layout,
    groups,
    quantity: ir.quantity,
    option_availability: availability ? 'form' : 'configure',
    logic_values: logic.values,
    output_info: outputInfoOf(
      ir,
      lang,
      ir.outputs.filter((o) => !o.internal).map((o) => o.id),
    ),
  };
}

function compact(o: Json): Json {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
