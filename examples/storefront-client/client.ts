// A storefront's typed client for the CPQ API: openapi-fetch over the types openapi-typescript generated from the
// served OpenAPI document (api.d.ts), so every path, parameter, body and answer below is checked by tsc, and a
// change to the API that breaks a storefront breaks this example's typecheck first.
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

type Schemas = components['schemas'];
export type ProductForm = Schemas['ProductForm'];
export type ConfigureResult = Schemas['ConfigureResult'];
export type CalculationResult = Schemas['CalculationResult'];
export type CalculationRejected = Schemas['CalculationRejected'];
export type ValidationResult = Schemas['ValidationResult'];
export type Configuration = Schemas['CalculateRequest']['configuration'];

/** An answer the storefront cannot use: the status and the API's `{error, code}` body (docs/api.md, "Errors"). */
export class CpqError extends Error {
  constructor(
    readonly status: number,
    readonly body: Schemas['Error'],
  ) {
    super(`${status} ${body.code}: ${body.error}`);
  }
}

export interface ClientOptions {
  /** The service, e.g. https://<worker> (the paths start with /api). */
  baseUrl: string;
  /** A storefront key: form:read, calculate (and schema:validate for `validate`). */
  apiKey: string;
  /** The store (`tenant_id`) the key belongs to. */
  tenant: string;
}

export function storefrontClient({ baseUrl, apiKey, tenant }: ClientOptions) {
  const api = createClient<paths>({ baseUrl, headers: { 'X-API-Key': apiKey } });
  return {
    /** The form to render: groups, fields, options, conditions as JSON Logic, in the negotiated language. */
    async form(productId: string, lang?: string): Promise<ProductForm> {
      const { data, error, response } = await api.GET('/api/v1/products/{product_id}/form', {
        params: { path: { product_id: productId }, query: { tenant_id: tenant, lang } },
      });
      if (error) throw new CpqError(response.status, error);
      return data;
    },

    /** The buyer's partial configuration: every field's value and state, each option's availability, the price once it prices. */
    async configure(productId: string, configuration: Configuration, lang?: string): Promise<ConfigureResult> {
      const { data, error, response } = await api.POST('/api/v1/configure', {
        body: { tenant_id: tenant, product_id: productId, configuration, lang },
      });
      if (error) throw new CpqError(response.status, error);
      return data;
    },

    /** The price and outputs of a complete configuration; a configuration that does not price is an answer too (422). */
    async calculate(
      productId: string,
      configuration: Configuration,
      quantity?: number,
    ): Promise<{ priced: true; calculation: CalculationResult } | { priced: false; rejected: CalculationRejected }> {
      const { data, error, response } = await api.POST('/api/v1/calculate', {
        body: { tenant_id: tenant, product_id: productId, configuration, quantity },
      });
      if (data) return { priced: true, calculation: data };
      // The 422 body is the only error answer with `warnings` (CalculationRejected).
      if ('warnings' in error) return { priced: false, rejected: error };
      throw new CpqError(response.status, error);
    },

    /** A schema text checked without saving it, as the backoffice editor does. */
    async validate(schema: string): Promise<ValidationResult> {
      const { data, error, response } = await api.POST('/api/v1/validate', { body: { schema } });
      if (error) throw new CpqError(response.status, error);
      return data;
    },
  };
}

export type StorefrontClient = ReturnType<typeof storefrontClient>;
