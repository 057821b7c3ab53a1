import { and, eq, notExists, sql } from 'drizzle-orm';
import { storeDatabase } from '../db/client';
import { joinParts, textParts } from '../db/parts';
import { productDraftParts, productDrafts } from '../db/schema';
import { ApiError } from '../errors';
import { MAX_SOURCE_BYTES } from '../lang/syntax/split';
import { findCurrent, type SavedVersion, saveSchema } from '../products/service';
import { getStore } from '../stores/service';

// Drafts: one work-in-progress source per product, which the editor saves as the author types and storefronts
// never see. Publishing makes it the product's next version (through products/service.ts, so a published draft
// is exactly a saved version) and removes it.

export type DraftRow = typeof productDrafts.$inferSelect;

const draftKey = (storeId: string, externalId: string) =>
  and(eq(productDrafts.storeId, storeId), eq(productDrafts.externalId, externalId));

const partsKey = (storeId: string, externalId: string) =>
  and(eq(productDraftParts.storeId, storeId), eq(productDraftParts.externalId, externalId));

/** The product's draft with its whole source (one more query when it is stored in parts, src/db/parts.ts). */
export async function findDraft(env: Env, storeId: string, externalId: string): Promise<DraftRow | undefined> {
  const db = await storeDatabase(env, storeId);
  const row = await db.select().from(productDrafts).where(draftKey(storeId, externalId)).get();
  if (!row || row.sourceParts <= 1) return row;
  const rest = await db
    .select({ data: productDraftParts.data })
    .from(productDraftParts)
    .where(partsKey(storeId, externalId))
    .orderBy(productDraftParts.part);
  return { ...row, source: joinParts(row.source, rest) };
}

/** The product's draft; NOT_FOUND for an unknown store or when the product has no draft. */
export async function getDraft(env: Env, storeId: string, externalId: string): Promise<DraftRow> {
  await getStore(env, storeId);
  const draft = await findDraft(env, storeId, externalId);
  if (!draft) throw new ApiError('NOT_FOUND', `Product '${externalId}' has no draft in store '${storeId}'`);
  return draft;
}

/**
 * Saves the product's draft, errors and all (a draft is work in progress), and returns when. A draft keeps the
 * version it started from, set when it is first saved: `base` when the editor says which version its text came
 * from (0 for a new product), else the current version; null for a new product. Publishing checks it.
 * PAYLOAD_TOO_LARGE for a source over the language's limit, which could never be published.
 */
export async function saveDraft(env: Env, storeId: string, externalId: string, source: string, base?: number): Promise<number> {
  const bytes = new TextEncoder().encode(source).length;
  if (bytes > MAX_SOURCE_BYTES) {
    throw new ApiError('PAYLOAD_TOO_LARGE', `The draft is ${bytes} bytes long; a schema may have at most ${MAX_SOURCE_BYTES}`, {
      details: { max_bytes: MAX_SOURCE_BYTES },
    });
  }
  await getStore(env, storeId);
  const current = await findCurrent(env, storeId, externalId);
  const updatedAt = Date.now();
  const [first, ...rest] = textParts(source);
  const stored = { source: first!, sourceParts: 1 + rest.length, updatedAt };
  const db = await storeDatabase(env, storeId);
  // The row and its parts in one batch (a transaction): a draft is never read half written.
  await db.batch([
    db
      .insert(productDrafts)
      .values({ storeId, externalId, baseVersion: (base ?? current?.version) || null, ...stored })
      .onConflictDoUpdate({ target: [productDrafts.storeId, productDrafts.externalId], set: stored }),
    db.delete(productDraftParts).where(partsKey(storeId, externalId)),
    ...rest.map((data, i) => db.insert(productDraftParts).values({ storeId, externalId, part: i + 1, data })),
  ]);
  return updatedAt;
}

/** Discards the product's draft; NOT_FOUND when there is none. */
export async function discardDraft(env: Env, storeId: string, externalId: string): Promise<void> {
  await getStore(env, storeId);
  const db = await storeDatabase(env, storeId);
  const [removed] = await db.batch([
    db.delete(productDrafts).where(draftKey(storeId, externalId)).returning({ id: productDrafts.externalId }),
    db.delete(productDraftParts).where(partsKey(storeId, externalId)),
  ]);
  if (removed.length === 0) throw new ApiError('NOT_FOUND', `Product '${externalId}' has no draft in store '${storeId}'`);
}

/**
 * Saves the draft as the product's next version with the note, then removes the draft, unless the author saved
 * it again meanwhile (that newer draft is kept). VALIDATION_FAILED when it does not compile: the draft stays.
 * PRECONDITION_FAILED when a version was published since the draft's base (by `cpq push`, the API or another
 * tab), which publishing would silently revert, unless `force` says the author means to replace it.
 */
export async function publishDraft(
  env: Env,
  storeId: string,
  externalId: string,
  note: string | null,
  force = false,
): Promise<SavedVersion> {
  const draft = await getDraft(env, storeId, externalId);
  const base = force ? undefined : (draft.baseVersion ?? 0);
  const saved = await saveSchema(env, storeId, externalId, draft.source, note, base);
  const db = await storeDatabase(env, storeId);
  const first = textParts(draft.source)[0]!;
  await db.batch([
    db
      .delete(productDrafts)
      .where(and(draftKey(storeId, externalId), eq(productDrafts.updatedAt, draft.updatedAt), eq(productDrafts.source, first))),
    // Its parts only when the row went: a draft saved again meanwhile keeps its own.
    db
      .delete(productDraftParts)
      .where(
        and(
          partsKey(storeId, externalId),
          notExists(db.select({ one: sql`1` }).from(productDrafts).where(draftKey(storeId, externalId))),
        ),
      ),
  ]);
  return saved;
}
