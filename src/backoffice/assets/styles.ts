// The backoffice stylesheet: base, layout and components. Editor and preview styles are in their own modules.
export const baseCss = String.raw`
:root {
  --bg: #f5f6f8; --surface: #fff; --text: #1d2330; --muted: #5a6475; --border: #d9dde4; --border-strong: #b7bfcc;
  --accent: #3548c8; --accent-hover: #2a3aa6; --accent-soft: #e9ecfb; --on-accent: #fff;
  --danger: #b42318; --danger-soft: #fdecea; --warn: #8a5a00; --warn-soft: #fff4d6; --ok: #17663a; --ok-soft: #e5f5ec;
  --radius: 8px; --shadow: 0 1px 2px rgba(16,24,40,.06), 0 1px 3px rgba(16,24,40,.08);
  --mono: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace;
  /* A white gap, then a solid accent ring: at least 3:1 against white and against the dark top bar (WCAG 1.4.11). */
  --focus: 0 0 0 2px #fff, 0 0 0 4px #3548c8;
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--text); background: var(--bg); }
a { color: var(--accent); text-underline-offset: 2px; }
a:hover { color: var(--accent-hover); }
:focus-visible { outline: none; box-shadow: var(--focus); border-radius: 4px; }
h1 { font-size: 1.55rem; line-height: 1.25; margin: 0; }
h2 { font-size: 1.15rem; margin: 0 0 .75rem; }
h3 { font-size: 1rem; margin: 0 0 .5rem; }
p { margin: 0 0 .75rem; }
code, kbd { font-family: var(--mono); font-size: .9em; }
kbd { border: 1px solid var(--border-strong); border-bottom-width: 2px; border-radius: 4px; padding: 0 .3em; background: var(--surface); }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: .5rem; background: var(--surface); padding: .5rem 1rem; z-index: 10; }
.skip:focus { left: .5rem; }

.topbar { display: flex; align-items: center; gap: 1.25rem; padding: .6rem 1.5rem; background: #1f2640; color: #fff; flex-wrap: wrap; }
.brand { color: #fff; font-weight: 700; text-decoration: none; letter-spacing: .01em; display: flex; align-items: center; gap: .5rem; }
.brand:hover { color: #fff; }
.brand-mark { display: inline-grid; place-items: center; min-width: 2.2rem; height: 1.8rem; padding: 0 .35rem; border-radius: 6px; background: var(--accent); font-size: .75rem; letter-spacing: .04em; }
.crumbs ol { list-style: none; display: flex; flex-wrap: wrap; gap: .35rem; margin: 0; padding: 0; font-size: .92rem; }
.crumbs li + li::before { content: "/"; color: #8f9ac0; margin-right: .35rem; }
.crumbs a { color: #d5dbff; text-decoration: none; }
.crumbs a:hover { text-decoration: underline; color: #fff; }
.crumbs [aria-current] { color: #fff; }
.topbar form { margin-left: auto; }
.topbar .btn-link { color: #d5dbff; }

.page { max-width: 1180px; margin: 0 auto; padding: 1.5rem; }
.page.wide { max-width: 1600px; }
.page-head { display: flex; align-items: flex-end; justify-content: space-between; gap: 1rem; flex-wrap: wrap; margin-bottom: 1.25rem; }
.page-head p { margin: .25rem 0 0; color: var(--muted); }
.card-head { display: flex; align-items: baseline; justify-content: space-between; gap: .5rem 1rem; flex-wrap: wrap; margin-bottom: .75rem; }
.card-head h2 { margin: 0; }
.toggle { display: inline-flex; align-items: center; gap: .4rem; font-size: .92rem; cursor: pointer; }
.actions { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; }
.card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius); box-shadow: var(--shadow); padding: 1.25rem; margin-bottom: 1.25rem; }
.card > :last-child { margin-bottom: 0; }
.grid-2 { display: grid; grid-template-columns: minmax(0, 2fr) minmax(280px, 1fr); gap: 1.25rem; align-items: start; }
@media (max-width: 900px) { .grid-2 { grid-template-columns: minmax(0, 1fr); } .page { padding: 1rem; } }
.muted { color: var(--muted); }
.mono { font-family: var(--mono); }

.tabs-nav { display: flex; gap: .25rem; border-bottom: 1px solid var(--border); margin-bottom: 1.25rem; overflow-x: auto; }
.tabs-nav a { padding: .55rem .9rem; text-decoration: none; color: var(--muted); border-bottom: 3px solid transparent; font-weight: 500; white-space: nowrap; }
.tabs-nav a:hover { color: var(--text); }
.tabs-nav a[aria-current="page"] { color: var(--accent); border-bottom-color: var(--accent); }
.tabs-nav a.new-requests { margin-left: auto; color: var(--warn); font-weight: 600; }

.btn { display: inline-flex; align-items: center; justify-content: center; gap: .4rem; font: inherit; font-weight: 600; padding: .5rem .95rem; border-radius: 6px; border: 1px solid var(--border-strong); background: var(--surface); color: var(--text); cursor: pointer; text-decoration: none; line-height: 1.3; min-height: 2.4rem; }
.btn:hover { background: #eef0f4; color: var(--text); }
.btn.primary { background: var(--accent); border-color: var(--accent); color: var(--on-accent); }
.btn.primary:hover { background: var(--accent-hover); }
.btn.danger { color: var(--danger); border-color: #e6b3ae; }
.btn.danger:hover { background: var(--danger-soft); }
.btn.danger.solid { background: var(--danger); color: #fff; border-color: var(--danger); }
.btn.small { padding: .25rem .6rem; min-height: 2rem; font-size: .88rem; }
.btn[disabled], .btn[aria-disabled="true"] { opacity: .55; cursor: not-allowed; }
.btn-link { background: none; border: 0; padding: 0; font: inherit; color: var(--accent); cursor: pointer; text-decoration: underline; }

.field { display: flex; flex-direction: column; gap: .3rem; margin-bottom: 1rem; }
.field > label, .field > .label, fieldset > legend { font-weight: 600; font-size: .93rem; }
.hint { font-size: .85rem; color: var(--muted); }
input[type=text], input[type=password], input[type=number], input[type=date], input:not([type]), select, textarea {
  font: inherit; color: var(--text); background: var(--surface); border: 1px solid var(--border-strong); border-radius: 6px; padding: .45rem .65rem; min-height: 2.4rem; width: 100%; }
input:focus-visible, select:focus-visible, textarea:focus-visible { border-color: var(--accent); }
input[aria-invalid="true"], select[aria-invalid="true"] { border-color: var(--danger); }
input[disabled], select[disabled] { background: #eef0f3; color: var(--muted); }
fieldset { border: 0; margin: 0; padding: 0; min-width: 0; }
legend { padding: 0; }
.field.narrow { max-width: 420px; }
.field.confirm { flex-direction: row; align-items: center; gap: .5rem; margin-bottom: .6rem; }
.field.confirm > label { font-weight: 500; }
.checks + .hint { margin: .35rem 0 0; }
.checks { display: grid; gap: .45rem; }
.checks label { display: inline-flex; gap: .4rem; align-items: center; font-weight: 400; }
.approval-reason { margin: .3rem 0 .8rem; }
.quote-number { white-space: nowrap; }
.field-error { color: var(--danger); font-size: .86rem; }
.form-error:empty { display: none; }

.table-wrap { overflow-x: auto; position: relative; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .6rem .75rem; border-bottom: 1px solid var(--border); vertical-align: middle; }
th { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); font-weight: 600; white-space: nowrap; }
tbody tr:last-child > * { border-bottom: 0; }
tbody tr:hover { background: #fafbfc; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num .actions { justify-content: flex-end; flex-wrap: nowrap; }
tr.revoked td { color: var(--muted); }
body:has(#show-revoked:not(:checked)) #keys tr.revoked, body:has(#show-revoked:checked) .revoked-note { display: none; }
.revoked-note { margin: .75rem 0 0; font-size: .9rem; }

/* Phones: each table row becomes a block of "label value" lines, so every cell and its actions stay in view
   without a sideways scroll inside the page. */
@media (max-width: 640px) {
  .table-wrap { overflow: visible; }
  .table-wrap table, .table-wrap tbody, .table-wrap tr, .table-wrap td { display: block; width: 100%; }
  .table-wrap thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .table-wrap tr { padding: .6rem 0; border-bottom: 1px solid var(--border); }
  .table-wrap tbody tr:last-child { border-bottom: 0; }
  .table-wrap td { border: 0; padding: .2rem 0; text-align: left; }
  .table-wrap td[data-label] { position: relative; padding-left: 7.25rem; overflow-wrap: anywhere; }
  .table-wrap td[data-label]::before { content: attr(data-label); position: absolute; left: 0; top: .35rem; width: 6.5rem; font-size: .78rem; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
  .table-wrap td.num { text-align: left; }
  .table-wrap .badge { white-space: normal; }
  .table-wrap td.num .actions { justify-content: flex-start; flex-wrap: wrap; padding-top: .35rem; }
  .topbar { padding: .6rem 1rem; gap: .4rem 1rem; }
}

.badge { display: inline-block; font-size: .78rem; font-weight: 600; padding: .1rem .5rem; border-radius: 999px; background: #eceef3; color: #394152; white-space: nowrap; }
.badge.plan-pro { background: var(--accent-soft); color: #26359b; }
.badge.plan-enterprise { background: #efe5fb; color: #5b2a9a; }
.badge.ok { background: var(--ok-soft); color: var(--ok); }
.badge.danger { background: var(--danger-soft); color: var(--danger); }
.badge.warn { background: var(--warn-soft); color: var(--warn); }
.tags { display: flex; flex-wrap: wrap; gap: .25rem; }

.notice { border-radius: var(--radius); padding: .75rem 1rem; margin-bottom: 1rem; border: 1px solid; }
.notice.ok { background: var(--ok-soft); border-color: #a7dcbc; color: #0f4a2a; }
.notice.error { background: var(--danger-soft); border-color: #f1b4ad; color: #7a1a11; }
.notice.warn { background: var(--warn-soft); border-color: #ecd08c; color: #5c3c00; }
.notice:empty { display: none; }
.empty { text-align: center; padding: 2.25rem 1rem; color: var(--muted); }
.empty strong { display: block; color: var(--text); font-size: 1.05rem; margin-bottom: .25rem; }

.secret { display: flex; gap: .5rem; align-items: center; margin: .5rem 0; }
.secret input { font-family: var(--mono); background: #fff; }

dialog { border: 0; border-radius: 10px; padding: 1.5rem; max-width: min(460px, 92vw); box-shadow: 0 20px 50px rgba(16,24,40,.3); }
dialog::backdrop { background: rgba(16,24,40,.45); }
dialog h2 { margin-bottom: .5rem; }
dialog .actions { justify-content: flex-end; margin-top: 1.25rem; }

.login { min-height: 100vh; display: grid; place-items: center; padding: 1rem; }
.login .card { width: min(400px, 100%); padding: 2rem; }
.login h1 { margin-bottom: .25rem; }
.login .brand-mark { min-width: 3rem; height: 2.4rem; font-size: .95rem; font-weight: 700; color: #fff; margin-bottom: 1rem; }
.login .btn { width: 100%; }
td.note { white-space: pre-line; overflow-wrap: anywhere; }
.compare { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; margin-bottom: 1rem; }
.compare select { width: auto; }
.diff-wrap { overflow-x: auto; }
table.diff { font-family: var(--mono); font-size: .85rem; border-collapse: collapse; }
table.diff td { border: 0; padding: 0 .6rem; vertical-align: top; }
table.diff td.ln { width: 1%; text-align: right; color: #4a5263; user-select: none; white-space: nowrap; }
table.diff td.code { white-space: pre; }
table.diff .mark { display: inline-block; width: 1.2ch; }
table.diff tr.diff-add { background: #e3f6e8; }
table.diff tr.diff-del { background: #fbe7e5; }
table.diff tr.diff-hunk td { background: var(--accent-soft); color: #26359b; padding: .2rem .6rem; }
dl.facts { display: grid; grid-template-columns: auto 1fr; gap: .35rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
/* Stores > Quotes */
form.filters { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; margin-bottom: 1rem; }
form.filters .field { margin: 0; }
.quote-summary { margin: .25rem 0 0; padding-left: 1rem; color: var(--muted); font-size: .85rem; }
.quote-totals { margin-top: 1rem; }
.quote-notes { white-space: pre-wrap; }
.quote-approval { margin: 1rem 0; }
`;
