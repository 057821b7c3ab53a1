// The schema language for CodeMirror: a line-by-line tokenizer (a StreamLanguage, so a keystroke re-reads only
// the lines it touched and what follows up to the viewport), its colours and its indentation. Keywords, field
// types, table kinds and operators come from the language itself through the generated vocabulary.
import { HighlightStyle, LanguageSupport, StreamLanguage, type StringStream, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { vocabulary } from '../../generated/vocabulary';

const KEYWORDS = new Set(vocabulary.keywords);
const DECLARATIONS = new Set(vocabulary.declarations);
const KINDS = new Set([...Object.keys(vocabulary.fieldTypes), ...Object.keys(vocabulary.tableKinds)]);
/** Characters coloured as operators: the binary operators' symbols, and `-` (negation), `=` and `%` (percent). */
const OPERATOR_CHARS = new Set(['-', '=', '%', ...vocabulary.operators.flatMap((o) => (/^[a-z]/.test(o) ? [] : [...o]))]);

interface State {
  /** Inside a block comment that started on an earlier line. */
  comment: boolean;
  /** Open brackets, for indentation. */
  depth: number;
  /** Where a declaration's head stands: after `field`/`table` (a name follows), after its name and `:` (a kind). */
  head: 'name' | 'colon' | 'kind' | null;
}

function blockComment(stream: StringStream, state: State): string {
  state.comment = !stream.skipTo('*/');
  if (state.comment) stream.skipToEnd();
  else stream.pos += 2;
  return 'comment';
}

function word(stream: StringStream, state: State, w: string): string | null {
  const head = state.head;
  state.head = null;
  if (w === 'true' || w === 'false') return 'bool';
  if (KEYWORDS.has(w)) {
    if (w === 'field' || w === 'table') state.head = 'name';
    return 'keyword';
  }
  if (head === 'name') {
    state.head = 'colon';
    return 'variableName.definition';
  }
  if (head === 'kind' && KINDS.has(w)) return 'typeName';
  if (stream.match(/^\s*\(/, false)) return 'variableName.function';
  // A property (`label:`, `options {`): a word that opens an entry, followed by `:` or `{`.
  const before = stream.string.slice(0, stream.start);
  if (stream.match(/^\s*[:{]/, false) && /(^|[{,])\s*$/.test(before)) return 'propertyName';
  return 'variableName';
}

const parser = StreamLanguage.define<State>({
  name: 'cpq',
  startState: () => ({ comment: false, depth: 0, head: null }),
  token(stream, state) {
    if (state.comment) return blockComment(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match('//')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match('/*')) return blockComment(stream, state);
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) {
      state.head = null;
      return 'string';
    }
    if (stream.match(/^@[A-Za-z_][A-Za-z0-9_]*/)) return 'labelName';
    if (stream.match(/^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?%?/)) return 'number';
    const w = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/);
    if (w) return word(stream, state, (w as RegExpMatchArray)[0]);
    const ch = stream.next() ?? '';
    if (ch === ':' && state.head === 'colon') state.head = 'kind';
    else state.head = null;
    if (ch === '{' || ch === '[' || ch === '(') {
      state.depth++;
      return 'bracket';
    }
    if (ch === '}' || ch === ']' || ch === ')') {
      state.depth = Math.max(0, state.depth - 1);
      return 'bracket';
    }
    return OPERATOR_CHARS.has(ch) ? 'operator' : null;
  },
  indent(state, textAfter, cx) {
    if (state.comment) return null;
    const closing = /^\s*[}\])]/.test(textAfter) ? 1 : 0;
    return Math.max(0, state.depth - closing) * cx.unit;
  },
  languageData: {
    commentTokens: { line: '//', block: { open: '/*', close: '*/' } },
    closeBrackets: { brackets: ['(', '[', '{', '"'] },
    indentOnInput: /^\s*[}\]]$/,
  },
});

/** Colours chosen for at least 4.5:1 against the editor's white background. */
const style = HighlightStyle.define([
  { tag: t.keyword, color: '#7a2bb5' },
  { tag: t.bool, color: '#7a2bb5' },
  { tag: t.typeName, color: '#00607f' },
  { tag: t.string, color: '#a3370f' },
  { tag: t.number, color: '#08703f' },
  { tag: t.comment, color: '#5f6878', fontStyle: 'italic' },
  { tag: t.labelName, color: '#a82b72' },
  { tag: t.propertyName, color: '#2f49b4' },
  { tag: t.function(t.variableName), color: '#8a5300' },
  { tag: t.definition(t.variableName), color: '#1d2330', fontWeight: '600' },
]);

/** The words that start a declaration at the beginning of a line (for the completion of a new one). */
export function isDeclarationKeyword(w: string): boolean {
  return DECLARATIONS.has(w);
}

export function cpqLanguage(): LanguageSupport {
  return new LanguageSupport(parser, [syntaxHighlighting(style)]);
}
