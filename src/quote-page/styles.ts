// The quote document's stylesheet: a page on screen, an A4 sheet in print (the buttons left out).
export const quoteCss = `
:root { color-scheme: light; --ink: #1d2430; --muted: #5b6474; --rule: #d8dde5; --accent: #1f5fbf; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #eef1f5; }
main { max-width: 210mm; margin: 24px auto; padding: 18mm 16mm; background: #fff; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); }
header { display: flex; justify-content: space-between; align-items: flex-start; gap: 24px; border-bottom: 2px solid var(--ink); padding-bottom: 12px; }
h1 { margin: 0; font-size: 26px; letter-spacing: 0.02em; }
.store { font-size: 18px; font-weight: 600; }
dl.facts { display: grid; grid-template-columns: auto auto; gap: 2px 12px; margin: 0; font-size: 14px; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; text-align: right; }
.customer { margin: 16px 0; }
.status { display: inline-block; margin-top: 8px; padding: 2px 10px; border-radius: 12px; background: #e8eefb; color: var(--accent); font-weight: 600; }
table { width: 100%; border-collapse: collapse; margin: 16px 0; }
th, td { padding: 6px 8px; text-align: left; vertical-align: top; }
th { border-bottom: 1px solid var(--ink); font-size: 13px; color: var(--muted); }
tr.item td { border-top: 1px solid var(--rule); }
td.num, th.num { text-align: right; white-space: nowrap; }
.summary, .lines { margin: 4px 0 0; padding: 0; list-style: none; font-size: 13px; color: var(--muted); }
.outputs { margin-top: 4px; font-size: 13px; }
.lines li { display: flex; justify-content: space-between; gap: 16px; }
tfoot td { border-top: 1px solid var(--rule); }
tfoot tr.total td { border-top: 2px solid var(--ink); font-weight: 700; font-size: 17px; }
.notes { white-space: pre-wrap; border-left: 3px solid var(--rule); padding-left: 12px; }
.actions { display: flex; gap: 12px; margin-top: 24px; }
.actions button { font: inherit; padding: 10px 20px; border-radius: 6px; border: 1px solid var(--accent); cursor: pointer; }
.actions .accept { background: var(--accent); color: #fff; }
.actions .reject { background: #fff; color: var(--accent); }
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { background: #fff; font-size: 11pt; }
  main { margin: 0; padding: 0; max-width: none; box-shadow: none; }
  .actions { display: none; }
  tr.item { break-inside: avoid; }
}
`;
