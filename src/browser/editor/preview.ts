// The live preview of the draft: the storefront component (<cpq-configurator>, loaded from
// /embed/v1/configurator.js) with a client that reads the draft's form and prices it through the admin API's
// /draft/form and /draft/calculate, so the author sees an edit without publishing it. The component keeps the
// values entered when its client is replaced.
import type { ClientAnswer, CpqClient } from '../configurator/client';
import { call } from './api';
import { signedIn } from './session';

/** A refused call (401) waits for signing in again, then is made once more. */
async function admin(method: string, path: string, body?: unknown): Promise<ClientAnswer> {
  let answer = await call<unknown>(method, path, body);
  if (answer.status === 401) {
    await signedIn();
    answer = await call<unknown>(method, path, body);
  }
  return { status: answer.status, body: answer.body };
}

/** The draft's endpoints; while there is no draft (nothing edited yet), the current version's, which it equals. */
/** `onPriced` gets each priced answer's body (the editor lists the output groups from it). */
export function draftClient(store: string, product: string, draft: boolean, onPriced?: (body: unknown) => void): CpqClient {
  const base = `/api/admin/stores/${encodeURIComponent(store)}/products/${encodeURIComponent(product)}${draft ? '/draft' : ''}`;
  return {
    form: (lang) => admin('GET', `${base}/form${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`),
    calculate: async (request) => {
      const answer = await admin('POST', `${base}/calculate`, { ...request, output_groups: ['*'] });
      if (answer.status === 200) onPriced?.(answer.body);
      return answer;
    },
  };
}

/** Points the preview at the draft again: setting `client` makes the component reload the form. */
export function refreshPreview(
  el: Element | null,
  store: string,
  product: string | null,
  draft: boolean,
  onPriced?: (body: unknown) => void,
): void {
  if (!el || !product) return;
  (el as Element & { client: CpqClient | null }).client = draftClient(store, product, draft, onPriced);
}
