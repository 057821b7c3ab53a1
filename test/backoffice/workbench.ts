// A product at one fixed price (workbench.cpq), for the desk's tax figures worked out by hand (test/backoffice/desk-totals.cases.ts,
// test/e2e/desk-day.e2e.mjs): 1,873.39 less a 5 % line discount (93.6695 → 93.67) is 1,779.72; 8.1 % tax on it
// is 144.15732 → 144.16; the total incl. tax 1,923.88 (docs/quotes.md, "Tax": computed once on the total).
const files = import.meta.glob<string>('./workbench.cpq', { query: '?raw', import: 'default', eager: true });
/** The schema file itself, which the e2e suite reads from disk too. */
export const WORKBENCH = files['./workbench.cpq']!;

export const WORKBENCH_FIGURES = { price: 1873.39, lineDiscount: 93.67, total: 1779.72, tax: 144.16, gross: 1923.88 };
