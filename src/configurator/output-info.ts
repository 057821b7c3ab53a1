// What a storefront shows next to output values: each group's and item's translated label (the id made readable
// when the schema gives none) and unit, whether a group is internal, and whether an item is a number or a text.
// Served beside `result.groups` (never inside it, which stays item → number) and in the form for the public groups.
import type { OutputInfo } from '../api/output-info';
import { resolveText } from '../lang/instantiate';
import type { OutputIR, ProductIR } from '../lang/ir';
import { readableId } from '../lang/readable-id';

const cache = new WeakMap<ProductIR, Map<string, Map<string, OutputInfo>>>();

/** Every output group's info in one language, built once per compiled product and language. */
export function outputInfo(ir: ProductIR, lang: string): Map<string, OutputInfo> {
  let byLang = cache.get(ir);
  if (!byLang) {
    byLang = new Map();
    cache.set(ir, byLang);
  }
  let info = byLang.get(lang);
  if (!info) {
    info = new Map(ir.outputs.map((o) => [o.id, describe(o, ir, lang)]));
    byLang.set(lang, info);
  }
  return info;
}

function describe(o: OutputIR, ir: ProductIR, lang: string): OutputInfo {
  const text = (t: Record<string, string> | undefined) => (t ? resolveText(t, lang, ir.language) : undefined);
  const items: Record<string, OutputInfo['items'][string]> = {};
  for (const it of o.items) {
    const unit = it.unit ?? o.unit;
    const item = {
      label: text(it.label) ?? readableId(it.id),
      ...(unit === undefined ? {} : { unit }),
      type: it.text ? 'text' : 'number',
    } as const;
    // defineProperty: an item named __proto__ stays plain data.
    Object.defineProperty(items, it.id, { value: item, enumerable: true });
  }
  return {
    label: text(o.label) ?? readableId(o.id),
    ...(o.unit === undefined ? {} : { unit: o.unit }),
    internal: o.internal,
    items,
  };
}

/** The info of the groups in `ids` (or of the public groups), keyed like `result.groups`. */
export function outputInfoOf(ir: ProductIR, lang: string, ids: Iterable<string>): Record<string, OutputInfo> {
  const all = outputInfo(ir, lang);
  const out: Record<string, OutputInfo> = {};
  for (const id of ids) {
    const info = all.get(id);
    if (info) Object.defineProperty(out, id, { value: info, enumerable: true });
  }
  return out;
}
