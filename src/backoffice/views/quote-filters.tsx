import { READ_STATUSES } from '../../api/quote-limits';
import { type FilterProblem, filterQuery, type QuoteFilters } from '../quote-filters';
import type { ProductSummaryJson } from '../types';

// The filter form above Stores > Quotes. It submits with GET, so the filters are the page's query; the days are
// <input type="date">: shown in the browser's locale, sent as YYYY-MM-DD.

export const statusLabel = (status: string) => status.replace('_', ' ');

function Problem({ name, problem }: { name: string; problem: FilterProblem | undefined }) {
  return problem?.field === name ? (
    <p class="field-error" id={`quote-${name}-error`}>
      {problem.message}
    </p>
  ) : null;
}

export function QuoteFiltersForm(props: {
  base: string;
  filters: QuoteFilters;
  products: ProductSummaryJson[];
  problem?: FilterProblem | undefined;
}) {
  const { base, filters, products, problem } = props;
  // A product no longer in the store (deleted) still names the filter the link was made with.
  const ids = products.map((p) => p.external_id);
  const gone = filters.product && !ids.includes(filters.product) ? [filters.product] : [];
  const day = (name: 'from' | 'to' | 'decided_from' | 'decided_to', label: string) => (
    <div class="field">
      <label for={`quote-${name}`}>{label}</label>
      <input
        id={`quote-${name}`}
        name={name}
        type="date"
        value={filters[name] ?? ''}
        aria-invalid={problem?.field === name ? 'true' : undefined}
        aria-describedby={problem?.field === name ? `quote-${name}-error` : undefined}
      />
      <Problem name={name} problem={problem} />
    </div>
  );
  return (
    <form class="filters" method="get" action={base} aria-label="Filter quotes">
      <div class="field">
        <label for="quote-status">Status</label>
        <select id="quote-status" name="status">
          <option value="">Any</option>
          {READ_STATUSES.map((s) => (
            <option value={s} selected={s === filters.status}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      <div class="field">
        <label for="quote-request">Made by</label>
        <select id="quote-request" name="request">
          <option value="">Anyone</option>
          <option value="new" selected={filters.request === 'new'}>
            Buyers: new requests
          </option>
          <option value="any" selected={filters.request === 'any'}>
            Buyers: all requests
          </option>
        </select>
      </div>
      <div class="field">
        <label for="quote-product">Product</label>
        <select id="quote-product" name="product">
          <option value="">Any</option>
          {products.map((p) => (
            <option value={p.external_id} selected={p.external_id === filters.product}>
              {p.name} ({p.external_id})
            </option>
          ))}
          {gone.map((id) => (
            <option value={id} selected>
              {id}
            </option>
          ))}
        </select>
      </div>
      {day('from', 'Created from')}
      {day('to', 'Created to')}
      {day('decided_from', 'Decided from')}
      {day('decided_to', 'Decided to')}
      <div class="field">
        <label for="quote-search">Number, customer or product</label>
        <input id="quote-search" name="q" type="search" maxlength={100} value={filters.q ?? ''} />
      </div>
      <button class="btn" type="submit">
        Show
      </button>
      <a class="btn" href={base}>
        Clear
      </a>
      <a class="btn" href={`${base}.csv?${filterQuery(filters)}`}>
        Export CSV
      </a>
    </form>
  );
}
