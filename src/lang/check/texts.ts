// Texts (strings, `{ en: …, de: … }` maps and `@key` translation keys), translation blocks, language tags and
// the `{name}` placeholders of rule messages.

import type { Text } from '../ir';
import type { Span, StringLit, TranslationsDecl, Value } from '../syntax/ast';
import type { Ctx, Translation } from './context';
import { readLiteral } from './props';
import { didYouMean } from './suggest';

/** BCP 47, simplified: a 2–3 letter language, then subtags such as a region (`de-CH`) or script. */
const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export function checkLanguageTag(ctx: Ctx, tag: string, span: Span): boolean {
  if (LANGUAGE_TAG.test(tag)) return true;
  ctx.diags.add('E_VALUE', span, `"${tag}" is not a language tag; expected a tag like en, de or "de-CH"`);
  return false;
}

export function readTranslations(ctx: Ctx, decl: TranslationsDecl): void {
  const lang = decl.lang.text;
  if (decl.lang.kind !== 'name' && decl.lang.kind !== 'string') {
    ctx.diags.add('E_VALUE', decl.lang.span, `expected a language tag after "translations", found ${decl.lang.text}`);
    return;
  }
  if (!checkLanguageTag(ctx, lang, decl.lang.span)) return;
  if (ctx.translations.has(lang)) {
    ctx.diags.add('E_DUPLICATE', decl.lang.span, `translations for "${lang}" are declared twice`);
    return;
  }
  const keys = new Map<string, Translation>();
  ctx.translations.set(lang, keys);
  ctx.languages.add(lang);
  for (const entry of decl.entries) {
    if (entry.kind !== 'prop' || entry.key.kind !== 'name') {
      ctx.diags.add('E_PROPERTY', entry.span, 'a translations block holds only entries like key_name: "text"');
      continue;
    }
    const text = readLiteral(ctx, entry.value, 'string', `the translation "${entry.key.text}"`);
    if (text === undefined) continue;
    if (keys.has(entry.key.text)) {
      ctx.diags.add('E_DUPLICATE', entry.key.span, `the translation key "${entry.key.text}" is declared twice for "${lang}"`);
      continue;
    }
    keys.set(entry.key.text, { text, span: entry.value.span });
  }
}

export interface TextOptions {
  /** Rule messages: check their `{name}` placeholders. */
  interpolate?: boolean;
}

/** A text; `what` names it in messages ("the label of field width"). */
export function readText(ctx: Ctx, v: Value, what: string, opts: TextOptions = {}): Text | undefined {
  const text = readTextOnly(ctx, v, what, opts);
  if (text) ctx.texts.push({ text, span: v.span, what });
  return text;
}

/** Languages a product may declare: each text is compared with each, so the check stays linear in the schema. */
export const MAX_COVERED_LANGUAGES = 50;

/**
 * W_TRANSLATION_MISSING for each text missing in a language the product declares (`languages: [en, de]`). A
 * regional tag is covered by its language (`de` covers `de-CH`), as at run time.
 */
export function checkTranslationCoverage(ctx: Ctx): void {
  const languages = [...ctx.declaredLanguages].filter((l) => l !== ctx.language);
  if (languages.length === 0) return;
  const base = languages.map((l) => l.split('-')[0]!);
  for (const { text, span, what } of ctx.texts) {
    const missing = languages.filter((l, i) => !Object.hasOwn(text, l) && !Object.hasOwn(text, base[i]!));
    if (missing.length === 0) continue;
    const list = missing.map((l) => `"${l}"`).join(', ');
    ctx.diags.add('W_TRANSLATION_MISSING', span, `${what} has no text in ${list}; it is shown in "${ctx.language}" there`);
  }
}

function readTextOnly(ctx: Ctx, v: Value, what: string, opts: TextOptions): Text | undefined {
  const text: Text = Object.create(null);
  if (v.kind === 'string') {
    text[ctx.language] = v.value;
    if (opts.interpolate) checkPlaceholders(ctx, v.value, v.span);
    return text;
  }
  if (v.kind === 'block') {
    let ok = true;
    for (const entry of v.entries) {
      if (entry.kind !== 'prop' || (entry.key.kind !== 'name' && entry.key.kind !== 'string')) {
        ctx.diags.add('E_PROPERTY', entry.span, `${what} holds only entries like en: "text"`);
        ok = false;
        continue;
      }
      const lang = entry.key.text;
      const s = readLiteral(ctx, entry.value, 'string', `the "${lang}" text of ${what}`);
      if (!checkLanguageTag(ctx, lang, entry.key.span) || s === undefined) {
        ok = false;
        continue;
      }
      if (Object.hasOwn(text, lang)) {
        ctx.diags.add('E_DUPLICATE', entry.key.span, `${what} gives the language "${lang}" twice`);
        continue;
      }
      text[lang] = s;
      ctx.languages.add(lang);
      if (opts.interpolate) checkPlaceholders(ctx, s, entry.value.span);
    }
    if (ok && !Object.hasOwn(text, ctx.language)) {
      ctx.diags.add('E_LABEL_MISSING', v.span, `${what} has no text in the default language "${ctx.language}"`);
    }
    return ok ? text : undefined;
  }
  if (v.kind === 'transKey') return translated(ctx, v.key, v.span, what, opts);
  ctx.diags.add('E_TYPE', v.span, `${what} must be a text: a string, a map like { en: "…" } or a translation key like @name`);
  return undefined;
}

function translated(ctx: Ctx, key: string, span: Span, what: string, opts: TextOptions): Text | undefined {
  const text: Text = Object.create(null);
  for (const [lang, keys] of ctx.translations) {
    const t = keys.get(key);
    if (!t) continue;
    text[lang] = t.text;
    if (opts.interpolate) checkPlaceholders(ctx, t.text, t.span);
  }
  if (ctx.brokenTranslations) return Object.keys(text).length > 0 ? text : undefined;
  if (Object.keys(text).length === 0) {
    const known = function* () {
      for (const keys of ctx.translations.values()) yield* keys.keys();
    };
    ctx.diags.add(
      'E_UNDEFINED',
      span,
      `the translation key "@${key}" is not declared in any translations block${didYouMean(key, known, '@')}`,
    );
    return undefined;
  }
  if (!Object.hasOwn(text, ctx.language)) {
    ctx.diags.add('E_LABEL_MISSING', span, `${what}: "@${key}" has no text in the default language "${ctx.language}"`);
    return undefined;
  }
  return text;
}

/** A product name: a string in the default language. */
export function nameText(ctx: Ctx, name: StringLit): Text {
  const text: Text = Object.create(null);
  text[ctx.language] = name.value;
  return text;
}

/** `{name}` must name a field or a let; `{{` and `}}` are literal braces. */
function checkPlaceholders(ctx: Ctx, s: string, span: Span): void {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if ((c === '{' || c === '}') && s[i + 1] === c) {
      i++;
      continue;
    }
    if (c === '}') {
      ctx.diags.add('E_VALUE', span, 'a message has a "}" without "{"; write "}}" for a literal brace');
      return;
    }
    if (c !== '{') continue;
    const close = s.indexOf('}', i);
    const name = close === -1 ? '' : s.slice(i + 1, close);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      ctx.diags.add(
        'E_VALUE',
        span,
        'a message has a "{" that does not enclose a name like {width}; write "{{" for a literal brace',
      );
      return;
    }
    checkPlaceholderName(ctx, name, span);
    i = close;
  }
}

function checkPlaceholderName(ctx: Ctx, name: string, span: Span): void {
  const sym = ctx.value(name);
  if (!sym) {
    ctx.diags.add(
      'E_UNDEFINED',
      span,
      `the message inserts {${name}}, which is not a field or let${didYouMean(name, ctx.valueNames())}`,
    );
  } else if (sym.kind === 'table') {
    ctx.diags.add('E_TYPE', span, `the message inserts {${name}}, a table; only fields and lets can be inserted`);
  } else {
    ctx.used.add(name);
  }
}
