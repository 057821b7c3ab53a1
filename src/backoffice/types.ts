import type { z } from '@hono/zod-openapi';
import type { ApiKeyList, ApiKeySummary } from '../api/admin/api-keys';
import type { Draft } from '../api/admin/drafts';
import type { Store } from '../api/admin/params';
import type { ProductDetail, ProductList, ProductSummary, VersionDetail } from '../api/admin/products';
import type { QuoteSettings } from '../api/admin/quote-settings';
import type { StoreProfile } from '../api/admin/store-profile';
import type { StoreList } from '../api/admin/stores';
import type { VersionDiff } from '../api/admin/versions';
import type { Delivery, DeliveryList, Webhook, WebhookList } from '../api/admin/webhooks';
import type { Insights } from '../api/insights';
import type { Quote, QuoteList } from '../api/quotes';

// The admin API's JSON as the pages read it, inferred from the admin API's response schemas (src/api/): a changed response fails
// to compile in the pages that use it.

export type StoreJson = z.infer<typeof Store>;
export type StoreListJson = z.infer<typeof StoreList>;
export type ApiKeyJson = z.infer<typeof ApiKeySummary>;
export type ApiKeyListJson = z.infer<typeof ApiKeyList>;
export type ProductSummaryJson = z.infer<typeof ProductSummary>;
export type ProductListJson = z.infer<typeof ProductList>;
export type ProductJson = z.infer<typeof ProductDetail>;
export type VersionJson = z.infer<typeof VersionDetail>;
export type VersionDiffJson = z.infer<typeof VersionDiff>;
export type DraftJson = z.infer<typeof Draft>;
export type QuoteJson = z.infer<typeof Quote>;
export type QuoteListJson = z.infer<typeof QuoteList>;
export type QuoteSettingsJson = z.infer<typeof QuoteSettings>;
export type StoreProfileJson = z.infer<typeof StoreProfile>;
export type WebhookJson = z.infer<typeof Webhook>;
export type WebhookListJson = z.infer<typeof WebhookList>;
export type DeliveryJson = z.infer<typeof Delivery>;
export type DeliveryListJson = z.infer<typeof DeliveryList>;
export type InsightsJson = z.infer<typeof Insights>;

// Markets, customer groups and price lists (issue 45; docs/api.md "Markets and price lists").
export interface MarketJson {
  id: string;
  name: string;
  currency: string;
  countries: string[];
  language: string | null;
  tax: { rate: string; prices: 'net' | 'gross' } | null;
  price_lists: { group: string; list: string }[];
  default: boolean;
}
export interface MarketListJson {
  markets: MarketJson[];
}
export interface CustomerGroupJson {
  id: string;
  name: string;
  builtin: boolean;
}
export interface CustomerGroupListJson {
  customer_groups: CustomerGroupJson[];
}
export interface PriceListJson {
  id: string;
  name: string;
  currency: string;
  valid_from: string | null;
  valid_to: string | null;
  base: string | null;
  factor: string;
  rounding: string;
  version: number;
  entries: number;
}
export interface PriceListListJson {
  price_lists: PriceListJson[];
}
export interface PriceRowJson {
  price: string;
  label: string;
  model: string;
  value: string | null;
  effective: string;
  source: 'entry' | 'derived' | 'model';
}
type ListRefJson = { id: string; version: number; currency: string };
export interface PriceEntriesJson {
  list: ListRefJson;
  product: string;
  rows: PriceRowJson[];
}
export interface DiffRowJson {
  product: string;
  price: string;
  old: string | null;
  new: string | null;
}
export interface PriceListDiffJson {
  list: ListRefJson;
  against: ListRefJson;
  counts: { added: number; removed: number; changed: number };
  added: DiffRowJson[];
  removed: DiffRowJson[];
  changed: DiffRowJson[];
  truncated?: Record<string, number> | undefined;
}
export interface PriceListChangeJson {
  version: number;
  at: string;
  actor: string;
  kind: 'created' | 'settings' | 'entries' | 'import';
  fields?: string[] | undefined;
  added: number;
  changed: number;
  removed: number;
  rows: DiffRowJson[];
}
export interface PriceListHistoryJson {
  changes: PriceListChangeJson[];
  next_before: number | null;
}
