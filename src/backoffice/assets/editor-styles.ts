// Styles of the schema editor and its diagnostics. The textarea and the layers under it must share every
// metric (font, line height, padding, tab size, no wrapping), so tokens only change colour, never weight.
export const editorCss = String.raw`
.editor-layout { display: grid; grid-template-columns: minmax(0, 1fr) 340px; gap: 1.25rem; align-items: start; }
@media (max-width: 1050px) { .editor-layout { grid-template-columns: minmax(0, 1fr); } }
.editor-bar { display: flex; gap: .75rem; align-items: flex-end; justify-content: space-between; flex-wrap: wrap; margin-bottom: .75rem; }
.editor-bar .field { margin: 0; min-width: 240px; }
.editor { border: 1px solid var(--border-strong); border-radius: var(--radius); background: #fcfcfd; overflow: hidden; box-shadow: var(--shadow); }
.editor:focus-within { border-color: var(--accent); box-shadow: var(--focus); }
.editor-scroll { display: flex; align-items: flex-start; overflow: auto; height: min(68vh, 760px); min-height: 320px; font: 13.5px/1.6 var(--mono); }
.editor.readonly .editor-scroll { height: auto; max-height: 75vh; }
.gutter { position: sticky; left: 0; z-index: 3; flex: none; min-height: 100%; background: #f1f3f7; color: #687083; text-align: right; padding: 12px 10px 12px 18px; border-right: 1px solid var(--border); user-select: none; min-width: 3.8em; }
.ln { position: relative; }
.ln.has-error { color: var(--danger); }
.ln.has-warning { color: var(--warn); }
.ln.has-error::before, .ln.has-warning::before { content: ""; position: absolute; left: -13px; top: .5em; width: 7px; height: 7px; border-radius: 50%; background: var(--danger); }
.ln.has-warning::before { background: #c98f00; border-radius: 1px; transform: rotate(45deg); }
.code { position: relative; flex: 1 0 auto; min-height: 100%; }
.layer, .code textarea { margin: 0; padding: 12px 16px; font: inherit; letter-spacing: normal; white-space: pre; tab-size: 2; overflow-wrap: normal; word-break: normal; border: 0; }
.layer-hl { color: #1d2330; }
.layer-diag { position: absolute; inset: 0; color: transparent; pointer-events: none; z-index: 1; }
.code textarea { position: absolute; inset: 0; width: 100%; height: 100%; min-height: 0; resize: none; overflow: hidden; background: transparent; color: transparent; caret-color: #1d2330; border-radius: 0; z-index: 2; }
.code textarea:focus-visible { box-shadow: none; }
.code textarea::selection { background: rgba(53, 72, 200, .22); color: transparent; }
.sq { text-decoration: underline wavy var(--danger); text-decoration-skip-ink: none; text-underline-offset: 4px; background: rgba(180, 35, 24, .08); }
.sq-warning { text-decoration-color: #c98f00; background: rgba(201, 143, 0, .1); }
.sq-eol { display: inline-block; width: .7em; text-decoration: none; border-bottom: 2px solid var(--danger); }
.tok-kw { color: #7a2bb5; } .tok-type { color: #006b8f; } .tok-string { color: #a3370f; } .tok-number { color: #08703f; }
.tok-comment { color: #6a7385; } .tok-key { color: #a82b72; } .tok-prop { color: #2f49b4; } .tok-fn { color: #8a5300; }
.editor-status { display: flex; justify-content: space-between; gap: 1rem; padding: .35rem .75rem; font-size: .82rem; color: var(--muted); border-top: 1px solid var(--border); background: #f7f8fa; }
.editor-status span:first-child { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.editor-status span:last-child { flex: none; white-space: nowrap; }
@media (max-width: 700px) { .editor-status span:last-child { display: none; } }

.diag-summary { font-weight: 600; display: flex; align-items: center; gap: .5rem; margin: 0 0 .25rem; }
.diag-summary::before { content: ""; width: .65rem; height: .65rem; border-radius: 50%; background: var(--border-strong); flex: none; }
.diag-summary.is-clean::before { background: #1f9d55; }
.diag-summary.has-error::before { background: var(--danger); }
.diag-summary.has-warning::before { background: #c98f00; }
.diag-list { list-style: none; padding: 0; margin: .25rem -.5rem 0; max-height: 46vh; overflow: auto; }
.diag { display: grid; grid-template-columns: .7rem auto 1fr; gap: .55rem; width: 100%; text-align: left; background: none; border: 0; border-radius: 6px; padding: .45rem .5rem; font: inherit; font-size: .9rem; cursor: pointer; color: var(--text); }
.diag:hover { background: #f1f3f7; }
.diag-icon { width: .6rem; height: .6rem; border-radius: 50%; margin-top: .45rem; background: var(--danger); }
.diag-warning .diag-icon { background: #c98f00; border-radius: 1px; transform: rotate(45deg); }
.diag-pos { font-family: var(--mono); color: var(--muted); font-size: .82rem; margin-top: .12rem; }
.diag-msg { display: block; }
.diag-code { display: block; font-family: var(--mono); font-size: .76rem; color: var(--muted); }
.versions { list-style: none; margin: 0; padding: 0; }
.versions li { display: flex; justify-content: space-between; gap: .5rem; padding: .45rem 0; border-bottom: 1px solid var(--border); font-size: .92rem; }
.versions li:last-child { border-bottom: 0; }
.versions .badge { margin-left: .4rem; }
`;
