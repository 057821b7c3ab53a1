// The wire shape of the list of stores (admin API); a store is in params.ts.
import { z } from '@hono/zod-openapi';
import { Store } from './params';

export const StoreList = z.object({ stores: z.array(Store) });
