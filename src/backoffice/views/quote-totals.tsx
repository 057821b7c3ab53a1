import type { QuoteJson } from '../types';
import type { DeskFormat } from './quote-format';

// A quote's totals on the desk as the buyer's document states them: the tax and the gross total are the API's
// totals.tax, which src/quotes/tax.ts computes from the tax the quote was sent with, the same figures the
// document prints (src/quote-page/document.tsx). A draft has none yet: its tax is the store's when it is sent.

type Totals = QuoteJson['totals'];

/** The rows after "Total" on the quote page: the document's net, tax and gross, or why there are none yet. */
export function TaxLines(props: { totals: Totals; currency: string; fmt: DeskFormat; storeRate: number | null }) {
  const { totals, currency, fmt, storeRate } = props;
  const money = (amount: number) => fmt.money(amount, currency);
  const tax = totals.tax;
  if (!tax) {
    if (storeRate === null) return null;
    return (
      <>
        <dt>Tax</dt>
        <dd class="muted">added when the quote is sent, at the store's rate then (now {fmt.percent(storeRate)})</dd>
      </>
    );
  }
  const rate = fmt.percent(tax.rate_percent);
  return tax.prices === 'net' ? (
    <>
      <dt>Tax {rate}</dt>
      <dd class="quote-tax">{money(tax.amount)}</dd>
      <dt>Total incl. tax</dt>
      <dd class="quote-gross">
        <strong>{money(tax.gross)}</strong>
      </dd>
    </>
  ) : (
    <>
      <dt>Included tax {rate}</dt>
      <dd class="quote-tax">{money(tax.amount)}</dd>
      <dt>Net of tax</dt>
      <dd>{money(tax.net)}</dd>
      <dt>Total incl. tax</dt>
      <dd class="quote-gross">
        <strong>{money(tax.gross)}</strong>
      </dd>
    </>
  );
}
