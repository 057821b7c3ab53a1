// The live preview of the draft: the storefront component (<cpq-configurator>, loaded from
// /embed/v1/configurator.js) with a client that reads the draft's form and prices it through the admin API's
// /draft/form and /draft/calculate, so the author sees an edit without publishing it.
import { call } from './api';
import { signedIn } from './session';

interface ClientAnswer {
  status: number;
  body: unknown;
}
interface CalculateRequest {
  configuration: Record<string, unknown>;
  quantity: number;
  lang?: string;
}

/** A refused call (401) waits for signing in again, then is made once more. */
async function admin(method: string, path: string, body?: unknown): Promise<ClientAnswer> {
  let answer = await call<unknown>(method, path, body);
  if (answer.status === 401) {
    await signedIn();
    answer = await call<unknown>(method, path, body);
  }
  return { status: answer.status, body: answer.body };
}

export function draftClient(store: string, product: string) {
  const base = `/api/admin/stores/${encodeURIComponent(store)}/products/${encodeURIComponent(product)}/draft`;
  return {
    form: (lang: string | undefined) => admin('GET', `${base}/form${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`),
    calculate: (request: CalculateRequest) => admin('POST', `${base}/calculate`, { ...request, output_groups: ['*'] }),
  };
}

/** Points the preview at the draft again: setting `client` makes the component reload the form. */
export function refreshPreview(el: Element | null, store: string, product: string | null): void {
  if (!el || !product) return;
  (el as Element & { client?: unknown }).client = draftClient(store, product);
}
