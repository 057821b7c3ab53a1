import { createRoute, z } from '@hono/zod-openapi';
import {
  CsvQuery,
  DiffQuery,
  EntriesPatch,
  EntriesQuery,
  EntriesWritten,
  ListParams,
  PRICE_LIST_LIMITS,
  PriceListDiff,
  ProductEntries,
} from '../../api/admin/price-lists';
import { capList, cappedLists } from '../../api/list-caps';
import { ADMIN_SECURITY, errorResponses, headers, json, jsonBody } from '../../api/openapi';
import { ifMatchHeader, ifMatchVersion, versionETag } from '../../api/version-etag';
import { ApiError, type FieldProblem } from '../../errors';
import { newApp } from '../../http/factory';
import { minorUnits } from '../../lang/check/currencies';
import { type EntryWrite, productEntries, type RowProblem, writeEntries } from '../../markets/service/entries';
import { diffLists, exportCsv, importCsv } from '../../markets/service/entries-csv';
import { getPriceList } from '../../markets/service/price-lists';
import { formatMinor, parseAmount } from '../../pricing/amount';
import { actorOf } from './price-lists';

// A price list's entries: the grid of one product, edits, CSV import and export, and the diff against another list
// (docs/api.md, "Markets and price lists").

const tags = ['Admin: markets and price lists'];

const listRef = (l: { id: string; version: number; currency: string }) => ({
  id: l.id,
  version: l.version,
  currency: l.currency,
});

/** The PATCH's rows at fault, as a 400's `errors` (each naming its row), the first 100. */
function rejected(problems: RowProblem[]): ApiError {
  const errors: FieldProblem[] = problems.map((p) => ({
    field: `entries.${p.index}.${p.column}`,
    code: 'INVALID_VALUE',
    message: p.message,
    location: 'body',
  }));
  const capped = capList(errors);
  return new ApiError('BAD_REQUEST', `Invalid body field '${errors[0]!.field}': ${errors[0]!.message}; nothing was changed`, {
    errors: capped.items,
    ...(capped.omitted > 0 ? { truncated: { errors: capped.omitted } } : {}),
  });
}

export const priceListEntriesApi = newApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/price-lists/{list_id}/entries',
      operationId: 'getPriceListEntries',
      tags,
      security: ADMIN_SECURITY,
      summary: "One product's price points in the list, a page at a time: the model's number, the entry, the effective amount",
      request: { params: ListParams, query: EntriesQuery },
      responses: { 200: json(ProductEntries, 'The grid of the product'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      const { product, offset, limit } = c.req.valid('query');
      const { list, productVersion, productCurrency, rows } = await productEntries(c.env, store_id, list_id, product);
      const digits = minorUnits(list.currency);
      const end = offset + limit;
      return c.json(
        {
          list: listRef(list),
          product,
          product_version: productVersion,
          product_currency: productCurrency,
          total: rows.length,
          next_offset: end < rows.length ? end : null,
          rows: rows.slice(offset, end).map((r) => ({
            price: r.price,
            label: r.label,
            model: String(r.model),
            value: r.value === null ? null : formatMinor(r.value, digits),
            effective: formatMinor(r.effective, digits),
            source: r.source,
          })),
        },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'patch',
      path: '/{store_id}/price-lists/{list_id}/entries',
      operationId: 'patchPriceListEntries',
      tags,
      security: ADMIN_SECURITY,
      summary: `Set or remove entries (at most ${PRICE_LIST_LIMITS.rows} rows), all or none; a new version (409 on a stale one)`,
      request: { params: ListParams, ...jsonBody(EntriesPatch) },
      responses: { 200: json(EntriesWritten, 'The new version and what changed'), ...errorResponses(400, 401, 404, 409) },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      const body = c.req.valid('json');
      const list = await getPriceList(c.env, store_id, list_id);
      const problems: RowProblem[] = [];
      const writes: EntryWrite[] = body.entries.map((e, index) => {
        if (e.value === null) return { product: e.product, price: e.price, value: null };
        const amount = parseAmount(e.value, list.currency);
        if (!amount.ok) problems.push({ index, column: 'value', message: amount.message });
        return { product: e.product, price: e.price, value: amount.ok ? amount.minor : null };
      });
      if (problems.length > 0) throw rejected(problems);
      const written = await writeEntries(c.env, store_id, list_id, body.version, writes, {
        actor: actorOf(c),
        kind: 'entries',
        reject: rejected,
      });
      const { added, changed, removed } = written;
      return c.json({ list: listRef(written.list), added, changed, removed }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/price-lists/{list_id}/entries.csv',
      operationId: 'exportPriceListEntries',
      tags,
      security: ADMIN_SECURITY,
      summary: "The list's entries as CSV (product,price,value), all or one product's",
      request: { params: ListParams, query: CsvQuery.pick({ product: true }) },
      responses: {
        200: {
          description: 'CSV (RFC 4180, CRLF); ETag names the version, for the import',
          headers: headers(['ETag']),
          content: { 'text/csv': { schema: z.string() } },
        },
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      const { list, text } = await exportCsv(c.env, store_id, list_id, c.req.valid('query').product);
      return c.body(text, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${list.id}-v${list.version}.csv"`,
        ETag: versionETag(list.version),
      });
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{store_id}/price-lists/{list_id}/entries.csv',
      operationId: 'importPriceListEntries',
      tags,
      security: ADMIN_SECURITY,
      summary: `Import entries from CSV (at most ${PRICE_LIST_LIMITS.rows} rows): every row or none; errors name line and column`,
      request: {
        params: ListParams,
        query: CsvQuery.pick({ version: true }),
        headers: z.object({ 'If-Match': ifMatchHeader('price list') }),
        body: {
          required: true,
          content: {
            'text/csv': {
              schema: z.string().openapi({
                description: 'product,price,value (model and effective columns are ignored); an empty value removes the entry',
              }),
            },
          },
        },
      },
      responses: {
        200: json(EntriesWritten, 'The new version and what changed'),
        ...errorResponses(400, 401, 404, 409, 412),
      },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      const tagged = ifMatchVersion(c.req.valid('header')['If-Match']);
      const written = await importCsv(c.env, store_id, list_id, await c.req.text(), {
        version: c.req.valid('query').version,
        ifMatch: tagged,
        actor: actorOf(c),
      });
      const { added, changed, removed } = written;
      return c.json({ list: listRef(written.list), added, changed, removed }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{store_id}/price-lists/{list_id}/diff',
      operationId: 'diffPriceList',
      tags,
      security: ADMIN_SECURITY,
      summary: "What the list's entries add, remove and change against another list, or the list in force where it is used",
      request: { params: ListParams, query: DiffQuery },
      responses: {
        200: json(PriceListDiff, 'The rows, each list capped at 100 (counts has them all)'),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { store_id, list_id } = c.req.valid('param');
      const { against, product } = c.req.valid('query');
      const d = await diffLists(c.env, store_id, list_id, against, product, Date.now());
      const counts = { added: d.added.length, removed: d.removed.length, changed: d.changed.length };
      const rows = cappedLists({ added: d.added, removed: d.removed, changed: d.changed });
      return c.json({ list: listRef(d.list), against: listRef(d.against), counts, ...rows }, 200);
    },
  );
