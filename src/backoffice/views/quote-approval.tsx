import type { QuoteJson, QuoteSettingsJson } from '../types';
import type { DeskFormat } from './quote-format';

// Why a quote waits for approval, in the terms the rule uses (src/quotes/totals.ts, needsApproval): all the
// discount it gives (its line discounts and its own) against the subtotal before any of it, above the store's
// threshold. A revision starts without its predecessor's approval, so it says that too.

export function ApprovalReason(props: { quote: QuoteJson; settings: QuoteSettingsJson; fmt: DeskFormat }) {
  const { quote, settings, fmt } = props;
  const t = quote.totals;
  const given = t.line_discounts + t.discount;
  const before = t.subtotal + t.line_discounts;
  const share = before > 0 ? (given / before) * 100 : 0;
  const threshold = settings.approval_threshold_percent;
  return (
    <p class="approval-reason">
      It gives {fmt.money(given, quote.currency)} off {fmt.money(before, quote.currency)} (
      {fmt.percent(Math.round(share * 100) / 100)}
      {t.line_discounts > 0 ? ', line discounts included' : ''}), more than the store's threshold of{' '}
      {threshold === null ? 'none' : fmt.percent(threshold)}
      {quote.revision > 1 ? '.' : ', and more than an admin approved for it.'}
      {quote.revision > 1 && ` A revision needs its own approval: revision ${quote.revision - 1}'s does not carry over.`}
    </p>
  );
}
