// Stores > Markets, Customer groups and Price lists (src/backoffice/views/markets.tsx, price-list*.tsx).
export const pricingCss = String.raw`
.pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 14rem), 1fr)); gap: 0 1rem; }
ul.plain { list-style: none; margin: 0; padding: 0; }
table.assignments th, table.assignments td { padding-left: 0; }
input.amount { width: 9rem; text-align: right; font-variant-numeric: tabular-nums; }
form.inline-edit { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
form.inline-edit input { width: auto; flex: 1 1 10rem; }
form.inline-edit .form-error { flex-basis: 100%; margin: 0; }
.line-errors { margin: .5rem 0 0; padding-left: 1.25rem; }
tr.diff-add { background: #e3f6e8; }
tr.diff-del { background: #fbe7e5; }
tr.diff-change { background: var(--warn-soft); }
@media (max-width: 640px) { input.amount { width: 100%; text-align: left; } }
`;
