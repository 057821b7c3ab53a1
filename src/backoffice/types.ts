import type { z } from '@hono/zod-openapi';
import type { ApiKeyList, ApiKeySummary } from '../routes/admin/api-keys';
import type { Draft } from '../routes/admin/drafts';
import type { Store } from '../routes/admin/params';
import type { ProductDetail, ProductList, ProductSummary, VersionDetail } from '../routes/admin/products';
import type { QuoteSettings } from '../routes/admin/quotes';
import type { StoreList } from '../routes/admin/stores';
import type { VersionDiff } from '../routes/admin/versions';
import type { Quote, QuoteList } from '../routes/v1/quote-schemas';

// The admin API's JSON as the pages read it, inferred from the routes' response schemas: a changed response fails
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
