import { newApp } from '../../http/factory';
import { notFound, onError } from '../../http/on-error';
import { apiKeysApi } from './api-keys';
import { customerGroupsApi } from './customer-groups';
import { draftsApi } from './drafts';
import { adminInsightsApi } from './insights';
import { marketsApi } from './markets';
import { previewApi } from './preview';
import { priceListEntriesApi } from './price-list-entries';
import { priceListsApi } from './price-lists';
import { productsApi } from './products';
import { adminQuoteDeskApi } from './quote-desk';
import { adminQuotesApi } from './quotes';
import { storeProfileApi } from './store-profile';
import { storesApi } from './stores';
import { versionsApi } from './versions';
import { webhooksApi } from './webhooks';

/**
 * The admin API, mounted by app.ts at /api/admin behind `requireAdmin`, and called in process by the backoffice's
 * pages (src/backoffice/api.ts), which is why it carries the app's error and not-found handlers itself.
 */
export const adminApi = newApp()
  .route('/stores', storesApi)
  .route('/stores', apiKeysApi)
  .route('/stores', productsApi)
  .route('/stores', draftsApi)
  .route('/stores', versionsApi)
  .route('/stores', adminQuotesApi)
  .route('/stores', adminInsightsApi)
  .route('/stores', storeProfileApi)
  .route('/stores', adminQuoteDeskApi)
  .route('/stores', webhooksApi)
  .route('/stores', marketsApi)
  .route('/stores', customerGroupsApi)
  .route('/stores', priceListsApi)
  .route('/stores', priceListEntriesApi)
  .route('/', previewApi);

adminApi.onError(onError);
adminApi.notFound(notFound);
