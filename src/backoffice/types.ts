import type { z } from '@hono/zod-openapi';
import type { ApiKeyList, ApiKeySummary } from '../api/admin/api-keys';
import type { Draft } from '../api/admin/drafts';
import type { CustomerGroup, CustomerGroupList, Market, MarketList } from '../api/admin/markets';
import type { Store } from '../api/admin/params';
import type { History, PriceList, PriceListDiff, PriceListList, ProductEntries } from '../api/admin/price-lists';
import type { ProductDetail, ProductList, ProductSummary, VersionDetail } from '../api/admin/products';
import type { QuoteSettings } from '../api/admin/quote-settings';
import type { MoveStatus, ShardList } from '../api/admin/shards';
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

export type MarketJson = z.infer<typeof Market>;
export type MarketListJson = z.infer<typeof MarketList>;
export type CustomerGroupJson = z.infer<typeof CustomerGroup>;
export type CustomerGroupListJson = z.infer<typeof CustomerGroupList>;
export type PriceListJson = z.infer<typeof PriceList>;
export type PriceListListJson = z.infer<typeof PriceListList>;
export type PriceEntriesJson = z.infer<typeof ProductEntries>;
export type PriceRowJson = PriceEntriesJson['rows'][number];
export type PriceListDiffJson = z.infer<typeof PriceListDiff>;
export type DiffRowJson = PriceListDiffJson['added'][number];
export type PriceListHistoryJson = z.infer<typeof History>;
export type PriceListChangeJson = PriceListHistoryJson['changes'][number];
export type MoveStatusJson = z.infer<typeof MoveStatus>;
export type ShardListJson = z.infer<typeof ShardList>;
