// How <cpq-configurator> talks to a server. By default it builds an apiClient from its attributes; a host page
// (the backoffice preview) sets the element's `client` property to its own implementation instead.

export interface ClientAnswer {
  status: number;
  body: unknown;
}

export interface CalculateRequest {
  configuration: Record<string, unknown>;
  quantity: number;
  lang?: string;
  /** The market to price in (GET /v1/markets); none: the key's or the store's default (docs/api.md, "Markets"). */
  market?: string;
}

/**
 * A configure request: for a form whose options' availability only the server knows, a compact answer (each
 * field's available option ids) with the reasons of the fields in `explain` (docs/api.md, "A compact answer").
 */
export interface ConfigureRequest extends CalculateRequest {
  compact?: true;
  explain?: string[];
}

/** A quote request of the configuration shown (POST /v1/quotes with one item). */
export interface QuoteRequest extends CalculateRequest {
  customer: { name: string; email: string };
}

/**
 * Reads get the element's `signal`, aborted when the element leaves the page: a client may pass it to fetch
 * (apiClient does) or ignore it, since the element drops a later answer anyway. A quote request is not aborted:
 * the buyer asked for it, and leaving would not undo it on the server.
 */
export interface CpqClient {
  /** As GET /v1/products/{id}/form, in `market` when given. */
  form(lang: string | undefined, signal?: AbortSignal, market?: string): Promise<ClientAnswer>;
  /** As POST /v1/calculate (body without tenant and product). */
  calculate(request: CalculateRequest, signal?: AbortSignal): Promise<ClientAnswer>;
  /** As POST /v1/configure, where the server has it; a 404 makes the component use calculate instead. */
  configure?(request: ConfigureRequest, signal?: AbortSignal): Promise<ClientAnswer>;
  /** As POST /v1/quotes with this one item; needs a key with quote:request (or quote:write). */
  quote?(request: QuoteRequest): Promise<ClientAnswer>;
  /** As GET /v1/markets: the markets the key may price in, for the market switch. */
  markets?(signal?: AbortSignal): Promise<ClientAnswer>;
}

/** One JSON request; a network failure (or an aborted request) is status 0, an unreadable body null. */
export async function send(url: string, init: RequestInit): Promise<ClientAnswer> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch {
    return { status: 0, body: null };
  }
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: res.status, body: null };
  }
}

/** The public API (/api/v1) with an API key, from the element's attributes. */
export function apiClient(api: string, tenant: string, product: string, key: string): CpqClient {
  const base = api.replace(/\/+$/, '');
  const headers = { 'X-API-Key': key, Accept: 'application/json' };
  const post = (path: string, r: CalculateRequest, signal: AbortSignal | undefined) =>
    send(`${base}/v1/${path}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ tenant_id: tenant, product_id: product, ...r }),
      signal,
    });
  return {
    form: (lang, signal, market) => {
      const query = new URLSearchParams({ tenant_id: tenant });
      if (lang) query.set('lang', lang);
      if (market) query.set('market', market);
      return send(`${base}/v1/products/${encodeURIComponent(product)}/form?${query}`, { headers, signal });
    },
    calculate: (r, signal) => post('calculate', r, signal),
    configure: (r, signal) => post('configure', r, signal),
    // One Idempotency-Key per request: a retry by the network never makes a second quote.
    quote: ({ configuration, quantity, lang, market, customer }) =>
      send(`${base}/v1/quotes`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({
          tenant_id: tenant,
          items: [{ product_id: product, configuration, quantity }],
          customer,
          language: lang,
          market,
        }),
      }),
    markets: (signal) => send(`${base}/v1/markets?${new URLSearchParams({ tenant_id: tenant })}`, { headers, signal }),
  };
}
