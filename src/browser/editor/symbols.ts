// What a schema declares, read for completion: fields (type, options, option attributes), option sets, lets, tables,
// groups, outputs, price lines and translation keys. One linear pass over the lines that tracks brace depth outside strings and
// comments; it is approximate on broken text (the server's checker is the judge). Cached per document, and per
// leaf of CodeMirror's document tree, so that a keystroke in a long schema re-reads a few lines, not all of them.
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
  /** Named option sets (`options <id> { … }`), with their options and attributes. */
  sets: Map<string, FieldSymbol>;
  /** The price block's lines and surcharges (`price.<line>` in `list_prices`). */
  lines: string[];
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
/** A price line or surcharge: `line frame: …` (several on a line of one-line blocks). */
const LINES = /\b(?:line|surcharge)\s+([A-Za-z_][A-Za-z0-9_]*)\s*:/g;
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

/** Where a line starts: what the lines before it left open. Plain data, so that it can be compared as a key. */
interface LineState {
  depth: number;
  inComment: boolean;
  /** Depth of the `options` block of the current choice field (or named set), while inside it; else -1. */
  optionsDepth: number;
  /** The top-level declaration the line is in, and the type of the field (or '' for a named set) it declares. */
  kind: string | null;
  type: string | null;
}

/**
 * What a run of lines declares, as steps replayed in order: `field`/`set` start a declaration that the `named`,
 * `option` and `attr` steps after them add to.
 */
type Step =
  | ['field' | 'set', string, string]
  | ['let' | 'table' | 'group' | 'output' | 'key' | 'named' | 'option' | 'attr' | 'line', string];

const START: LineState = { depth: 0, inComment: false, optionsDepth: -1, kind: null, type: null };
const keyOf = (s: LineState) => `${s.depth} ${s.inComment} ${s.optionsDepth} ${s.kind} ${s.type}`;

/** Reads one line: appends its steps, returns the state the next line starts in. */
function readLine(raw: string, from: LineState, steps: Step[]): LineState {
  const c = code(raw, from.inComment);
  const line = c.text;
  let { depth, optionsDepth, kind, type } = from;
  if (depth === 0) {
    const m = HEAD.exec(line);
    kind = null;
    type = null;
    if (m) {
      const [, k, name, t] = m as unknown as [string, string, string, string | undefined];
      kind = k;
      if (k === 'field') {
        type = t ?? '';
        steps.push(['field', name, type]);
      } else if (k === 'options') {
        // A named set reads like a choice field's options block one level up.
        type = '';
        steps.push(['set', name, '']);
        optionsDepth = 0;
      } else if (k === 'let' || k === 'table' || k === 'group' || k === 'output') steps.push([k, name]);
    } else if (/^price\b/.test(line)) kind = 'price';
  } else if (kind === 'translations' && depth === 1) {
    const k = KEY.exec(line);
    if (k) steps.push(['key', k[1]!]);
  } else if (type !== null && (CHOICE.has(type) || kind === 'options')) {
    const k = KEY.exec(line);
    const named = depth === 1 ? NAMED_SET.exec(line) : null;
    if (named) steps.push(['named', named[1]!]);
    else if (depth === 1 && k?.[1] === 'options') optionsDepth = 1;
    else if (optionsDepth >= 0 && depth === optionsDepth + 1 && k) {
      steps.push(['option', k[1]!]);
      for (const a of line.matchAll(INNER_KEYS)) steps.push(['attr', a[1]!]);
    } else if (optionsDepth >= 0 && depth === optionsDepth + 2 && k) steps.push(['attr', k[1]!]);
  }
  if (kind === 'price') for (const l of line.matchAll(LINES)) steps.push(['line', l[1]!]);
  for (const ch of line) {
    if (ch === '{' || ch === '[' || ch === '(') depth++;
    else if (ch === '}' || ch === ']' || ch === ')') depth = Math.max(0, depth - 1);
  }
  if (depth <= 1 && kind !== 'options') optionsDepth = -1;
  return { depth, inComment: c.inComment, optionsDepth, kind, type };
}

/**
 * Each leaf of a document's tree (a few dozen lines, shared between a document and the next one wherever an edit
 * did not touch it) read once per state it is entered in: an edit costs the leaves it touched, not the document.
 */
const leaves = new WeakMap<Text, { entry: string; exit: LineState; steps: Step[] }>();

function readText(text: Text, from: LineState, steps: Step[]): LineState {
  if (text.children) {
    let state = from;
    for (const child of text.children) state = readText(child, state, steps);
    return state;
  }
  const entry = keyOf(from);
  let known = leaves.get(text);
  if (known?.entry !== entry) {
    const own: Step[] = [];
    let state = from;
    for (const line of text.iterLines()) state = readLine(line, state, own);
    known = { entry, exit: state, steps: own };
    leaves.set(text, known);
  }
  for (const step of known.steps) steps.push(step);
  return known.exit;
}

function scan(doc: Text): Symbols {
  const steps: Step[] = [];
  readText(doc, START, steps);
  const sets = new Map<string, FieldSymbol>();
  const s: Symbols = { fields: new Map(), sets, lines: [], lets: [], tables: [], groups: [], outputs: [], translationKeys: [] };
  const keys = new Set<string>();
  let current: FieldSymbol | null = null;
  for (const step of steps) {
    const [what, name] = step;
    if (what === 'field' || what === 'set') {
      current = { type: step[2], options: [], attributes: [] };
      if (what === 'field') s.fields.set(name, current);
      else sets.set(name, current);
    } else if (what === 'let') s.lets.push(name);
    else if (what === 'table') s.tables.push(name);
    else if (what === 'group') s.groups.push(name);
    else if (what === 'output') s.outputs.push(name);
    else if (what === 'line') s.lines.push(name);
    else if (what === 'key') keys.add(name);
    else if (current && what === 'named') current.set = name;
    else if (current && what === 'option') current.options.push(name);
    else if (current && what === 'attr' && !current.attributes.includes(name)) current.attributes.push(name);
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
