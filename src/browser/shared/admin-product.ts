// A saved product as the admin sees it, for <cpq-configurator>'s `client` hook: the admin preview endpoints
// (src/routes/admin/preview.ts: the current version's form and calculate, as /v1 serves them) with the session
// and its CSRF token, instead of /v1 with an API key. The preview page and the quote desk both use it.
import type { CpqClient } from '../configurator/client';
import { adminCall } from './admin-api';

export function adminProductClient(store: string, product: string, outputGroups?: string[]): CpqClient {
  const base = `/api/admin/stores/${encodeURIComponent(store)}/products/${encodeURIComponent(product)}`;
  return {
    form: (lang) => adminCall('GET', `${base}/form${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`),
    calculate: (request) =>
      adminCall('POST', `${base}/calculate`, outputGroups ? { ...request, output_groups: outputGroups } : request),
  };
}
