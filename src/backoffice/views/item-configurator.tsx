import { enc } from '../load';
import type { ProductSummaryJson, QuoteJson } from '../types';
import { FormError } from './parts';

// An item added to or replaced in a draft through the storefront's own <cpq-configurator> (docs/backoffice.md,
// "Items with the configurator"). quote-desk.js (src/browser/quote-desk/) puts the element in when the panel's
// <details> opens, points it at the admin preview endpoints of the chosen product with the session, and sends
// what it priced to the quote's item endpoint.

type Item = QuoteJson['items'][number];

/** The products an item can be, each at its current version (the one an item added now is priced at). */
export function ProductOptions({ products, selected }: { products: ProductSummaryJson[]; selected: string | undefined }) {
  return (
    <>
      {products.map((p) => (
        <option value={p.external_id} selected={p.external_id === selected}>
          {p.name} ({p.external_id} v{p.current_version})
        </option>
      ))}
    </>
  );
}

export function ItemConfigurator(props: {
  api: string;
  store: string;
  language: string;
  products: ProductSummaryJson[];
  item?: Item;
  /** A new quote whose first item this is: where it is created and the page it opens ({id}). */
  create?: { action: string; redirect: string };
}) {
  const { api, store, language, products, item, create } = props;
  const id = `ic-${item?.id ?? (create ? 'new' : 'add')}`;
  return (
    <div
      class="item-configurator"
      data-store={store}
      data-lang={language}
      data-action={create ? create.action : item ? `${api}/items/${enc(item.id)}` : `${api}/items`}
      data-method={item ? 'PUT' : 'POST'}
      data-flash={create ? 'Quote created.' : item ? 'Item replaced.' : 'Item added.'}
      data-create={create ? create.redirect : undefined}
      data-configuration={item ? JSON.stringify(item.configuration) : undefined}
      data-quantity={item ? String(item.quantity) : undefined}
    >
      <div class="field">
        <label for={`${id}-product`}>Product</label>
        <select id={`${id}-product`} class="ic-product">
          <ProductOptions products={products} selected={item?.product_id} />
        </select>
      </div>
      <div class="ic-slot" aria-live="polite"></div>
      <FormError />
      <button class="btn primary ic-submit" type="button" disabled>
        {create ? 'Create quote' : item ? 'Replace item' : 'Add to quote'}
      </button>
      <noscript>
        <p class="notice warn">The configurator runs in the browser: turn on JavaScript, or use the JSON form below.</p>
      </noscript>
    </div>
  );
}
