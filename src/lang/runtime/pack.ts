// Everything language-dependent that evaluation needs, resolved once per (model, language) and then cached.

import type { CompiledModel } from './compiled-model';
import type { Fn } from './context';
import type { Val } from './fault';
import { resolveText } from './language';
import { catalogFor, type Messages } from './messages';
import { formatNumber } from './numeric';

/** A rule message: literal text and the values to insert. */
export type Template = (string | Fn)[];

export interface Pack {
  readonly messages: Messages;
  readonly fieldLabels: string[];
  readonly lineLabels: string[];
  readonly ruleMessages: Template[];
  /** By constraint index; empty for options' available_when, which use the catalog's message. */
  readonly constraintMessages: Template[];
  /** By field index: option id → label, for choice fields. */
  readonly optionLabels: (Map<string, string> | undefined)[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `{name}` inserts a value, `{{` and `}}` are literal braces; a brace that is neither stays as written. */
export function parseTemplate(src: string, lookup: (name: string) => Fn | undefined): Template {
  const parts: Template = [];
  let text = '';
  let i = 0;
  while (i < src.length) {
    const ch = src[i] as string;
    const next = src[i + 1];
    if ((ch === '{' || ch === '}') && next === ch) {
      text += ch;
      i += 2;
      continue;
    }
    if (ch === '{') {
      const end = src.indexOf('}', i + 1);
      const name = end < 0 ? '' : src.slice(i + 1, end);
      const fn = NAME.test(name) ? lookup(name) : undefined;
      if (fn !== undefined) {
        if (text !== '') parts.push(text);
        text = '';
        parts.push(fn);
        i = end + 1;
        continue;
      }
    }
    text += ch;
    i++;
  }
  if (text !== '') parts.push(text);
  return parts;
}

export function formatValue(v: Val): string {
  return typeof v === 'number' ? formatNumber(v) : String(v);
}

export function makePack(m: CompiledModel, language: string): Pack {
  const { ir } = m;
  const text = (t: Record<string, string>): string => resolveText(t, language, ir.language);
  return {
    messages: catalogFor(language),
    fieldLabels: ir.fields.map((f) => (f.label === undefined ? f.id : text(f.label))),
    lineLabels: ir.price.lines.map((l) => text(l.label)),
    ruleMessages: ir.rules.map((r) => parseTemplate(text(r.message), m.lookup)),
    constraintMessages: m.constraints.map((k) => (k.message === undefined ? [] : parseTemplate(text(k.message), m.lookup))),
    optionLabels: ir.fields.map((f) => (f.options ? new Map(f.options.map((o) => [o.id, text(o.label)])) : undefined)),
  };
}
