import { enc } from '../load';
import type { QuoteJson } from '../types';
import { DeskForm } from './quote-desk';

// An item's line discount on the quote desk (docs/quotes.md, "Line discounts"): set as a percent of the item's
// price or an amount, or removed; the admin API refuses an amount above the price and shows why.

type Item = QuoteJson['items'][number];

export function LineDiscountForm({ api, item, currency }: { api: string; item: Item; currency: string }) {
  const at = `${api}/items/${enc(item.id)}`;
  const id = `line-discount-${item.id}`;
  const current = item.line_discount;
  return (
    <details class="line-discount">
      <summary>Line discount</summary>
      <DeskForm
        action={at}
        method="PATCH"
        label="Set line discount"
        name={`Line discount of ${item.product_name}`}
        flash="Line discount set."
      >
        <div class="field">
          <label for={`${id}-type`}>Kind</label>
          <select id={`${id}-type`} name="line_discount.type">
            <option value="percent" selected={current?.type !== 'amount'}>
              Percent of the item's price
            </option>
            <option value="amount" selected={current?.type === 'amount'}>
              Amount ({currency})
            </option>
          </select>
        </div>
        <div class="field">
          <label for={`${id}-value`}>Value</label>
          <input
            id={`${id}-value`}
            name="line_discount.value"
            type="number"
            step="0.01"
            min={0}
            data-type="number"
            value={current ? String(current.value) : ''}
          />
        </div>
      </DeskForm>
      {current && (
        <DeskForm
          action={at}
          method="PATCH"
          label="Remove line discount"
          name={`Remove the line discount of ${item.product_name}`}
          flash="Line discount removed."
          danger
        >
          <input type="hidden" name="line_discount" data-type="json" value="null" />
        </DeskForm>
      )}
    </details>
  );
}
