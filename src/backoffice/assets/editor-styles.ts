// Styles of the schema editor page around CodeMirror (whose own look is its theme in src/browser/editor/view.ts):
// the page's grid, the draft bar, the problems and tests lists, the draft preview beside the editor.
export const editorCss = String.raw`
.editor-layout { display: grid; grid-template-columns: minmax(0, 1fr) minmax(340px, 460px); gap: 1.25rem; align-items: start; }
@media (max-width: 1050px) { .editor-layout { grid-template-columns: minmax(0, 1fr); } }
.editor-bar { display: flex; gap: .75rem; align-items: flex-end; justify-content: space-between; flex-wrap: wrap; margin-bottom: .75rem; }
.editor-bar > p { margin: 0; flex: 1 1 320px; }
.editor-bar .field { margin: 0; min-width: 240px; }
.publish { display: flex; gap: .5rem; align-items: flex-end; flex-wrap: wrap; }
.publish .field { min-width: 220px; }
.draft-status { font-weight: 600; color: var(--text); }
.draft-status[data-state="signed-out"], .draft-status[data-state="failed"] { color: var(--danger); }
.editor { border: 1px solid var(--border-strong); border-radius: var(--radius); background: #fff; overflow: hidden; box-shadow: var(--shadow); margin-bottom: 1.25rem; }
/* Above the preview: the browser hit-tests the page under the pointer after each keystroke's layout, topmost first,
   and stops at the editor instead of walking a long draft preview's thousand inputs (each a layer) first. */
.editor { position: relative; z-index: 1; }
.editor:focus-within { border-color: var(--accent); box-shadow: var(--focus); }
.editor-host { height: min(68vh, 760px); min-height: 320px; contain: strict; }
.editor.readonly .editor-host { height: auto; max-height: 75vh; overflow: auto; contain: none; }
.editor-host > textarea { display: block; width: 100%; height: 100%; border: 0; padding: 12px 16px; resize: none; font: 13.5px/1.6 var(--mono); white-space: pre; tab-size: 2; }
.editor-host .cm-editor { height: 100%; }
.editor.readonly .editor-host .cm-editor { height: auto; }
.editor-status { display: flex; justify-content: space-between; gap: .25rem 1rem; flex-wrap: wrap; padding: .35rem .75rem; font-size: .82rem; color: var(--muted); border-top: 1px solid var(--border); background: #f7f8fa; }
.editor-status span:first-child { flex: 1 1 16rem; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.editor-status span:last-child { flex: 0 1 auto; }
@media (max-width: 700px) { .editor-status span:last-child { display: none; } }

.problems-head { display: flex; justify-content: space-between; align-items: center; gap: .5rem; margin-bottom: .5rem; }
.problems-head h2 { margin: 0; }
.diag-summary { font-weight: 600; display: flex; align-items: center; gap: .5rem; margin: 0 0 .25rem; }
.diag-summary::before { content: ""; width: .65rem; height: .65rem; border-radius: 50%; background: var(--border-strong); flex: none; }
.diag-summary.is-clean::before { background: #1f9d55; }
.diag-summary.has-error::before { background: var(--danger); }
.diag-summary.has-warning::before { background: #c98f00; }
.diag-list { list-style: none; padding: 0; margin: .25rem -.5rem 0; max-height: 40vh; overflow: auto; }
.diag { display: grid; grid-template-columns: .7rem auto 1fr; gap: .55rem; width: 100%; text-align: left; background: none; border: 0; border-radius: 6px; padding: .45rem .5rem; font: inherit; font-size: .9rem; cursor: pointer; color: var(--text); }
.diag:hover { background: #f1f3f7; }
.diag-icon { width: .6rem; height: .6rem; border-radius: 50%; margin-top: .45rem; background: var(--danger); }
.diag-warning .diag-icon { background: #c98f00; border-radius: 1px; transform: rotate(45deg); }
.diag-info .diag-icon { background: #2f6fb3; }
.diag-pos { font-family: var(--mono); color: var(--muted); font-size: .82rem; margin-top: .12rem; }
.diag-msg { display: block; }
.diag-code { display: block; font-family: var(--mono); font-size: .76rem; color: var(--muted); }
.tests-list { list-style: none; padding: 0; margin: .25rem 0 0; font-size: .9rem; }
.tests-list li { padding: .3rem 0; border-bottom: 1px solid var(--border); color: var(--danger); }
.tests-list .test-values { display: block; color: var(--text); font-family: var(--mono); font-size: .85rem; }
.tests-list .use-new-value { margin-top: .3rem; min-height: 2rem; padding: .25rem .7rem; }
/* The preview scrolls on its own beside the editor, so the editor and the price stay in view together. */
@media (min-width: 1051px) { .draft-preview { position: sticky; top: 1rem; max-height: calc(100vh - 2rem); overflow: auto; } }
.draft-preview { contain: content; }
.draft-preview cpq-configurator { display: block; }
.versions { list-style: none; margin: 0; padding: 0; }
.versions li { display: flex; justify-content: space-between; gap: .5rem; padding: .45rem 0; border-bottom: 1px solid var(--border); font-size: .92rem; }
.versions li:last-child { border-bottom: 0; }
.versions .badge { margin-left: .4rem; }
#sign-in-again { max-width: 30rem; }
`;
