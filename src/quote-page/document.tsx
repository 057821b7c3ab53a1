import type { LoadedQuote } from '../quotes/service/store';
import { taxTotals } from '../quotes/tax';
import { majorOf } from '../quotes/totals';
import { documentLanguage, numberIn, wordsFor } from '../quotes/words';
import { EMPTY_PROFILE } from '../store-profiles/shapes';
import { DecisionForms, type DecisionProblem } from './decision';
import { ItemHeading } from './item-heading';

// The offer as the buyer reads, prints and signs it: the seller block and the tax as the store had them when the
// quote was sent (the quote's `document` snapshot), the items (each amount after its line discount, which is
// shown under the item's lines), the totals, the terms, and Accept and Reject.

export const dateIn = (language: string) => (ms: number) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);

/** The seller as a quote's document names it: its legal name when the store sent one, else the store's name. */
export const sellerName = (quote: LoadedQuote['quote'], storeName: string) => quote.document?.profile.legalName ?? storeName;

/** Who accepted, from the history entry the acceptance wrote (docs/quotes.md). */
function signerOf(loaded: LoadedQuote): string | undefined {
  const entry = loaded.history.filter((h) => h.action === 'accepted').at(-1);
  return typeof entry?.details.signer === 'string' ? entry.details.signer : undefined;
}

export function QuoteDocument({
  loaded,
  storeName,
  token,
  problem,
}: {
  loaded: LoadedQuote;
  storeName: string;
  /** The share link's token, for Accept and Reject; none: the store's read-only copy (storeCopyPage). */
  token?: string | undefined;
  problem?: DecisionProblem | undefined;
}) {
  const { quote, status, items } = loaded;
  const lang = documentLanguage(quote.language);
  const words = wordsFor(lang);
  const money = new Intl.NumberFormat(lang, { style: 'currency', currency: quote.currency });
  const amount = (major: number) => money.format(major);
  const minor = (m: number) => amount(majorOf(m, quote.minorUnits));
  const date = dateIn(lang);
  const seller = quote.document?.profile ?? EMPTY_PROFILE;
  const tax = quote.document?.tax ?? null;
  const rate = tax && new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(tax.rateBp / 10_000);
  const taxed = tax && taxTotals(quote.totalMinor, tax);
  const { name, company, email, reference } = quote.customer;
  const columns = tax ? 4 : 3;
  const signer = status === 'accepted' ? signerOf(loaded) : undefined;
  return (
    <main>
      <header>
        <div class="seller">
          {seller.logoUrl && <img class="logo" src={seller.logoUrl} alt={sellerName(quote, storeName)} />}
          <div class="store">{sellerName(quote, storeName)}</div>
          {seller.address && <div class="address">{seller.address}</div>}
          {seller.taxId && (
            <div>
              {words.taxId}: {seller.taxId}
            </div>
          )}
        </div>
        <div class="heading">
          <h1>
            {words.quote} {numberIn(words, quote)}
          </h1>
          <div class="status" data-status={status}>
            {words.status[status]}
          </div>
          <dl class="facts">
            <dt>{words.date}</dt>
            <dd>{date(quote.sentAt ?? quote.createdAt)}</dd>
            <dt>{words.validUntil}</dt>
            <dd>{date(quote.validUntil)}</dd>
          </dl>
        </div>
      </header>
      {(name || company || email || reference) && (
        <section class="customer">
          <strong>{words.customer}</strong>
          {[name, company, email].filter(Boolean).map((line) => (
            <div>{line}</div>
          ))}
          {reference && (
            <div>
              {words.reference}: {reference}
            </div>
          )}
        </section>
      )}
      <table>
        <thead>
          <tr>
            <th>{words.item}</th>
            <th class="num">{words.quantity}</th>
            <th class="num">{words.unitPrice}</th>
            {tax && <th class="num">{words.tax}</th>}
            <th class="num">{words.amount}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr class="item">
              <td>
                <ItemHeading item={item} position={i + 1} />
                <ul class="lines">
                  {item.priced.lines.map((line) => (
                    <li>
                      <span>{line.label}</span>
                      <span>{amount(line.amount)}</span>
                    </li>
                  ))}
                  {item.discount && (
                    <li class="line-discount">
                      <span>
                        {words.lineDiscount}
                        {item.discount.type === 'percent' ? ` ${item.discount.value} %` : ''}
                      </span>
                      <span>−{minor(item.discountMinor)}</span>
                    </li>
                  )}
                </ul>
              </td>
              <td class="num" data-label={words.quantity}>
                {item.quantity}
              </td>
              <td class="num" data-label={words.unitPrice}>
                {amount(item.priced.totals.unit_price)}
              </td>
              {tax && (
                <td class="num" data-label={words.tax}>
                  {rate}
                </td>
              )}
              <td class="num" data-label={words.amount}>
                {minor(item.totalMinor - item.discountMinor)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colspan={columns}>{words.subtotal}</td>
            <td class="num">{minor(quote.subtotalMinor)}</td>
          </tr>
          {quote.discount && (
            <tr>
              <td colspan={columns}>
                {words.discount}
                {quote.discount.type === 'percent' ? ` ${quote.discount.value} %` : ''} ({quote.discount.reason})
              </td>
              <td class="num">−{minor(quote.discountMinor)}</td>
            </tr>
          )}
          {!taxed && (
            <tr class="total">
              <td colspan={columns}>{words.total}</td>
              <td class="num">{minor(quote.totalMinor)}</td>
            </tr>
          )}
          {taxed && tax.prices === 'net' && (
            <>
              <tr class="net">
                <td colspan={columns}>{words.netTotal}</td>
                <td class="num">{minor(taxed.netMinor)}</td>
              </tr>
              <tr class="tax">
                <td colspan={columns}>
                  {words.tax} {rate}
                </td>
                <td class="num">{minor(taxed.taxMinor)}</td>
              </tr>
            </>
          )}
          {taxed && (
            <tr class="total">
              <td colspan={columns}>{words.grossTotal}</td>
              <td class="num">{minor(taxed.grossMinor)}</td>
            </tr>
          )}
          {taxed && tax.prices === 'gross' && (
            <>
              <tr class="tax">
                <td colspan={columns}>
                  {words.includedTax} {rate}
                </td>
                <td class="num">{minor(taxed.taxMinor)}</td>
              </tr>
              <tr class="net">
                <td colspan={columns}>{words.netTotal}</td>
                <td class="num">{minor(taxed.netMinor)}</td>
              </tr>
            </>
          )}
        </tfoot>
      </table>
      {tax && <p class="basis">{tax.prices === 'net' ? words.pricesNet : words.pricesGross}</p>}
      {quote.notes && (
        <section>
          <strong>{words.notes}</strong>
          <p class="notes">{quote.notes}</p>
        </section>
      )}
      {seller.paymentTerms && (
        <section>
          <strong>{words.paymentTerms}</strong>
          <p class="notes">{seller.paymentTerms}</p>
        </section>
      )}
      {seller.terms && (
        <section>
          <strong>{words.terms}</strong>
          <p class="notes terms">{seller.terms}</p>
        </section>
      )}
      {signer && quote.decidedAt !== null && (
        <p class="signed">
          {words.acceptedBy} {signer}, {date(quote.decidedAt)}
        </p>
      )}
      {status === 'sent' && token && <DecisionForms action={`/q/${token}`} words={words} problem={problem} />}
    </main>
  );
}
