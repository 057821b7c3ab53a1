// The `product` declaration: default language, currency, layout, ordered quantity and description.

import type { Layout } from '../ir';
import type { ProductDecl, Span, Value } from '../syntax/ast';
import type { ProductModel } from './checked-model';
import type { Ctx } from './context';
import { CURRENCIES, minorUnits } from './currencies';
import { type Props, readChoice, readInteger, readProps } from './props';
import { didYouMean } from './suggest';
import { checkLanguageTag, MAX_COVERED_LANGUAGES, nameText, readText } from './texts';

export const PRODUCT_PROPS = ['language', 'languages', 'currency', 'layout', 'quantity', 'description', 'list_prices'];
export const QUANTITY_PROPS = ['min', 'max', 'step', 'default'];
export const LAYOUTS: readonly Layout[] = ['sections', 'tabs', 'accordion', 'inline'];
const DEFAULT_QUANTITY = { min: 1, max: 10000, step: 1, default: 1 };

export function readProductProps(ctx: Ctx, decl: ProductDecl): Props {
  return readProps(ctx, decl.entries, PRODUCT_PROPS, 'the product');
}

/** Read first: every text depends on the default language. */
export function readLanguage(ctx: Ctx, props: Props): void {
  const p = props.get('language');
  if (!p) return;
  const v = p.value;
  const tag = v.kind === 'name' ? v.name : v.kind === 'string' ? v.value : undefined;
  if (tag === undefined) {
    ctx.diags.add('E_VALUE', v.span, 'the language must be a language tag like en or "de-CH"');
  } else if (checkLanguageTag(ctx, tag, v.span)) {
    ctx.language = tag;
  }
}

export function readProduct(ctx: Ctx, decl: ProductDecl | undefined, props: Props): ProductModel {
  ctx.languages.add(ctx.language);
  const model: ProductModel = {
    name: decl ? nameText(ctx, decl.name) : nameText(ctx, { kind: 'string', value: '', span: zeroSpan }),
    language: ctx.language,
    currency: 'EUR',
    minorUnits: 2,
    layout: 'sections',
    quantity: { ...DEFAULT_QUANTITY },
  };
  const currency = props.get('currency')?.value;
  if (currency) {
    const code = currency.kind === 'name' ? currency.name : currency.kind === 'string' ? currency.value : '';
    if (CURRENCIES.has(code)) {
      model.currency = code;
      model.minorUnits = minorUnits(code);
    } else {
      const hint = didYouMean(code.toUpperCase(), CURRENCIES);
      ctx.diags.add('E_VALUE', currency.span, `"${code}" is not an ISO 4217 currency code like EUR, USD or CHF${hint}`);
    }
  }
  const layout = props.get('layout');
  if (layout) model.layout = readChoice(ctx, layout.value, LAYOUTS, 'the layout') ?? model.layout;
  const description = props.get('description');
  if (description) {
    const text = readText(ctx, description.value, 'the product description');
    if (text) model.description = text;
  }
  const quantity = props.get('quantity');
  if (quantity) model.quantity = readQuantity(ctx, quantity.value);
  return model;
}

/**
 * `languages: [en, de, "de-CH"]`: the languages the product promises, each checked for a text of every label,
 * help, message and description (W_TRANSLATION_MISSING). Read before any text.
 */
export function readDeclaredLanguages(ctx: Ctx, props: Props): void {
  const v = props.get('languages')?.value;
  if (!v) return;
  if (v.kind !== 'list') {
    ctx.diags.add('E_TYPE', v.span, 'languages must be a list of language tags like [en, de, "de-CH"]');
    return;
  }
  if (v.items.length > MAX_COVERED_LANGUAGES) {
    ctx.diags.add('E_RANGE', v.span, `a product declares at most ${MAX_COVERED_LANGUAGES} languages, found ${v.items.length}`);
    return;
  }
  for (const item of v.items) {
    const tag = item.kind === 'name' ? item.name : item.kind === 'string' ? item.value : undefined;
    if (tag === undefined) ctx.diags.add('E_VALUE', item.span, 'each language must be a language tag like en or "de-CH"');
    else if (!checkLanguageTag(ctx, tag, item.span)) continue;
    else if (ctx.declaredLanguages.has(tag)) ctx.diags.add('E_DUPLICATE', item.span, `the language "${tag}" is declared twice`);
    else {
      ctx.declaredLanguages.add(tag);
      ctx.languages.add(tag);
    }
  }
}

const zeroSpan: Span = { line: 1, column: 1, endLine: 1, endColumn: 1, start: 0, end: 0 };

function readQuantity(ctx: Ctx, block: Value): ProductModel['quantity'] {
  const q = { ...DEFAULT_QUANTITY };
  const span = block.span;
  if (block.kind !== 'block') {
    ctx.diags.add('E_TYPE', span, 'the quantity must be a block like { min: 1, max: 50, step: 1, default: 1 }');
    return q;
  }
  const props = readProps(ctx, block.entries, QUANTITY_PROPS, 'the product quantity');
  const int = (name: 'min' | 'max' | 'step' | 'default', min: number) => {
    const p = props.get(name);
    const n = p ? readInteger(ctx, p.value, `the quantity ${name}`, min) : undefined;
    if (n !== undefined) q[name] = n;
    return p;
  };
  int('min', 1);
  const max = int('max', 1);
  int('step', 1);
  const def = int('default', 1);
  if (q.min > q.max) {
    ctx.diags.add('E_RANGE', max?.value.span ?? span, `the quantity max ${q.max} is below its min ${q.min}`);
    return q;
  }
  if (!def) {
    q.default = q.min;
  } else if (q.default < q.min || q.default > q.max) {
    ctx.diags.add('E_DEFAULT', def.value.span, `the quantity default ${q.default} is outside ${q.min}..${q.max}`);
  } else if ((q.default - q.min) % q.step !== 0) {
    ctx.diags.add(
      'E_DEFAULT',
      def.value.span,
      `the quantity default ${q.default} is not min ${q.min} plus a multiple of the step ${q.step}`,
    );
  }
  return q;
}
