import { createRoute, type z } from '@hono/zod-openapi';
import { StoreParams } from '../../api/admin/params';
import { StoreProfile, StoreProfileBody } from '../../api/admin/store-profile';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { newApp } from '../../http/factory';
import { getStoreProfile, type StoreProfile as Profile, setStoreProfile } from '../../store-profiles/service';

// A store's profile for its quote documents: the seller block and the tax (docs/quotes.md, "The document").
// A quote sent keeps a copy of it, so a PUT changes only the documents of quotes sent after it.

const tags = ['Admin: quotes'];

const present = ({ profile: p, taxRateBp, prices, locale }: Profile): z.infer<typeof StoreProfile> => ({
  legal_name: p.legalName,
  address: p.address,
  logo_url: p.logoUrl,
  tax_id: p.taxId,
  terms: p.terms,
  payment_terms: p.paymentTerms,
  tax_rate_percent: taxRateBp === null ? null : taxRateBp / 100,
  prices,
  locale,
});

function parse(b: z.infer<typeof StoreProfileBody>): Profile {
  const none = (s: string | null | undefined) => s || null;
  return {
    profile: {
      legalName: none(b.legal_name),
      address: none(b.address),
      logoUrl: none(b.logo_url),
      taxId: none(b.tax_id),
      terms: none(b.terms),
      paymentTerms: none(b.payment_terms),
    },
    taxRateBp: b.tax_rate_percent == null ? null : Math.round(b.tax_rate_percent * 100),
    prices: b.prices ?? 'net',
    locale: b.locale ?? null,
  };
}

export const storeProfileApi = newApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/profile',
      operationId: 'getStoreProfile',
      tags,
      security: ADMIN_SECURITY,
      summary: "The store's seller block and tax, as quote documents sent from now on print them",
      request: { params: StoreParams },
      responses: { 200: json(StoreProfile, 'The profile'), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(present(await getStoreProfile(c.env, c.req.valid('param').store_id)), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/profile',
      operationId: 'setStoreProfile',
      tags,
      security: ADMIN_SECURITY,
      summary: "Replace the store's seller block and tax; quotes already sent keep the ones they were sent with",
      request: { params: StoreParams, ...jsonBody(StoreProfileBody) },
      responses: { 200: json(StoreProfile, 'The profile'), ...errorResponses(400, 404) },
    }),
    async (c) => c.json(present(await setStoreProfile(c.env, c.req.valid('param').store_id, parse(c.req.valid('json')))), 200),
  );
