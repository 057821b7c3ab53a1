// What a schema declares, read for completion: fields (type, options, option attributes), lets, tables, groups,
// outputs and translation keys. One linear pass over the lines that tracks brace depth outside strings and
// comments; it is approximate on broken text (the server's checker is the judge), and cached per document.
import type { Text } from '@codemirror/state';
import { vocabulary } from '../../generated/vocabulary';

export interface FieldSymbol {
  type: string;
  options: string[];
  attributes: string[];
  /** The named option set (`options <id> { … }`) the field takes, if any. */
  set?: string;
}

export interface Symbols {
  fields: Map<string, FieldSymbol>;
  lets: string[];
  tables: string[];
  groups: string[];
  outputs: string[];
  translationKeys: string[];
}

const HEAD =
  /^(field|let|table|group|output|translations|options)\s+([A-Za-z_][A-Za-z0-9_]*)(?:\s*:\s*([A-Za-z_][A-Za-z0-9_]*))?/;
/** A line that starts a declaration: its keyword at column 0. */
const DECLARATION = new RegExp(`^(${vocabulary.declarations.join('|')})\\b`);
/** A field that takes a named option set: `options: palette`. */
const NAMED_SET = /^\s*options\s*:\s*([A-Za-z_][A-Za-z0-9_]*)/;
const KEY = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*[:{]/;
const INNER_KEYS = /[{,]\s*([A-Za-z_][A-Za-z0-9_]*)\s*:/g;

/** The choice types: those whose declarations take `options`. */
const CHOICE = new Set(
  Object.entries(vocabulary.fieldTypes).flatMap(([name, props]) => (props.includes('options') ? [name] : [])),
);

/** A line without its strings and comments, and whether a block comment is still open at its end. */
function code(line: string, inComment: boolean): { text: string; inComment: boolean } {
  let out = '';
  let i = 0;
  let comment = inComment;
  while (i < line.length) {
    if (comment) {
      const end = line.indexOf('*/', i);
      if (end < 0) return { text: out, inComment: true };
      comment = false;
      i = end + 2;
      continue;
    }
    const ch = line[i];
    if (ch === '/' && line[i + 1] === '/') break;
    if (ch === '/' && line[i + 1] === '*') {
      comment = true;
      i += 2;
      continue;
    }
    if (ch === '"') {
      const m = /^"(?:[^"\\]|\\.)*"?/.exec(line.slice(i));
      const len = m ? m[0].length : 1;
      out += `"${' '.repeat(Math.max(0, len - 2))}"`;
      i += len;
      continue;
    }
    out += ch;
    i++;
  }
  return { text: out, inComment: comment };
}

function scan(doc: Text): Symbols {
  const s: Symbols = { fields: new Map(), lets: [], tables: [], groups: [], outputs: [], translationKeys: [] };
  const keys = new Set<string>();
  let depth = 0;
  let inComment = false;
  let current: { kind: string; field?: FieldSymbol } | null = null;
  const sets = new Map<string, FieldSymbol>();
  /** Depth of the `options` block of the current choice field, while inside it. */
  let optionsDepth = -1;
  for (const raw of doc.iterLines()) {
    const c = code(raw, inComment);
    inComment = c.inComment;
    const line = c.text;
    if (depth === 0) {
      const m = HEAD.exec(line);
      current = null;
      if (m) {
        const [, kind, name, type] = m as unknown as [string, string, string, string | undefined];
        current = { kind };
        if (kind === 'field') {
          current.field = { type: type ?? '', options: [], attributes: [] };
          s.fields.set(name, current.field);
        } else if (kind === 'let') s.lets.push(name);
        else if (kind === 'table') s.tables.push(name);
        else if (kind === 'group') s.groups.push(name);
        else if (kind === 'output') s.outputs.push(name);
        else if (kind === 'options') {
          // A named set reads like a choice field's options block one level up.
          current.field = { type: '', options: [], attributes: [] };
          sets.set(name, current.field);
          optionsDepth = 0;
        }
      }
    } else if (current?.kind === 'translations' && depth === 1) {
      const k = KEY.exec(line);
      if (k) keys.add(k[1]!);
    } else if (current?.field && (CHOICE.has(current.field.type) || current.kind === 'options')) {
      const f = current.field;
      const k = KEY.exec(line);
      const named = depth === 1 ? NAMED_SET.exec(line) : null;
      if (named) f.set = named[1]!;
      else if (depth === 1 && k?.[1] === 'options') optionsDepth = 1;
      else if (optionsDepth >= 0 && depth === optionsDepth + 1 && k) {
        f.options.push(k[1]!);
        for (const a of line.matchAll(INNER_KEYS)) if (!f.attributes.includes(a[1]!)) f.attributes.push(a[1]!);
      } else if (optionsDepth >= 0 && depth === optionsDepth + 2 && k && !f.attributes.includes(k[1]!)) {
        f.attributes.push(k[1]!);
      }
    }
    for (const ch of line) {
      if (ch === '{' || ch === '[' || ch === '(') depth++;
      else if (ch === '}' || ch === ']' || ch === ')') depth = Math.max(0, depth - 1);
    }
    if (depth <= 1 && current?.kind !== 'options') optionsDepth = -1;
  }
  for (const f of s.fields.values()) {
    const set = f.set === undefined ? undefined : sets.get(f.set);
    if (set) Object.assign(f, { options: set.options, attributes: set.attributes });
  }
  s.translationKeys = [...keys];
  return s;
}

let cached: { doc: Text; symbols: Symbols } | null = null;

/** The symbols of a document; computed once per document version, on the first completion that needs them. */
export function symbolsOf(doc: Text): Symbols {
  if (cached?.doc !== doc) cached = { doc, symbols: scan(doc) };
  return cached.symbols;
}

/**
 * The blocks that enclose `pos`, outermost first, each as the words that opened it (`field width: number {` →
 * ['field', 'width', ':', 'number']). Read from the start of the enclosing top-level declaration only.
 */
export function blocksAt(doc: Text, pos: number): string[][] {
  const here = doc.lineAt(pos);
  let start = here.number;
  // A declaration starts at column 0 with its keyword; look back a bounded number of lines for it.
  for (let n = here.number, seen = 0; n >= 1 && seen < 5000; n--, seen++) {
    const text = doc.line(n).text;
    if (DECLARATION.test(text)) {
      start = n;
      break;
    }
  }
  const stack: string[][] = [];
  let words: string[] = [];
  let inComment = false;
  for (let n = start; n <= here.number; n++) {
    const line = doc.line(n);
    const raw = n === here.number ? line.text.slice(0, pos - line.from) : line.text;
    const c = code(raw, inComment);
    inComment = c.inComment;
    for (const m of c.text.matchAll(/[A-Za-z_][A-Za-z0-9_]*|[{}[\](),:=]/g)) {
      const tok = m[0];
      if (tok === '{') {
        stack.push(words);
        words = [];
      } else if (tok === '}') {
        stack.pop();
        words = [];
      } else if (tok === ',') words = [];
      else words.push(tok);
    }
    if (n < here.number) words = [];
  }
  return stack;
}
