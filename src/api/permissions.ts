/**
 * What an API key may do. `production:read` guards internal output groups (BOM, costs); storefront keys
 * normally lack it, so it is not among the defaults. `quote:request` only creates quotes (the answer is the
 * quote it created), which is all a storefront needs and all a key public in a browser may do: with
 * `quote:write`, which also edits, sends and decides quotes, a buyer could give their own draft a discount, send
 * it and accept it. `quote:read` reads and lists every quote of the store (docs/quotes.md). `insights:read` reads
 * the store's figures (`GET /v1/insights`: pipeline, wins, discounts, top products), for the store's own BI tools.
 */
export const PERMISSIONS = [
  'form:read',
  'calculate',
  'production:read',
  'schema:validate',
  'quote:read',
  'quote:request',
  'quote:write',
  'insights:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const DEFAULT_PERMISSIONS: Permission[] = ['form:read', 'calculate', 'schema:validate'];

export const PLANS = ['free', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** What KV holds under a key's hash: everything a request needs, so the hot path never reads D1. */
export interface KeyRecord {
  keyId: string;
  storeId: string;
  permissions: Permission[];
  /** The plan when the key was written; the store's Durable Object is the authority after that. */
  plan: Plan;
  /** The customer group the key prices for (absent or null: retail; docs/api.md "Markets and price lists"). */
  customerGroup?: string | null;
  /** The markets the key may use (absent or null: all of the store's). */
  markets?: string[] | null;
}
