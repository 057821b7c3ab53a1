import { and, desc, eq, sql } from 'drizzle-orm';
import { database } from '../db/client';
import { products, productVersions } from '../db/schema';

export type ProductRow = typeof products.$inferSelect;
export type VersionRow = typeof productVersions.$inferSelect;

export interface NewVersion {
  storeId: string;
  externalId: string;
  name: string;
  contentHash: string;
  source: string;
  compiled: string;
  warnings: unknown[];
}

const productKey = (storeId: string, externalId: string) =>
  and(eq(products.storeId, storeId), eq(products.externalId, externalId));
const versionKey = (storeId: string, externalId: string) =>
  and(eq(productVersions.storeId, storeId), eq(productVersions.externalId, externalId));

export async function findProduct(env: Env, storeId: string, externalId: string): Promise<ProductRow | undefined> {
  return database(env).select().from(products).where(productKey(storeId, externalId)).get();
}

export async function findVersion(env: Env, storeId: string, externalId: string, version: number): Promise<VersionRow | undefined> {
  return database(env)
    .select()
    .from(productVersions)
    .where(and(versionKey(storeId, externalId), eq(productVersions.version, version)))
    .get();
}

export async function listVersions(env: Env, storeId: string, externalId: string) {
  return database(env)
    .select({ version: productVersions.version, contentHash: productVersions.contentHash, createdAt: productVersions.createdAt })
    .from(productVersions)
    .where(versionKey(storeId, externalId))
    .orderBy(desc(productVersions.version))
    .all();
}

export async function listProducts(env: Env, storeId: string): Promise<ProductRow[]> {
  return database(env).select().from(products).where(eq(products.storeId, storeId)).orderBy(products.externalId).all();
}

/**
 * Appends a version and moves the product's pointer to it in one D1 batch (a transaction), numbering it inside
 * SQL so concurrent saves of one product can never produce the same number.
 */
export async function appendVersion(env: Env, v: NewVersion): Promise<VersionRow> {
  const db = database(env);
  const now = Date.now();
  const nextVersion = sql`(SELECT COALESCE(MAX(version), 0) + 1 FROM product_versions WHERE store_id = ${v.storeId} AND external_id = ${v.externalId})`;
  const [, , saved] = await db.batch([
    db.insert(productVersions).values({
      storeId: v.storeId,
      externalId: v.externalId,
      version: nextVersion,
      contentHash: v.contentHash,
      source: v.source,
      compiled: v.compiled,
      warnings: v.warnings,
      createdAt: now,
    }),
    db
      .insert(products)
      .values({ storeId: v.storeId, externalId: v.externalId, name: v.name, currentVersion: 1, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [products.storeId, products.externalId],
        set: { name: v.name, updatedAt: now, currentVersion: sql`(SELECT MAX(version) FROM product_versions WHERE store_id = ${v.storeId} AND external_id = ${v.externalId})` },
      }),
    db.select().from(productVersions).where(versionKey(v.storeId, v.externalId)).orderBy(desc(productVersions.version)).limit(1),
  ]);
  return saved[0]!;
}

export async function deleteProduct(env: Env, storeId: string, externalId: string): Promise<boolean> {
  const db = database(env);
  const [, removed] = await db.batch([
    db.delete(productVersions).where(versionKey(storeId, externalId)),
    db.delete(products).where(productKey(storeId, externalId)).returning(),
  ]);
  return removed.length > 0;
}

/** The current version's compiled form, in one query. */
export async function findCurrent(env: Env, storeId: string, externalId: string) {
  return database(env)
    .select({ version: productVersions.version, contentHash: productVersions.contentHash, compiled: productVersions.compiled })
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
