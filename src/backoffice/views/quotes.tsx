import { type Action, adminMay } from '../../quotes/transitions';
import { enc } from '../load';
import { type FilterProblem, filterQuery, type QuoteFilters } from '../quote-filters';
import type { ProductSummaryJson, QuoteJson, QuoteListJson, QuoteSettingsJson, StoreJson } from '../types';
import { Layout } from './layout';
import { DataTable, Empty, FormError, Time } from './parts';
import { ApprovalReason } from './quote-approval';
import { DeskForm, DraftDesk, ItemActions, NewQuoteForm, RepricePanel, SharePanel } from './quote-desk';
import { QuoteFiltersForm, statusLabel } from './quote-filters';
import { deskFormat, numberLabel } from './quote-format';
import { QuoteHistory } from './quote-history';
import { LineDiscountForm } from './quote-line-discount';
import { ReviseForm, RevisionLinks } from './quote-revisions';
import { TaxLines } from './quote-totals';
import { StorePage, storeCrumbs } from './stores';

// Stores > Quotes: the list with its filters, and a quote's page with what an admin may do to it (docs/quotes.md).

const STATUS_BADGE: Record<string, string> = {
  draft: '',
  pending_approval: 'warn',
  sent: '',
  accepted: 'ok',
  rejected: 'danger',
  expired: 'danger',
  cancelled: 'danger',
  superseded: '',
};

/** A buyer's request, told apart from the store's own drafts: new until the desk first opens it. */
function RequestBadge({ quote }: { quote: Pick<QuoteJson, 'request'> }) {
  if (!quote.request) return null;
  return quote.request.opened_at === null ? (
    <span class="badge warn request">new request</span>
  ) : (
    <span class="badge request">buyer's request</span>
  );
}

function StatusBadge({ status }: { status: string }) {
  return <span class={`badge status ${STATUS_BADGE[status] ?? ''}`}>{statusLabel(status)}</span>;
}

export function QuotesPage(props: {
  csrf: string;
  store: StoreJson;
  list: QuoteListJson;
  settings: QuoteSettingsJson;
  products: ProductSummaryJson[];
  filters: QuoteFilters;
  problem?: FilterProblem | undefined;
  /** The store's locale for money and dates (its profile's); null: the desk's fallback (quote-format.ts). */
  locale: string | null;
  newRequests: number;
}) {
  const { csrf, store, list, settings, products, filters, problem } = props;
  const fmt = deskFormat(props.locale);
  const base = `/admin/stores/${enc(store.id)}/quotes`;
  const next = list.next_cursor ? `${base}?${filterQuery(filters, { cursor: list.next_cursor })}` : null;
  return (
    <StorePage
      csrf={csrf}
      store={store}
      tab="quotes"
      title="Quotes"
      newRequests={props.newRequests}
      modules={products.length > 0 ? ['/admin/assets/quote-desk.js', '/embed/v1/configurator.js'] : undefined}
    >
      <section class="card" aria-labelledby="quotes-title">
        <h2 id="quotes-title">Quotes</h2>
        {products.length > 0 && <NewQuoteForm store={store.id} products={products} language={fmt.locale} />}
        <QuoteFiltersForm base={base} filters={filters} products={products} problem={problem} />
        {list.quotes.length === 0 ? (
          <Empty title="No quotes here">
            <p>Quotes are created here (New quote), through the API (POST /api/v1/quotes) or by buyers in the storefront.</p>
          </Empty>
        ) : (
          <DataTable
            columns={[
              'Number',
              'Status',
              'Customer',
              { label: 'Items', numeric: true },
              { label: 'Total', numeric: true },
              { label: 'Tax', numeric: true },
              { label: 'Total incl. tax', numeric: true },
              'Valid until',
              'Created',
            ]}
          >
            {list.quotes.map((quote) => (
              <tr>
                <td data-label="Number">
                  <a href={`${base}/${enc(quote.id)}`} class="mono quote-number">
                    {numberLabel(quote)}
                  </a>
                </td>
                <td data-label="Status">
                  <StatusBadge status={quote.status} />
                  <RequestBadge quote={quote} />
                </td>
                <td data-label="Customer">
                  {quote.customer.name ?? ''}
                  {quote.customer.company && <div class="muted">{quote.customer.company}</div>}
                </td>
                <td data-label="Items" class="num">
                  {quote.item_count}
                </td>
                <td data-label="Total" class="num">
                  {fmt.money(quote.totals.total, quote.currency)}
                </td>
                <td data-label="Tax" class="num">
                  {quote.totals.tax ? (
                    <>
                      <span class="muted">{fmt.percent(quote.totals.tax.rate_percent)}</span>{' '}
                      {fmt.money(quote.totals.tax.amount, quote.currency)}
                    </>
                  ) : (
                    <span class="muted" title="Tax is added when the quote is sent">
                      —
                    </span>
                  )}
                </td>
                <td data-label="Incl. tax" class="num">
                  {quote.totals.tax ? fmt.money(quote.totals.tax.gross, quote.currency) : <span class="muted">—</span>}
                </td>
                <td data-label="Valid until">{fmt.day(quote.valid_until)}</td>
                <td data-label="Created">
                  <Time iso={quote.created_at} format={fmt} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {next && (
          <p>
            <a href={next}>Older quotes</a>
          </p>
        )}
      </section>
      <section class="card" aria-labelledby="quote-settings-title">
        <h2 id="quote-settings-title">Discount approval</h2>
        <form
          class="api-form"
          data-method="PUT"
          data-action={`/api/admin/stores/${enc(store.id)}/quote-settings`}
          data-success="reload"
          data-flash="Approval threshold saved."
        >
          <FormError />
          <div class="field">
            <label for="approval-threshold">A discount above this share of the subtotal needs approval (%)</label>
            <input
              id="approval-threshold"
              name="approval_threshold_percent"
              type="number"
              min={0}
              max={100}
              step="0.01"
              data-type="number"
              value={settings.approval_threshold_percent === null ? '' : String(settings.approval_threshold_percent)}
              aria-describedby="approval-threshold-hint"
            />
            <span class="hint" id="approval-threshold-hint">
              Empty: no discount ever needs approval. Quotes above it wait as "pending approval" and cannot be sent.
            </span>
          </div>
          <button class="btn primary" type="submit">
            Save
          </button>
        </form>
      </section>
    </StorePage>
  );
}

/**
 * The confirm step of an action that cannot be undone: a box to tick, which the browser itself asks for before
 * the form submits (a required checkbox; no script needed). It has no name, so it is not sent.
 */
function Confirm({ id, text }: { id: string; text: string }) {
  return (
    <div class="field confirm">
      <input id={id} type="checkbox" required />
      <label for={id}>{text}</label>
    </div>
  );
}

function ActionForm(props: {
  action: string;
  method?: 'POST' | 'DELETE';
  label: string;
  flash: string;
  note?: 'optional' | 'required';
  danger?: boolean;
}) {
  const id = `note-${props.action.split('/').pop()}`;
  return (
    <DeskForm action={props.action} method={props.method} label={props.label} flash={props.flash} danger={props.danger}>
      {props.note && (
        <div class="field">
          <label for={id}>{props.note === 'required' ? 'Note (required)' : 'Note'}</label>
          <input
            id={id}
            name={props.action.endsWith('/cancel') ? 'reason' : 'note'}
            maxlength={500}
            required={props.note === 'required'}
            data-optional={props.note === 'optional' ? '' : undefined}
          />
        </div>
      )}
    </DeskForm>
  );
}

export function QuotePage(props: {
  csrf: string;
  store: StoreJson;
  quote: QuoteJson;
  products: ProductSummaryJson[];
  keyNames: Map<string, string>;
  /** The store's locale for money and dates (its profile's); null: the desk's fallback (quote-format.ts). */
  locale: string | null;
  /** The store's tax rate now (its profile's), for a quote not sent yet. */
  storeRate: number | null;
  settings: QuoteSettingsJson;
}) {
  const { csrf, store, quote, products, keyNames, settings } = props;
  const fmt = deskFormat(props.locale);
  const api = `/api/admin/stores/${enc(store.id)}/quotes/${enc(quote.id)}`;
  const number = numberLabel(quote);
  const crumbs = storeCrumbs(store, { href: `/admin/stores/${enc(store.id)}/quotes`, label: 'Quotes' }, { label: number });
  const may = (action: Action) => adminMay(quote.status, action);
  const editable = may('edit');
  const current = new Map(products.map((p) => [p.external_id, p.current_version]));
  const money = (amount: number) => fmt.money(amount, quote.currency);
  return (
    <Layout
      title={`${number} · ${store.name}`}
      csrf={csrf}
      crumbs={crumbs}
      modules={editable ? ['/admin/assets/quote-desk.js', '/embed/v1/configurator.js'] : undefined}
    >
      <SharePanel />
      <RepricePanel quote={quote} locale={fmt.locale} />
      <div id="quote-body">
        <div class="page-head">
          <div>
            <h1 class="mono">{number}</h1>
            <p>
              <StatusBadge status={quote.status} /> <RequestBadge quote={quote} /> · version {quote.version} · valid until{' '}
              {fmt.day(quote.valid_until)}
            </p>
            <RevisionLinks store={store.id} quote={quote} />
            {quote.sent_at !== null && (
              <p>
                <a href={`/admin/stores/${enc(store.id)}/quotes/${enc(quote.id)}/document`} class="quote-document-link">
                  The document as sent
                </a>{' '}
                <span class="muted">(what the buyer's link shows, in {quote.language})</span>
              </p>
            )}
          </div>
          <ReviseForm store={store.id} quote={quote} />
          <DeskForm
            action={`${api}/clone`}
            label="Clone"
            name="Clone into a new draft"
            flash="A new draft was made from the quote."
            success="redirect"
            redirect={`/admin/stores/${enc(store.id)}/quotes/{id}`}
          />
        </div>
        {editable && <DraftDesk api={api} store={store.id} quote={quote} products={products} locale={fmt.locale} />}
        <div class="grid-2">
          <section class="card" aria-labelledby="quote-items-title">
            <h2 id="quote-items-title">Items</h2>
            <DataTable columns={['Product', { label: 'Quantity', numeric: true }, { label: 'Price', numeric: true }]}>
              {quote.items.map((item) => (
                <tr>
                  <td data-label="Product">
                    <strong>{item.product_name}</strong>{' '}
                    <span class="muted mono">
                      {item.product_id} v{item.product_version}
                    </span>
                    {(current.get(item.product_id) ?? 0) > item.product_version && (
                      <span class="badge warn out-of-date" title="Re-price to move it to the current version">
                        out of date: v{current.get(item.product_id)} published
                      </span>
                    )}
                    <ul class="quote-summary">
                      {item.summary.map((s) => (
                        <li>
                          {s.label}: {s.value_label}
                        </li>
                      ))}
                    </ul>
                    {editable && <ItemActions api={api} store={store.id} language={fmt.locale} item={item} products={products} />}
                    {editable && <LineDiscountForm api={api} item={item} currency={quote.currency} />}
                  </td>
                  <td data-label="Quantity" class="num">
                    {item.quantity}
                  </td>
                  <td data-label="Price" class="num">
                    {item.line_discount ? (
                      <>
                        <s>{money(item.totals.price)}</s> <span class="muted">−{money(item.line_discount.amount)}</span>{' '}
                        {money(item.net_price)}
                      </>
                    ) : (
                      money(item.totals.price)
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
            <dl class="facts quote-totals">
              {quote.totals.line_discounts > 0 && (
                <>
                  <dt>Line discounts</dt>
                  <dd>{money(quote.totals.line_discounts)}</dd>
                </>
              )}
              <dt>Subtotal</dt>
              <dd>{money(quote.totals.subtotal)}</dd>
              <dt>Discount</dt>
              <dd>
                {quote.discount
                  ? `${money(quote.totals.discount)} (${quote.discount.type === 'percent' ? `${fmt.percent(quote.discount.value)}, ` : ''}${quote.discount.reason})`
                  : 'none'}
              </dd>
              <dt>Total</dt>
              <dd>
                <strong>{money(quote.totals.total)}</strong>
              </dd>
              <TaxLines totals={quote.totals} currency={quote.currency} fmt={fmt} storeRate={props.storeRate} />
            </dl>
          </section>
          <section class="card" aria-labelledby="quote-customer-title">
            <h2 id="quote-customer-title">Customer</h2>
            <dl class="facts">
              <dt>Name</dt>
              <dd>{quote.customer.name ?? '—'}</dd>
              <dt>Company</dt>
              <dd>{quote.customer.company ?? '—'}</dd>
              <dt>Email</dt>
              <dd>{quote.customer.email ?? '—'}</dd>
              <dt>Reference</dt>
              <dd>{quote.customer.reference ?? '—'}</dd>
              <dt>Language</dt>
              <dd>{quote.language}</dd>
            </dl>
            {quote.notes && <p class="quote-notes">{quote.notes}</p>}
            {may('approve') && (
              <div class="quote-approval">
                <h3>The discount needs approval</h3>
                <ApprovalReason quote={quote} settings={settings} fmt={fmt} />
                <ActionForm action={`${api}/approve`} label="Approve discount" flash="Discount approved." note="optional" />
                <ActionForm
                  action={`${api}/decline`}
                  label="Decline discount"
                  flash="Discount declined."
                  note="required"
                  danger
                />
              </div>
            )}
            {may('cancel') && (
              <ActionForm action={`${api}/cancel`} label="Cancel quote" flash="Quote cancelled." note="optional" danger />
            )}
            {may('share') && (
              <DeskForm
                action={`${api}/share`}
                label="Issue a new share link"
                flash="A new share link was issued; the previous one no longer opens the quote."
                success="show-link"
              >
                <Confirm id="confirm-share" text="The buyer's current link stops working" />
              </DeskForm>
            )}
            {quote.links_active && (
              <div class="quote-links">
                <p class="muted">
                  A link given out for this quote (the buyer's share link, or the status link of a request) still opens it.
                </p>
                <DeskForm action={`${api}/share`} method="DELETE" label="Revoke links" flash="Links revoked." danger>
                  <Confirm id="confirm-revoke" text="Every link given out for this quote stops working" />
                </DeskForm>
              </div>
            )}
          </section>
        </div>
        <QuoteHistory quote={quote} store={store.id} fmt={fmt} keyNames={keyNames} />
      </div>
    </Layout>
  );
}
