// Loading a product's form: which client asks, how a newer request outdates an older one, and what a failed
// answer tells the buyer.
import { apiClient, type ClientAnswer, type CpqClient } from './client';
import type { FormDocument } from './form';
import type { Translate } from './i18n';

/** The transport built from the element's attributes; null while one of tenant, product and api-key is missing. */
export function defaultClient(host: Element): CpqClient | null {
  const [tenant, product, key] = ['tenant', 'product', 'api-key'].map((a) => host.getAttribute(a));
  if (!tenant || !product || !key) return null;
  // Without `api`, the server that served this module.
  const api = host.getAttribute('api') ?? new URL('/api', import.meta.url).href;
  return apiClient(api, tenant, product, key);
}

/** What a failed answer tells the buyer. */
export function problemOf(a: ClientAnswer, t: Translate): string {
  if (a.status === 0) return t('network');
  if (a.status === 401) return t('badKey');
  if (a.status === 403) return t('forbidden');
  if (a.status === 404) return t('notFound');
  const error = (a.body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : t('failed', { status: a.status });
}

/**
 * Requests of one kind in turn: each `next()` outdates the ones before, whose answers are then dropped. An
 * outdated request is left to finish rather than aborted (only leaving the page aborts, element.ts): the server may
 * share work between concurrent requests.
 */
export class Turns {
  #n = 0;
  next(): () => boolean {
    const mine = ++this.#n;
    return () => mine === this.#n;
  }
  outdate(): void {
    ++this.#n;
  }
}

/** The form, or the answer that did not bring one. */
export async function fetchForm(
  client: CpqClient,
  lang: string | undefined,
  signal: AbortSignal,
  market: string | undefined,
): Promise<{ form: FormDocument } | { failed: ClientAnswer }> {
  const answer = await client.form(lang, signal, market);
  if (answer.status !== 200 || !answer.body || typeof answer.body !== 'object') return { failed: answer };
  return { form: answer.body as FormDocument };
}
