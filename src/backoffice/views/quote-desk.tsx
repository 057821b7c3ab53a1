import type { Child } from 'hono/jsx';
import { adminMay } from '../../quotes/transitions';
import { enc } from '../load';
import type { ProductSummaryJson, QuoteJson } from '../types';
import { ItemConfigurator, ProductOptions } from './item-configurator';
import { CopyField, FormError } from './parts';

// The quote desk's forms (docs/backoffice.md): each submits JSON to the admin API (src/routes/admin/quote-desk.ts)
// through common.js, shows the API's problems next to the fields they name, and refreshes the page on success.

type Item = QuoteJson['items'][number];

export function DeskForm(props: {
  action: string;
  method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  label: string;
  flash: string;
  success?: 'reload' | 'redirect' | 'show-link' | 'show-reprice';
  redirect?: string;
  danger?: boolean;
  name?: string;
  children?: Child;
}) {
  return (
    <form
      class="api-form"
      aria-label={props.name ?? props.label}
      data-method={props.method ?? 'POST'}
      data-action={props.action}
      data-success={props.success ?? 'reload'}
      data-redirect={props.redirect}
      data-flash={props.flash}
    >
      <FormError />
      {props.children}
      <button class={`btn ${props.danger ? 'danger' : 'primary'}`} type="submit">
        {props.label}
      </button>
    </form>
  );
}

function Field(props: { id: string; label: string; children: Child; hint?: string }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.children}
      {props.hint && <span class="hint">{props.hint}</span>}
    </div>
  );
}

/** A product, its configuration as JSON (field id → value, as for calculate) and a quantity: one item's input. */
export function ItemFields(props: { prefix: string; products: ProductSummaryJson[]; item?: Item; within?: string }) {
  const { prefix, products, item, within = '' } = props;
  return (
    <>
      <Field id={`${prefix}-product`} label="Product">
        <select id={`${prefix}-product`} name={`${within}product_id`}>
          <ProductOptions products={products} selected={item?.product_id} />
        </select>
      </Field>
      <Field
        id={`${prefix}-configuration`}
        label="Configuration (JSON)"
        hint='Field id → value, e.g. {"width": 800}; {} takes every default.'
      >
        <textarea
          id={`${prefix}-configuration`}
          name={`${within}configuration`}
          data-type="json"
          rows={3}
          spellcheck={false}
          class="mono"
        >
          {JSON.stringify(item?.configuration ?? {})}
        </textarea>
      </Field>
      <Field id={`${prefix}-quantity`} label="Quantity">
        <input
          id={`${prefix}-quantity`}
          name={`${within}quantity`}
          type="number"
          min={1}
          step={1}
          data-type="number"
          value={String(item?.quantity ?? 1)}
        />
      </Field>
    </>
  );
}

/** The JSON form of an item, for what the configurator cannot say (a configuration pasted from elsewhere). */
function JsonFallback({ children }: { children: Child }) {
  return (
    <details class="item-json">
      <summary>Advanced: the configuration as JSON</summary>
      {children}
    </details>
  );
}

/** Replace and remove, under an item of a draft. */
export function ItemActions(props: { api: string; store: string; language: string; item: Item; products: ProductSummaryJson[] }) {
  const { api, item, products } = props;
  const at = `${api}/items/${enc(item.id)}`;
  return (
    <div class="item-actions">
      <details>
        <summary>Replace</summary>
        <ItemConfigurator {...props} />
        <JsonFallback>
          <DeskForm action={at} method="PUT" label="Replace item" name="Replace item as JSON" flash="Item replaced.">
            <ItemFields prefix={`item-${item.id}`} products={products} item={item} />
          </DeskForm>
        </JsonFallback>
      </details>
      <DeskForm action={at} method="DELETE" label="Remove" name={`Remove ${item.product_name}`} flash="Item removed." danger />
    </div>
  );
}

/** What an admin edits on a draft (or on a quote awaiting approval): its details, discount, items, and sending. */
export function DraftDesk(props: {
  api: string;
  store: string;
  quote: QuoteJson;
  products: ProductSummaryJson[];
  /** The desk's locale (quote-format.ts): the configurator's labels and money, as the rest of the desk. */
  locale: string;
}) {
  const { api, store, quote, products, locale } = props;
  const c = quote.customer;
  return (
    <section class="card" aria-labelledby="quote-desk-title">
      <h2 id="quote-desk-title">Edit</h2>
      <details open>
        <summary>Customer, notes and validity</summary>
        <DeskForm action={api} method="PATCH" label="Save details" flash="Details saved.">
          <Field id="customer-name" label="Name">
            <input id="customer-name" name="customer.name" maxlength={200} value={c.name ?? ''} data-clear="" />
          </Field>
          <Field id="customer-company" label="Company">
            <input id="customer-company" name="customer.company" maxlength={200} value={c.company ?? ''} data-clear="" />
          </Field>
          <Field id="customer-email" label="Email">
            <input id="customer-email" name="customer.email" type="email" value={c.email ?? ''} data-clear="" />
          </Field>
          <Field id="customer-reference" label="Reference">
            <input id="customer-reference" name="customer.reference" value={c.reference ?? ''} data-clear="" />
          </Field>
          <Field id="quote-notes" label="Notes">
            <textarea id="quote-notes" name="notes" rows={3} data-clear="">
              {quote.notes ?? ''}
            </textarea>
          </Field>
          <Field id="quote-valid-until" label="Valid until (last day, UTC)">
            <input id="quote-valid-until" name="valid_until" type="date" value={quote.valid_until} />
          </Field>
        </DeskForm>
      </details>
      <details>
        <summary>Quote discount</summary>
        <DeskForm action={api} method="PATCH" label="Set discount" flash="Discount set.">
          <Field id="discount-type" label="Kind">
            <select id="discount-type" name="discount.type">
              <option value="percent" selected={quote.discount?.type !== 'amount'}>
                Percent of the subtotal
              </option>
              <option value="amount" selected={quote.discount?.type === 'amount'}>
                Amount ({quote.currency})
              </option>
            </select>
          </Field>
          <Field id="discount-value" label="Value">
            <input
              id="discount-value"
              name="discount.value"
              type="number"
              step="0.01"
              min={0}
              data-type="number"
              value={quote.discount ? String(quote.discount.value) : ''}
            />
          </Field>
          <Field id="discount-reason" label="Reason">
            <input id="discount-reason" name="discount.reason" maxlength={500} value={quote.discount?.reason ?? ''} />
          </Field>
        </DeskForm>
        {quote.discount && (
          <DeskForm action={api} method="PATCH" label="Remove discount" flash="Discount removed." danger>
            <input type="hidden" name="discount" data-type="json" value="null" />
          </DeskForm>
        )}
      </details>
      <details>
        <summary>Add an item</summary>
        <ItemConfigurator api={api} store={store} language={locale} products={products} />
        <JsonFallback>
          <DeskForm action={`${api}/items`} label="Add item" name="Add item as JSON" flash="Item added.">
            <ItemFields prefix="add" products={products} />
          </DeskForm>
        </JsonFallback>
      </details>
      <div class="quote-desk-actions">
        <DeskForm
          action={`${api}/reprice`}
          label="Re-price to current versions"
          flash="Quote re-priced."
          success="show-reprice"
        />
        {adminMay(quote.status, 'send') && (
          <DeskForm action={`${api}/send`} label="Send quote" flash="Quote sent." success="show-link" />
        )}
      </div>
    </section>
  );
}

/** The share link of a quote just sent or re-issued (shown only once, as the API answers it). */
export function SharePanel() {
  return (
    <section id="share-link" class="notice ok" hidden aria-labelledby="share-link-title">
      <h2 id="share-link-title">The buyer's link</h2>
      <p>Send it to the buyer now: it is not shown again (a new one can be issued).</p>
      <CopyField id="share-link-value" label="Share link" />
    </section>
  );
}

/** Each item's old and new price after a re-price, filled by common.js from the API's answer. */
export function RepricePanel({ quote, locale }: { quote: QuoteJson; locale: string }) {
  return (
    <section
      id="reprice-report"
      class="card"
      hidden
      aria-labelledby="reprice-title"
      data-locale={locale}
      data-currency={quote.currency}
    >
      <h2 id="reprice-title">Re-priced</h2>
      <table class="table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Old price</th>
            <th scope="col">New price</th>
          </tr>
        </thead>
        <tbody />
      </table>
    </section>
  );
}

/**
 * A new draft: its first item chosen in the configurator (quote-desk.js sends it with the customer's name and the
 * language), or, under "Advanced", as JSON; the rest is edited on its page.
 */
export function NewQuoteForm({ store, products, language }: { store: string; products: ProductSummaryJson[]; language: string }) {
  const create = `/api/admin/stores/${enc(store)}/quotes`;
  const redirect = `/admin/stores/${enc(store)}/quotes/{id}`;
  return (
    <details class="new-quote">
      <summary>New quote</summary>
      <div class="field">
        <label for="new-customer">Customer name</label>
        <input id="new-customer" class="ic-customer" maxlength={200} />
      </div>
      <div class="field">
        <label for="new-language">Language of the document</label>
        <input id="new-language" class="ic-language" value={language.split('-')[0]} maxlength={35} />
      </div>
      <ItemConfigurator api="" store={store} language={language} products={products} create={{ action: create, redirect }} />
      <JsonFallback>
        <DeskForm action={create} label="Create quote" flash="Quote created." success="redirect" redirect={redirect}>
          <Field id="new-json-customer" label="Customer name">
            <input id="new-json-customer" name="customer.name" maxlength={200} data-optional="" />
          </Field>
          <Field id="new-json-language" label="Language">
            <input id="new-json-language" name="language" value="en" maxlength={35} />
          </Field>
          <ItemFields prefix="new" products={products} within="items.0." />
        </DeskForm>
      </JsonFallback>
    </details>
  );
}
