// The CodeMirror view of a schema: the language, completion, diagnostics (gutter marks, hover, F8 to the next),
// bracket matching and closing, find and replace, comment toggle (Ctrl+/), history, Tab indentation (Esc then
// Tab leaves the editor, CodeMirror's own convention). Styles CodeMirror injects carry the page's CSP nonce.
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { bracketMatching, indentOnInput, indentUnit } from '@codemirror/language';
import { lintGutter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  type KeyBinding,
  keymap,
  lineNumbers,
  type ViewUpdate,
} from '@codemirror/view';
import { completeSchema } from './complete';
import { cpqLanguage } from './language';

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13.5px', backgroundColor: '#ffffff', color: '#1d2330' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.6' },
  '.cm-content': { padding: '12px 0' },
  // Gutter numbers at 7:1 against their background (axe: 4.5:1 at least).
  '.cm-gutters': { backgroundColor: '#f1f3f7', color: '#4d5566', borderRight: '1px solid #dfe3ea' },
  '.cm-activeLineGutter': { backgroundColor: '#e4e8f0', color: '#1d2330' },
  '.cm-activeLine': { backgroundColor: '#f5f7fb' },
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: '#cfe8d6', outline: '1px solid #2f8a4a' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: '#f6d5d2' },
  '.cm-tooltip-lint': { maxWidth: '36rem' },
});

export interface ViewOptions {
  source: string;
  readonly: boolean;
  label: string;
  nonce: string;
  /** Keys the page adds (Ctrl+S). */
  keys: readonly KeyBinding[];
  onChange(update: ViewUpdate): void;
}

export function createView(parent: HTMLElement, o: ViewOptions): EditorView {
  const extensions: Extension[] = [
    EditorView.cspNonce.of(o.nonce),
    // tabindex: a read-only editor stays a tab stop (to scroll and select with the keyboard), and axe counts the
    // scroller as keyboard-reachable.
    EditorView.contentAttributes.of({ 'aria-label': o.label, spellcheck: 'false', autocapitalize: 'off', tabindex: '0' }),
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    drawSelection(),
    highlightActiveLine(),
    cpqLanguage(),
    indentUnit.of('  '),
    bracketMatching(),
    search({ top: true }),
    highlightSelectionMatches(),
    lintGutter(),
    theme,
    // One keymap, earlier bindings first: completion takes Enter before a new line does.
    keymap.of([
      ...o.keys,
      ...(o.readonly ? [] : [...closeBracketsKeymap, ...completionKeymap, ...historyKeymap, indentWithTab]),
      ...searchKeymap,
      ...lintKeymap,
      ...defaultKeymap,
    ]),
    EditorView.updateListener.of((u) => {
      if (u.docChanged || u.selectionSet) o.onChange(u);
    }),
  ];
  if (o.readonly) extensions.push(EditorState.readOnly.of(true), EditorView.editable.of(false));
  else {
    extensions.push(
      history(),
      indentOnInput(),
      closeBrackets(),
      autocompletion({ override: [completeSchema], defaultKeymap: false }),
    );
  }
  return new EditorView({ parent, state: EditorState.create({ doc: o.source, extensions }) });
}
