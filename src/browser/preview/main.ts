// The backoffice's preview of a saved version: the storefront's own <cpq-configurator>, pointed at the admin
// preview endpoints (src/routes/admin/preview.ts) through its `client` hook (shared/admin-product.ts), with every output group. This
// module runs before the component's, so `client` is set before the element loads anything.
import type { CpqClient } from '../configurator/client';
import { adminProductClient } from '../shared/admin-product';

const host = document.getElementById('pv') as (HTMLElement & { client: CpqClient | null; value: Record<string, unknown> }) | null;
const languages = document.getElementById('pv-lang') as HTMLSelectElement | null;

function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

if (host && languages) {
  const product = adminProductClient(host.dataset.store ?? '', host.dataset.product ?? '', ['*']);
  host.client = {
    ...product,
    async form(lang) {
      const answer = await product.form(lang);
      const form = answer.body as { language?: string; languages?: string[] } | null;
      if (answer.status === 200 && form?.languages) {
        languages.replaceChildren(...form.languages.map((code) => new Option(languageName(code), code)));
        languages.value = form.language ?? '';
        languages.disabled = form.languages.length < 2;
      }
      return answer;
    },
  };
  languages.addEventListener('change', () => {
    history.replaceState(null, '', `${location.pathname}?lang=${encodeURIComponent(languages.value)}`);
    host.setAttribute('lang', languages.value);
  });
  document.getElementById('pv-reset')?.addEventListener('click', () => {
    host.removeAttribute('quantity');
    host.value = {};
  });
}
