import type { Condition, FieldIR, GroupIR, OptionIR, ProductIR } from '../lang/ir';
import { resolveText, toJsonLogic } from '../lang/runtime';
import type { LoadedProduct } from '../products/models';

export interface ConditionJson {
  source: string;
  /** null when the condition uses something JSON Logic cannot express (round, range tables, …). */
  json_logic: unknown;
}

type Json = Record<string, unknown>;

const rendered = new WeakMap<LoadedProduct, Map<string, string>>();

/** The serialized form document of a product version in one language, built once per version and language. */
export function formBody(loaded: LoadedProduct, productId: string, lang: string): string {
  let byLang = rendered.get(loaded);
  if (!byLang) rendered.set(loaded, (byLang = new Map()));
  let body = byLang.get(lang);
  if (body === undefined) {
    body = JSON.stringify({ product_id: productId, version: loaded.version, ...renderForm(loaded.model.ir, lang) });
    byLang.set(lang, body);
  }
  return body;
}

function renderForm(ir: ProductIR, lang: string): Json {
  const text = (t: Record<string, string> | undefined) => (t ? resolveText(t, lang, ir.language) : undefined);
  const condition = (c: Condition | undefined): ConditionJson | undefined =>
    c && { source: c.source, json_logic: toJsonLogic(c.expr, ir) };

  const option = (o: OptionIR): Json => ({ id: o.id, label: text(o.label), ...o.attrs });

  const validation = (f: FieldIR): Json | undefined => {
    const rules = compact({ min: f.min, max: f.max, step: f.step, max_length: f.maxLength, pattern: f.pattern });
    return Object.keys(rules).length > 0 ? rules : undefined;
  };

  // What a calculation assumes when the field is not sent; a required field without a declared default has none.
  const advertisedDefault = (f: FieldIR) => f.default ?? (f.required ? undefined : f.fallback);

  const field = (f: FieldIR): Json =>
    compact({
      id: f.id,
      type: f.type,
      label: text(f.label),
      help: text(f.help),
      unit: f.unit,
      validation: f.type === 'hidden' ? undefined : validation(f),
      options: f.options?.map(option),
      presets: f.presets,
      default: f.type === 'hidden' ? undefined : advertisedDefault(f),
      required: f.required,
      visible_when: condition(f.visibleWhen),
      enabled_when: condition(f.enabledWhen),
      required_when: condition(f.requiredWhen),
      value: f.value && { source: f.valueSource ?? '', json_logic: toJsonLogic(f.value, ir) },
    });

  const group = (g: GroupIR): Json =>
    compact({
      id: g.id,
      label: text(g.label),
      visible_when: condition(g.visibleWhen),
      enabled_when: condition(g.enabledWhen),
      fields: ir.fields.filter((f) => f.group === g.id).map(field),
    });

  return {
    name: text(ir.name),
    description: text(ir.description),
    language: lang,
    languages: ir.languages,
    currency: ir.currency,
    layout: ir.layout,
    groups: ir.groups.map(group),
    quantity: ir.quantity,
  };
}

function compact(o: Json): Json {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
