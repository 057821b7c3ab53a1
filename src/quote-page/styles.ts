// The buyer's pages' stylesheet: a page on screen, one column on a phone (390 px wide and up: nothing scrolls
// sideways), an A4 sheet in print (the forms left out).
export const quoteCss = `
:root { color-scheme: light; --ink: #1d2430; --muted: #5b6474; --rule: #d8dde5; --accent: #1f5fbf; --bad: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #eef1f5; overflow-wrap: anywhere; }
main { max-width: 210mm; margin: 24px auto; padding: 18mm 16mm; background: #fff; box-shadow: 0 1px 4px rgb(0 0 0 / 12%); }
header { display: flex; justify-content: space-between; align-items: flex-start; gap: 24px; border-bottom: 2px solid var(--ink); padding-bottom: 12px; }
h1 { margin: 0; font-size: 26px; letter-spacing: 0.02em; }
.store { font-size: 18px; font-weight: 600; }
.logo { display: block; max-width: 200px; max-height: 64px; margin-bottom: 8px; }
.address, .notes { white-space: pre-wrap; }
.heading { text-align: right; }
dl.facts { display: grid; grid-template-columns: auto auto; gap: 2px 12px; margin: 8px 0 0; font-size: 14px; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; text-align: right; }
.customer { margin: 16px 0; }
.status { display: inline-block; margin-top: 8px; padding: 2px 10px; border-radius: 12px; background: #e8eefb; color: var(--accent); font-weight: 600; }
table { width: 100%; border-collapse: collapse; margin: 16px 0 4px; }
th, td { padding: 6px 8px; text-align: left; vertical-align: top; }
th { border-bottom: 1px solid var(--ink); font-size: 13px; color: var(--muted); }
tr.item td { border-top: 1px solid var(--rule); }
td.num, th.num { text-align: right; white-space: nowrap; }
.summary, .lines { margin: 4px 0 0; padding: 0; list-style: none; font-size: 13px; color: var(--muted); }
.outputs { margin-top: 4px; font-size: 13px; }
.lines li { display: flex; justify-content: space-between; gap: 16px; }
tfoot td { border-top: 1px solid var(--rule); }
tfoot tr.total td { border-top: 2px solid var(--ink); font-weight: 700; font-size: 17px; }
tfoot tr.tax td, tfoot tr.net td { color: var(--muted); }
.basis { margin: 0 0 16px; font-size: 13px; color: var(--muted); text-align: right; }
.notes { border-left: 3px solid var(--rule); padding-left: 12px; }
.terms { font-size: 13px; }
.signed { font-weight: 600; }
.actions { display: flex; flex-wrap: wrap; gap: 24px; margin-top: 24px; }
.actions form { display: flex; flex-direction: column; gap: 8px; flex: 1 1 260px; min-width: 0; }
.actions input:not([type]), .actions textarea { font: inherit; padding: 8px; border: 1px solid var(--muted); border-radius: 6px; width: 100%; }
.actions .consent { display: flex; gap: 8px; align-items: flex-start; }
.actions .consent input { margin-top: 4px; }
.actions .problem { margin: 0; color: var(--bad); font-weight: 600; }
.actions [aria-invalid="true"] { border-color: var(--bad); }
.actions button { font: inherit; padding: 10px 20px; border-radius: 6px; border: 1px solid var(--accent); cursor: pointer; align-self: flex-start; }
.actions .accept { background: var(--accent); color: #fff; }
.actions .reject { background: #fff; color: var(--accent); }
.dead { max-width: 36em; }
@media (max-width: 640px) {
  body { font-size: 16px; }
  main { margin: 0; padding: 16px; box-shadow: none; }
  header { flex-direction: column; gap: 12px; }
  .heading { text-align: left; }
  dl.facts dd { text-align: left; }
  h1 { font-size: 22px; }
  thead { display: none; }
  table, tbody, tfoot, tr, td { display: block; }
  tr.item { padding: 8px 0; border-top: 1px solid var(--rule); }
  tr.item td { border: 0; padding: 2px 0; }
  tr.item td.num { display: flex; justify-content: space-between; text-align: left; }
  tr.item td.num::before { content: attr(data-label); color: var(--muted); }
  tfoot tr { display: flex; justify-content: space-between; gap: 12px; border-top: 1px solid var(--rule); }
  tfoot tr.total { border-top: 2px solid var(--ink); }
  tfoot tr.total td { border: 0; }
  tfoot td { border: 0; padding: 6px 0; }
}
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { background: #fff; font-size: 11pt; }
  main { margin: 0; padding: 0; max-width: none; box-shadow: none; }
  .actions { display: none; }
  tr.item, tfoot tr, section { break-inside: avoid; }
}
`;
