import { checkedLocale } from '../../api/locale';
import { enc } from '../load';
import { type FilterProblem, filterQuery, type QuoteFilters } from '../quote-filters';
import type { ProductSummaryJson, QuoteJson, QuoteListJson, QuoteSettingsJson, StoreJson } from '../types';
import { Layout } from './layout';
import { DataTable, Empty, FormError, Time } from './parts';
import { DeskForm, DraftDesk, ItemActions, NewQuoteForm, RepricePanel, SharePanel } from './quote-desk';
import { QuoteFiltersForm, statusLabel } from './quote-filters';
import { actorName, day, detailsText, money, numberLabel } from './quote-format';
import { LineDiscountForm } from './quote-line-discount';
import { ReviseForm, RevisionLinks } from './quote-revisions';
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
  /** The store's locale for money and dates (its profile's); null: each quote's language. */
  locale: string | null;
}) {
  const { csrf, store, list, settings, products, filters, problem, locale } = props;
  const base = `/admin/stores/${enc(store.id)}/quotes`;
  const next = list.next_cursor ? `${base}?${filterQuery(filters, { cursor: list.next_cursor })}` : null;
  return (
    <StorePage csrf={csrf} store={store} tab="quotes" title="Quotes">
      <section class="card" aria-labelledby="quotes-title">
        <h2 id="quotes-title">Quotes</h2>
        {products.length > 0 && <NewQuoteForm store={store.id} products={products} />}
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
              'Valid until',
              'Created',
            ]}
          >
            {list.quotes.map((quote) => (
              <tr>
                <td data-label="Number">
                  <a href={`${base}/${enc(quote.id)}`} class="mono">
                    {numberLabel(quote)}
                  </a>
                </td>
                <td data-label="Status">
                  <StatusBadge status={quote.status} />
                </td>
                <td data-label="Customer">
                  {quote.customer.name ?? ''}
                  {quote.customer.company && <div class="muted">{quote.customer.company}</div>}
                </td>
                <td data-label="Items" class="num">
                  {quote.item_count}
                </td>
                <td data-label="Total" class="num">
                  {money(quote.totals.total, quote.currency, locale ?? quote.language)}
                </td>
                <td data-label="Valid until">{day(quote.valid_until, locale ?? quote.language)}</td>
                <td data-label="Created">
                  <Time iso={quote.created_at} />
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
  /** The store's locale for money and dates (its profile's); null: the quote's language. */
  locale: string | null;
}) {
  const { csrf, store, quote, products, keyNames } = props;
  // Checked here too: the re-price report formats with it in the browser (data-locale).
  const locale = checkedLocale(props.locale ?? quote.language, 'en');
  const api = `/api/admin/stores/${enc(store.id)}/quotes/${enc(quote.id)}`;
  const number = numberLabel(quote);
  const crumbs = storeCrumbs(store, { href: `/admin/stores/${enc(store.id)}/quotes`, label: 'Quotes' }, { label: number });
  const undecided = ['draft', 'pending_approval', 'sent', 'expired'].includes(quote.status);
  const editable = quote.status === 'draft' || quote.status === 'pending_approval';
  const current = new Map(products.map((p) => [p.external_id, p.current_version]));
  const fmt = (amount: number) => money(amount, quote.currency, locale);
  return (
    <Layout
      title={`${number} · ${store.name}`}
      csrf={csrf}
      crumbs={crumbs}
      modules={editable ? ['/admin/assets/quote-desk.js', '/embed/v1/configurator.js'] : undefined}
    >
      <SharePanel />
      <RepricePanel quote={quote} locale={locale} />
      <div id="quote-body">
        <div class="page-head">
          <div>
            <h1 class="mono">{number}</h1>
            <p>
              <StatusBadge status={quote.status} /> · version {quote.version} · valid until {day(quote.valid_until, locale)}
            </p>
            <RevisionLinks store={store.id} quote={quote} />
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
        {editable && <DraftDesk api={api} store={store.id} quote={quote} products={products} />}
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
                    {editable && (
                      <ItemActions api={api} store={store.id} language={quote.language} item={item} products={products} />
                    )}
                    {editable && <LineDiscountForm api={api} item={item} currency={quote.currency} />}
                  </td>
                  <td data-label="Quantity" class="num">
                    {item.quantity}
                  </td>
                  <td data-label="Price" class="num">
                    {item.line_discount ? (
                      <>
                        <s>{fmt(item.totals.price)}</s> <span class="muted">−{fmt(item.line_discount.amount)}</span>{' '}
                        {fmt(item.net_price)}
                      </>
                    ) : (
                      fmt(item.totals.price)
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
            <dl class="facts quote-totals">
              {quote.totals.line_discounts > 0 && (
                <>
                  <dt>Line discounts</dt>
                  <dd>{fmt(quote.totals.line_discounts)}</dd>
                </>
              )}
              <dt>Subtotal</dt>
              <dd>{fmt(quote.totals.subtotal)}</dd>
              <dt>Discount</dt>
              <dd>
                {quote.discount
                  ? `${fmt(quote.totals.discount)} (${quote.discount.type === 'percent' ? `${quote.discount.value} %, ` : ''}${quote.discount.reason})`
                  : 'none'}
              </dd>
              <dt>Total</dt>
              <dd>
                <strong>{fmt(quote.totals.total)}</strong>
              </dd>
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
            {quote.status === 'pending_approval' && (
              <div class="quote-approval">
                <h3>The discount needs approval</h3>
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
            {undecided && (
              <ActionForm action={`${api}/cancel`} label="Cancel quote" flash="Quote cancelled." note="optional" danger />
            )}
            {['sent', 'expired', 'accepted', 'rejected'].includes(quote.status) && (
              <DeskForm
                action={`${api}/share`}
                label="Issue a new share link"
                flash="A new share link was issued; the previous one no longer opens the quote."
                success="show-link"
              />
            )}
            {quote.links_active && (
              <div class="quote-links">
                <p class="muted">
                  A link given out for this quote (the buyer's share link, or the status link of a request) still opens it.
                </p>
                <ActionForm action={`${api}/share`} method="DELETE" label="Revoke links" flash="Links revoked." danger />
              </div>
            )}
          </section>
        </div>
        <section class="card" aria-labelledby="quote-history-title">
          <h2 id="quote-history-title">History</h2>
          <DataTable columns={[{ label: 'Version', numeric: true }, 'When', 'What', 'Who', 'Details']}>
            {[...quote.history].reverse().map((h) => (
              <tr>
                <td data-label="Version" class="num">
                  {h.version}
                </td>
                <td data-label="When">
                  <Time iso={h.at} />
                </td>
                <td data-label="What">{h.action.replaceAll('_', ' ')}</td>
                <td data-label="Who">{actorName(h.actor, keyNames)}</td>
                <td data-label="Details" class="muted">
                  {detailsText(h.details)}
                </td>
              </tr>
            ))}
          </DataTable>
        </section>
      </div>
    </Layout>
  );
}
