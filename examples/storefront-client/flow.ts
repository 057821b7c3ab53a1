// A buyer's visit, as a storefront drives it: render the form, let the buyer change one choice (the first option the
// API says is still available and not yet chosen), price the result for two pieces, and check a schema. The e2e
// suite (test/e2e/storefront-client.e2e.mjs) runs it against `wrangler dev`.
import type { StorefrontClient } from './client';

export async function buyerVisit(client: StorefrontClient, productId: string, lang: string) {
  const form = await client.form(productId, lang);
  const start = await client.configure(productId, {}, lang);
  // A visible choice with another available option: what a buyer clicks first.
  const choice = start.fields
    .filter((f) => f.visible && f.enabled)
    .flatMap((f) =>
      (f.options ?? []).filter((o) => o.available && o.id !== f.value).map((o) => ({ field: f.id, option: o.id })),
    )[0];
  const configuration = choice ? { [choice.field]: choice.option } : {};
  const configured = await client.configure(productId, configuration, lang);
  const priced = await client.calculate(productId, configuration, 2);
  const validation = await client.validate('product "Mug" {\n  currency: EUR\n}\nlet x = y + 1\n');
  return { form, choice, configured, priced, validation };
}
