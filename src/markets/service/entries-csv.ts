import { ApiError } from '../../errors';
import { minorUnits } from '../../lang/check/currencies';
import { parseEntriesCsv, serializeEntriesCsv } from '../../pricing/csv';
import { diffEntries } from '../../pricing/diff';
import { dayOf, listInForce } from '../in-force';
import { presentRow, type RowProblem, readEntries, writeEntries } from './entries';
import { getPriceList, type PriceListView } from './price-lists';
import { buildSnapshot } from './snapshot';

// A price list's entries as CSV files (src/pricing/csv.ts) and compared with another list's (src/pricing/diff.ts).

/** The list's entries (one product's, or all) as CSV, sorted by product and price key. */
export async function exportCsv(
  env: Env,
  storeId: string,
  listId: string,
  product?: string,
): Promise<{ list: PriceListView; text: string }> {
  const list = await getPriceList(env, storeId, listId);
  const entries = await readEntries(env, storeId, listId, product === undefined ? undefined : [product]);
  const rows = [...entries].flatMap(([p, prices]) => [...prices].map(([price, value]) => ({ product: p, price, value })));
  return { list, text: serializeEntriesCsv(rows, list.currency) };
}

const csvRejected = (errors: { line: number; column: number; message: string; code?: string }[]) => {
  const first = errors[0]!;
  return new ApiError('BAD_REQUEST', `Line ${first.line}, column ${first.column}: ${first.message}; nothing was imported`, {
    details: { errors: errors.slice(0, 100) },
  });
};

/**
 * Imports a CSV file into the list: each row sets its entry (an empty value removes it); entries the file does not
 * name are kept. The whole file or nothing: any bad row is a 400 listing every error found with its line and
 * column. `ifMatch` (an ETag's version) that is stale: 412; `version` that is stale: 409, as a PATCH.
 */
export async function importCsv(
  env: Env,
  storeId: string,
  listId: string,
  text: string,
  call: { version?: number | undefined; ifMatch?: number | undefined; actor: string },
) {
  const list = await getPriceList(env, storeId, listId);
  if (call.ifMatch !== undefined && call.ifMatch !== list.version) {
    throw new ApiError(
      'PRECONDITION_FAILED',
      `Price list '${listId}' is at version ${list.version}, not the one If-Match names`,
      {
        details: { version: list.version },
      },
    );
  }
  const parsed = parseEntriesCsv(text, list.currency);
  if (!parsed.ok) throw csvRejected(parsed.errors);
  if (parsed.rows.length === 0) throw csvRejected([{ line: 2, column: 1, message: 'The file has no rows', code: 'CSV_EMPTY' }]);
  const { rows, columns } = parsed;
  return writeEntries(env, storeId, listId, call.version ?? call.ifMatch ?? list.version, rows, {
    actor: call.actor,
    kind: 'import',
    reject: (problems: RowProblem[]) =>
      csvRejected(problems.map((p) => ({ line: rows[p.index]!.line, column: columns[p.column], message: p.message }))),
  });
}

/**
 * The list's entries against another list's (`against`: its id, or `in-force`: the list in force now for a market
 * and group this list is assigned to): what the list adds, removes and changes. Both in the same currency.
 */
export async function diffLists(
  env: Env,
  storeId: string,
  listId: string,
  against: string,
  product: string | undefined,
  now: number,
) {
  const list = await getPriceList(env, storeId, listId);
  let otherId = against;
  if (against === 'in-force') {
    const snapshot = await buildSnapshot(env, storeId);
    const found = (snapshot?.markets ?? [])
      .flatMap((m) => [...new Set(m.lists.filter((a) => a.list === listId).map((a) => a.group))].map((g) => ({ m, g })))
      .map(({ m, g }) =>
        listInForce(
          snapshot!,
          m.lists.filter((a) => a.group === g).map((a) => a.list),
          dayOf(now),
        ),
      )
      .find((l) => l !== null);
    if (!found) {
      throw new ApiError('NOT_FOUND', `No list is in force where '${listId}' is assigned`, { details: { field: 'against' } });
    }
    otherId = found.id;
  }
  const other = await getPriceList(env, storeId, otherId).catch((err) => {
    throw err instanceof ApiError && err.code === 'NOT_FOUND'
      ? new ApiError('NOT_FOUND', `Price list '${otherId.slice(0, 64)}' not found`, { details: { field: 'against' } })
      : err;
  });
  if (other.currency !== list.currency) {
    throw new ApiError('BAD_REQUEST', `Price list '${other.id}' is in ${other.currency}, '${list.id}' in ${list.currency}`, {
      errors: [{ field: 'against', code: 'INVALID_VALUE', message: 'Not in the same currency', location: 'query' }],
    });
  }
  const products = product === undefined ? undefined : [product];
  const [mine, theirs] = await Promise.all([
    readEntries(env, storeId, listId, products),
    readEntries(env, storeId, otherId, products),
  ]);
  const digits = minorUnits(list.currency);
  const rows = diffEntries(theirs, mine);
  const of = (change: string) => rows.filter((r) => r.change === change).map((r) => presentRow(r, digits));
  return { list, against: other, added: of('added'), removed: of('removed'), changed: of('changed') };
}
