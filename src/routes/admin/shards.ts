import { createRoute } from '@hono/zod-openapi';
import { StoreParams } from '../../api/admin/params';
import { MoveRequest, MoveStatus, ShardList } from '../../api/admin/shards';
import { ADMIN_SECURITY, errorResponses, json, jsonBody } from '../../api/openapi';
import { newApp } from '../../http/factory';
import { shardsCapacity } from '../../shards/service/capacity';
import { moveStatus, startMove } from '../../shards/service/store-move';

const tags = ['Admin: shards'];

/** The shards' capacity, and moving a store between shards (docs/scale.md). */
export const shardsApi = newApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/shards',
      operationId: 'listShards',
      tags,
      security: ADMIN_SECURITY,
      summary: "Each shard's size, fill and rows per table, with a warning from 70 % fill",
      responses: { 200: json(ShardList, 'Every shard this Worker binds, 0 first'), ...errorResponses(401) },
    }),
    async (c) => c.json(await shardsCapacity(c.env), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/stores/{store_id}/move',
      operationId: 'moveStore',
      tags,
      security: ADMIN_SECURITY,
      summary: "Move a store's rows to another shard",
      description:
        "Starts the move and answers at once; GET the same path for its progress. From now until the switch, the store's writes answer 503 with Retry-After (none is lost, none lands in the old shard); its reads go on from the old shard, then from the new one.",
      request: { params: StoreParams, ...jsonBody(MoveRequest) },
      responses: {
        202: json(MoveStatus, 'The move has started'),
        ...errorResponses(400, 401, 404, 409),
      },
    }),
    async (c) => c.json(await startMove(c.env, c.req.valid('param').store_id, c.req.valid('json').to), 202),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/stores/{store_id}/move',
      operationId: 'getStoreMove',
      tags,
      security: ADMIN_SECURITY,
      summary: "The store's shard and its last move",
      request: { params: StoreParams },
      responses: { 200: json(MoveStatus, "The store's shard and last move"), ...errorResponses(400, 401, 404) },
    }),
    async (c) => c.json(await moveStatus(c.env, c.req.valid('param').store_id), 200),
  );
