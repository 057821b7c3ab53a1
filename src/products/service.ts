import { and, desc, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { DiagnosticJson } from '../api/validate';
import { versionETag } from '../api/version-etag';
import { type Database, storeDatabase, storeReplica } from '../db/client';
import { joinParts, textParts } from '../db/parts';
import {
  priceListChanges,
  priceListEntries,
  priceListPacks,
  priceLists,
  productDraftParts,
  productDrafts,
  products,
  productVersionParts,
  productVersionSourceParts,
  productVersions,
} from '../db/schema';
import { ApiError } from '../errors';
import { sha256Hex } from '../keys/secret';
import { analyze } from '../lang';
import { IR_VERSION, type ProductIR } from '../lang/ir';
import { irFromJson, irToJson } from '../lang/ir-json';
import { publishSnapshot } from '../markets/service/snapshot';
import { deliveryIds, fillToken, handOver, newEventId, outboxWrites } from '../outbox/service';
import { getStore } from '../stores/service';
import { splitDiagnostics } from './diagnostics';
import { type LineDiff, lineDiff } from './diff';
import { publishCurrentVersion } from './pointer';
import { marketTestBooks } from './test-books';

// Products and their immutable versions: the D1 rows, and the KV pointer to the current version that the
// request path reads. Every write goes through here so that the pointer follows D1.

export type ProductRow = typeof products.$inferSelect;
export type VersionRow = typeof productVersions.$inferSelect;
export type VersionSummary = Pick<VersionRow, 'version' | 'contentHash' | 'createdAt' | 'note'>;

interface NewVersion {
  storeId: string;
  externalId: string;
  name: string;
  contentHash: string;
  source: string;
  compiled: string;
  warnings: DiagnosticJson[];
  note: string | null;
  /** The version the save was made from, 0 for a product that must not exist yet; anything else appends nothing. */
  base?: number;
}

const productKey = (storeId: string, externalId: string | typeof productDrafts.externalId) =>
  and(eq(products.storeId, storeId), eq(products.externalId, externalId));
const versionKey = (storeId: string, externalId: string) =>
  and(eq(productVersions.storeId, storeId), eq(productVersions.externalId, externalId));

const partsKey = (storeId: string, externalId: string) =>
  and(eq(productVersionParts.storeId, storeId), eq(productVersionParts.externalId, externalId));
const sourcePartsKey = (storeId: string, externalId: string) =>
  and(eq(productVersionSourceParts.storeId, storeId), eq(productVersionSourceParts.externalId, externalId));

const draftOf = (storeId: string, externalId: typeof products.externalId | string) =>
  and(eq(productDrafts.storeId, storeId), eq(productDrafts.externalId, externalId));

async function findProduct(env: Env, storeId: string, externalId: string): Promise<ProductRow | undefined> {
  return (await storeDatabase(env, storeId)).select().from(products).where(productKey(storeId, externalId)).get();
}

/** One version with its whole source (one more query when the source is stored in parts). */
export async function findVersion(
  env: Env,
  storeId: string,
  externalId: string,
  version: number,
): Promise<VersionRow | undefined> {
  const db = await storeDatabase(env, storeId);
  const row = await db
    .select()
    .from(productVersions)
    .where(and(versionKey(storeId, externalId), eq(productVersions.version, version)))
    .get();
  if (!row || row.sourceParts <= 1) return row;
  const rest = await db
    .select({ data: productVersionSourceParts.data })
    .from(productVersionSourceParts)
    .where(and(sourcePartsKey(storeId, externalId), eq(productVersionSourceParts.version, version)))
    .orderBy(productVersionSourceParts.part);
  return { ...row, source: joinParts(row.source, rest) };
}

/** What serving a version reads: its compiled form's first part (the source is not read). */
const compiledColumns = {
  version: productVersions.version,
  contentHash: productVersions.contentHash,
  compiled: productVersions.compiled,
  compiledParts: productVersions.compiledParts,
  createdAt: productVersions.createdAt,
};

/**
 * One version's compiled form, whole, without its source, from whichever D1 replica answers first (a version never
 * changes once written); undefined when that replica has no such version, or not yet.
 */
export async function findCompiled(env: Env, storeId: string, externalId: string, version: number) {
  const db = await storeReplica(env, storeId);
  const row = await db
    .select(compiledColumns)
    .from(productVersions)
    .where(and(versionKey(storeId, externalId), eq(productVersions.version, version)))
    .get();
  return row && { ...row, compiled: await compiledOf(db, storeId, externalId, row) };
}

async function listVersions(env: Env, storeId: string, externalId: string): Promise<VersionSummary[]> {
  return (await storeDatabase(env, storeId))
    .select({
      version: productVersions.version,
      contentHash: productVersions.contentHash,
      createdAt: productVersions.createdAt,
      note: productVersions.note,
    })
    .from(productVersions)
    .where(versionKey(storeId, externalId))
    .orderBy(desc(productVersions.version))
    .all();
}

/**
 * A store's products by id, each with when its draft was last saved (null without one), and the drafts of
 * products never published (new products); NOT_FOUND for an unknown store.
 */
export async function listProducts(env: Env, storeId: string) {
  await getStore(env, storeId);
  const db = await storeDatabase(env, storeId);
  // Two queries, not one batch: drizzle's D1 batch misreads a joined row.
  const [listed, unpublished] = await Promise.all([
    db
      .select({ product: products, draftUpdatedAt: productDrafts.updatedAt })
      .from(products)
      .leftJoin(productDrafts, draftOf(storeId, products.externalId))
      .where(eq(products.storeId, storeId))
      .orderBy(products.externalId),
    db
      .select({ externalId: productDrafts.externalId, updatedAt: productDrafts.updatedAt })
      .from(productDrafts)
      .where(
        and(
          eq(productDrafts.storeId, storeId),
          notExists(db.select({ one: sql`1` }).from(products).where(productKey(storeId, productDrafts.externalId))),
        ),
      )
      .orderBy(productDrafts.externalId),
  ]);
  return { products: listed, unpublished };
}

/**
 * Appends a version and moves the product's pointer to it in one D1 batch (a transaction), numbering it inside
 * SQL so concurrent saves of one product can never produce the same number. The database also decides whether
 * there is anything to append: when the latest version already holds this content (a concurrent save or publish
 * of the same source got there first), the new row takes that version's number, the primary key refuses it (ON
 * CONFLICT DO NOTHING) and the product row is left alone, so N concurrent saves of one source make one version.
 * With `base`, nothing is appended unless the latest version is that one. The version's product.published event
 * is written to the outbox in the same batch, right after the append and only when it inserted (`changes()`), with
 * the number the batch gave it as its version and sequence. Returns the latest version, whether it is this call's,
 * and the event's deliveries.
 */
async function appendVersion(env: Env, v: NewVersion): Promise<{ row: VersionRow; appended: boolean; deliveries: string[] }> {
  const db = await storeDatabase(env, v.storeId);
  const now = Date.now();
  const ofProduct = sql`FROM product_versions WHERE store_id = ${v.storeId} AND external_id = ${v.externalId}`;
  const latest = sql`(SELECT MAX(version) ${ofProduct})`;
  const next = sql`COALESCE((SELECT CASE WHEN content_hash = ${v.contentHash} THEN version ELSE version + 1 END ${ofProduct} ORDER BY version DESC LIMIT 1), 1)`;
  // A save made from another version than the latest takes the latest's number, which the primary key refuses, so
  // the check and the append are one statement. (Made from a version of a product deleted since, the number is
  // NULL, which the table refuses outright: saveSchema answers that.)
  const version = v.base === undefined ? next : sql`CASE WHEN COALESCE(${latest}, 0) = ${v.base} THEN ${next} ELSE ${latest} END`;
  const [first, ...rest] = textParts(v.compiled);
  const [source, ...sourceRest] = textParts(v.source);
  const number = { token: fillToken(), value: latest };
  const product = { id: v.externalId, name: v.name, version: number.token, content_hash: v.contentHash };
  const event = outboxWrites(
    db,
    {
      id: newEventId(),
      storeId: v.storeId,
      type: 'product.published',
      subject: v.externalId,
      sequence: number.token,
      at: now,
      data: { product },
    },
    sql`changes() = 1`,
    number,
  );
  const [inserted, ...results] = await db.batch([
    db
      .insert(productVersions)
      .values({
        storeId: v.storeId,
        externalId: v.externalId,
        version,
        contentHash: v.contentHash,
        source: source!,
        sourceParts: 1 + sourceRest.length,
        compiled: first!,
        compiledParts: 1 + rest.length,
        warnings: v.warnings,
        note: v.note,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ version: productVersions.version }),
    ...event,
    db
      .insert(products)
      .values({ storeId: v.storeId, externalId: v.externalId, name: v.name, currentVersion: 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [products.storeId, products.externalId],
        set: { name: v.name, updatedAt: now, currentVersion: latest },
        setWhere: sql`${products.currentVersion} <> ${latest}`,
      }),
    db.select().from(productVersions).where(versionKey(v.storeId, v.externalId)).orderBy(desc(productVersions.version)).limit(1),
    // The latest version, in the same transaction: the one just inserted, or the same content saved first by a
    // concurrent call, whose identical parts are already there.
    ...rest.map((data, i) =>
      db
        .insert(productVersionParts)
        .values({ storeId: v.storeId, externalId: v.externalId, version: latest, part: i + 1, data })
        .onConflictDoNothing(),
    ),
    ...sourceRest.map((data, i) =>
      db
        .insert(productVersionSourceParts)
        .values({ storeId: v.storeId, externalId: v.externalId, version: latest, part: i + 1, data })
        .onConflictDoNothing(),
    ),
  ]);
  const saved = results[event.length + 1] as VersionRow[];
  // The row as stored: its source is the first part; the caller has the whole one.
  return {
    row: { ...saved[0]!, source: v.source },
    appended: inserted.length > 0,
    deliveries: deliveryIds(results[event.length - 1]),
  };
}

/** The whole compiled form of a stored version: its first part joined with the others (one more query then). */
/** A version's compiled form, whole: its first part, and the others read in the same session as the row. */
async function compiledOf(
  db: Database,
  storeId: string,
  externalId: string,
  stored: { version: number; compiled: string; compiledParts: number },
): Promise<string> {
  if (stored.compiledParts <= 1) return stored.compiled;
  const rest = await db
    .select({ data: productVersionParts.data })
    .from(productVersionParts)
    .where(and(partsKey(storeId, externalId), eq(productVersionParts.version, stored.version)))
    .orderBy(productVersionParts.part);
  return joinParts(stored.compiled, rest);
}

/**
 * Deletes a product for good: its versions, its draft, and the KV pointer storefronts read, in that order so a
 * request never finds a pointer to a deleted version it could serve. A product that exists only as a draft (never
 * published) is deleted too. NOT_FOUND when there is neither.
 */
export async function deleteProduct(env: Env, storeId: string, externalId: string, actor: string): Promise<void> {
  const db = await storeDatabase(env, storeId);
  // The product's price list entries go with it, in the same batch: an id used again must not inherit another
  // product's prices. Each list that held some moves to a new version with a history row counting them, so no
  // isolate serves a book of the old entries under the list's old version (docs/api.md, "Markets and price lists").
  const now = Date.now();
  const entriesOf = and(eq(priceListEntries.storeId, storeId), eq(priceListEntries.productId, externalId));
  const listsPricingIt = and(
    eq(priceLists.storeId, storeId),
    inArray(priceLists.id, db.selectDistinct({ id: priceListEntries.listId }).from(priceListEntries).where(entriesOf)),
  );
  const removedIn = sql`(SELECT count(*) FROM price_list_entries e
    WHERE e.store_id = ${priceLists.storeId} AND e.list_id = ${priceLists.id} AND e.product_id = ${externalId})`;
  const [, , , , , , , , , removed, draft] = await db.batch([
    db.insert(priceListChanges).select(
      db
        .select({
          storeId: priceLists.storeId,
          listId: priceLists.id,
          version: sql`${priceLists.version} + 1`.as('version'),
          at: sql`${now}`.as('at'),
          actor: sql`${actor}`.as('actor'),
          summary: sql`json_object('kind', 'entries', 'added', 0, 'changed', 0, 'removed', ${removedIn}, 'rows', json('[]'))`.as(
            'summary',
          ),
        })
        .from(priceLists)
        .where(listsPricingIt),
    ),
    db
      .update(priceLists)
      .set({ version: sql`${priceLists.version} + 1`, updatedAt: now })
      .where(listsPricingIt),
    // The other products' packs of those lists keep their entries: they follow their list to its new version.
    db
      .update(priceListPacks)
      .set({ version: sql`${priceListPacks.version} + 1` })
      .where(
        and(
          eq(priceListPacks.storeId, storeId),
          ne(priceListPacks.productId, externalId),
          sql`${priceListPacks.listId} IN (SELECT list_id FROM price_list_entries WHERE store_id = ${storeId} AND product_id = ${externalId})`,
          sql`${priceListPacks.version} + 1 = (SELECT l.version FROM price_lists l WHERE l.store_id = ${storeId} AND l.id = ${priceListPacks.listId})`,
        ),
      ),
    db.delete(priceListPacks).where(and(eq(priceListPacks.storeId, storeId), eq(priceListPacks.productId, externalId))),
    db.delete(priceListEntries).where(entriesOf),
    db.delete(productVersionParts).where(partsKey(storeId, externalId)),
    db.delete(productVersionSourceParts).where(sourcePartsKey(storeId, externalId)),
    db.delete(productDraftParts).where(and(eq(productDraftParts.storeId, storeId), eq(productDraftParts.externalId, externalId))),
    db.delete(productVersions).where(versionKey(storeId, externalId)),
    db.delete(products).where(productKey(storeId, externalId)).returning({ id: products.externalId }),
    db.delete(productDrafts).where(draftOf(storeId, externalId)).returning({ id: productDrafts.externalId }),
  ]);
  if (removed.length === 0 && draft.length === 0) {
    throw new ApiError('NOT_FOUND', `Product '${externalId}' not found in store '${storeId}'`);
  }
  await publishCurrentVersion(env, storeId, externalId, null);
  await publishSnapshot(env, storeId);
}

/** The current version's compiled form, whole, from the primary. */
export async function findCurrentCompiled(env: Env, storeId: string, externalId: string) {
  const row = await findCurrent(env, storeId, externalId);
  return row && { ...row, compiled: await compiledOf(await storeDatabase(env, storeId), storeId, externalId, row) };
}

/** The current version's compiled form (its first part), in one query. */
export async function findCurrent(env: Env, storeId: string, externalId: string) {
  return (await storeDatabase(env, storeId))
    .select(compiledColumns)
    .from(products)
    .innerJoin(
      productVersions,
      and(
        eq(productVersions.storeId, products.storeId),
        eq(productVersions.externalId, products.externalId),
        eq(productVersions.version, products.currentVersion),
      ),
    )
    .where(productKey(storeId, externalId))
    .get();
}

export interface SavedVersion {
  name: string;
  version: number;
  contentHash: string;
  createdAt: number;
  /** The source equals the current version's, which is kept instead of adding a copy. */
  unchanged: boolean;
  /** The first version of a new product. */
  created: boolean;
  warnings: DiagnosticJson[];
  /** How many warnings were left out of `warnings` (capped, src/api/list-caps.ts); absent when none were. */
  truncated?: Record<string, number>;
}

/** A save made from `base` when the product is at `version` (0: it does not exist). */
function moved(externalId: string, base: number, version: number): ApiError {
  const now = version === 0 ? 'no longer exists' : `is at version ${version}`;
  const from = base === 0 ? 'as a new product' : `from version ${base}`;
  return new ApiError(
    'PRECONDITION_FAILED',
    `Product '${externalId}' ${now}, but this save was made ${from}: read it again, merge, and retry`,
    { details: { version: version === 0 ? null : version } },
    version === 0 ? undefined : { ETag: versionETag(version) },
  );
}

/**
 * Compiles a schema and saves it as the product's next version, with the author's note, then publishes it.
 * VALIDATION_FAILED (nothing saved) when it does not compile; NOT_FOUND for an unknown store. A source equal to the
 * current version's keeps that version and its note. With `base` (the version the schema was edited from, 0 for a
 * new product), PRECONDITION_FAILED when the product has moved on from it, checked in the statement that appends.
 */
export async function saveSchema(
  env: Env,
  storeId: string,
  externalId: string,
  schema: string,
  note: string | null = null,
  base?: number,
): Promise<SavedVersion> {
  await getStore(env, storeId);
  const contentHash = await sha256Hex(schema);
  let analysis = analyze(schema);
  // Tests naming a market run again, priced in this store's lists (docs/schema-language.md, "Tests in a market").
  if (analysis.testMarkets.length > 0 && analysis.untestedIr) {
    analysis = analyze(schema, { books: await marketTestBooks(env, storeId, externalId, analysis, contentHash) });
  }
  const { ir } = analysis;
  const { errors, warnings, truncated } = splitDiagnostics(analysis);
  if (!ir) {
    const cut = truncated?.errors;
    const found = errors.length + (cut ?? 0);
    throw new ApiError('VALIDATION_FAILED', `The schema has ${found} error(s); nothing was saved`, {
      errors,
      ...(cut ? { truncated: { errors: cut } } : {}),
    });
  }
  const current = await findCurrent(env, storeId, externalId);
  const name = ir.name[ir.language] ?? externalId;
  if (current?.contentHash === contentHash) {
    return {
      name,
      version: current.version,
      contentHash,
      createdAt: current.createdAt,
      unchanged: true,
      created: false,
      warnings,
      ...(truncated ? { truncated } : {}),
    };
  }
  if (base !== undefined && (current?.version ?? 0) !== base) throw moved(externalId, base, current?.version ?? 0);
  const { row, appended, deliveries } = await appendVersion(env, {
    storeId,
    externalId,
    name,
    contentHash,
    source: schema,
    compiled: irToJson(ir),
    warnings,
    note,
    base,
  }).catch(async (e) => {
    if (!base || (await findCurrent(env, storeId, externalId))) throw e;
    throw moved(externalId, base, 0);
  });
  if (base !== undefined && !appended && row.contentHash !== contentHash) throw moved(externalId, base, row.version);
  // A concurrent save of this source appended it first: that version is kept (and published by that save).
  if (appended) await publishCurrentVersion(env, storeId, externalId, { version: row.version, contentHash });
  await handOver(env, storeId, deliveries);
  return {
    name,
    version: row.version,
    contentHash,
    createdAt: row.createdAt,
    unchanged: !appended,
    created: appended && row.version === 1,
    warnings,
    ...(truncated ? { truncated } : {}),
  };
}

/** A product with its current version and the version history, newest first; NOT_FOUND when there is none. */
export async function getProduct(env: Env, storeId: string, externalId: string) {
  const product = await findProduct(env, storeId, externalId);
  if (!product) throw new ApiError('NOT_FOUND', `Product '${externalId}' not found in store '${storeId}'`);
  const [current, versions] = await Promise.all([
    findVersion(env, storeId, externalId, product.currentVersion),
    listVersions(env, storeId, externalId),
  ]);
  return { product, current: current!, versions };
}

/**
 * Copies a product's current version as version 1 of a new product in the same store, noting where it came from;
 * the copy's name is the schema's, as for any save. CONFLICT when the new id is taken by a product or a draft.
 */
export async function duplicateProduct(env: Env, storeId: string, fromId: string, toId: string): Promise<SavedVersion> {
  const { current } = await getProduct(env, storeId, fromId);
  const [taken, draft] = await Promise.all([
    findProduct(env, storeId, toId),
    (await storeDatabase(env, storeId))
      .select({ id: productDrafts.externalId })
      .from(productDrafts)
      .where(draftOf(storeId, toId))
      .get(),
  ]);
  if (taken || draft) throw new ApiError('CONFLICT', `Product '${toId}' already exists in store '${storeId}'`);
  return saveSchema(env, storeId, toId, current.source, `Duplicated from ${fromId}, version ${current.version}`);
}

/** The line diff from one version of a product to another (by default the current one); NOT_FOUND for either missing. */
export async function diffVersions(
  env: Env,
  storeId: string,
  externalId: string,
  from: number,
  to?: number,
): Promise<{ from: VersionRow; to: VersionRow; diff: LineDiff }> {
  let target = to;
  if (target === undefined) {
    const product = await findProduct(env, storeId, externalId);
    if (!product) throw new ApiError('NOT_FOUND', `Product '${externalId}' not found in store '${storeId}'`);
    target = product.currentVersion;
  }
  const [older, newer] = await Promise.all([
    getVersion(env, storeId, externalId, from),
    getVersion(env, storeId, externalId, target),
  ]);
  return { from: older, to: newer, diff: lineDiff(older.source, newer.source) };
}

/** One version of a product; NOT_FOUND when there is none. */
export async function getVersion(env: Env, storeId: string, externalId: string, version: number): Promise<VersionRow> {
  const row = await findVersion(env, storeId, externalId, version);
  if (!row) throw new ApiError('NOT_FOUND', `Version ${version} of product '${externalId}' not found in store '${storeId}'`);
  return row;
}

/** The IR in a stored version's `compiled` column when this build's runtime can run it, else null. */
function currentIr(compiled: string): ProductIR | null {
  try {
    const ir = irFromJson(compiled) as Partial<ProductIR> | null;
    return ir?.irVersion === IR_VERSION ? (ir as ProductIR) : null;
  } catch {
    return null;
  }
}

/**
 * A stored version's IR in the shape this build's runtime expects, with its stored form. A version compiled by
 * another compiler (its `irVersion` is not IR_VERSION) is recompiled from its stored source and written back, so this
 * happens once per version, not once per isolate; one whose source no longer compiles is refused with
 * SERVICE_UNAVAILABLE until the schema is saved again. The source, and so the content hash and version number, never
 * change.
 */
export async function runnableIr(
  env: Env,
  storeId: string,
  externalId: string,
  stored: { version: number; compiled: string },
): Promise<{ ir: ProductIR; json: string }> {
  const ir = currentIr(stored.compiled);
  if (ir) return { ir, json: stored.compiled };
  const row = await getVersion(env, storeId, externalId, stored.version);
  const analysis = analyze(row.source, { tests: false });
  const fresh = analysis.ir;
  const { errors, warnings } = splitDiagnostics(analysis);
  if (!fresh) {
    const first = errors[0] ? ` (line ${errors[0].line}: ${errors[0].message})` : '';
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      `Version ${row.version} of product '${externalId}' was compiled by an older release and its source no longer compiles${first}; save the schema again to serve it`,
    );
  }
  const db = await storeDatabase(env, storeId);
  const json = irToJson(fresh);
  const [first, ...rest] = textParts(json);
  const thisVersion = and(partsKey(storeId, externalId), eq(productVersionParts.version, row.version));
  await db.batch([
    db
      .update(productVersions)
      .set({ compiled: first!, compiledParts: 1 + rest.length, warnings })
      .where(and(versionKey(storeId, externalId), eq(productVersions.version, row.version))),
    db.delete(productVersionParts).where(thisVersion),
    ...rest.map((data, i) =>
      db.insert(productVersionParts).values({ storeId, externalId, version: row.version, part: i + 1, data }),
    ),
  ]);
  return { ir: fresh, json };
}
