import { pinnedPricing } from '../../configurator/priced';
import { createQuote } from './create';
import { getQuote, type QuoteCall } from './store';

/**
 * A new draft with a quote's items (product, configuration, quantity), customer, notes, language, market and group,
 * under a new number, in any status. Its items are priced again at the products' current versions and the list in
 * force, its validity is the
 * default from today, and the discount is not carried (a discount is agreed for one offer, and may need approval).
 */
export async function cloneQuote(call: QuoteCall, id: string) {
  const { quote, items } = await getQuote(call.env, call.storeId, id);
  const { loaded } = await createQuote(call, {
    items: items.map((i) => ({ product_id: i.productId, configuration: i.configuration, quantity: i.quantity })),
    customer: quote.customer,
    notes: quote.notes ?? undefined,
    language: quote.language,
    request: false,
    clonedFrom: quote.number,
    pricing: await pinnedPricing(call.env, call.storeId, quote),
  });
  return loaded;
}
