import { eq } from 'drizzle-orm';
import { storeDatabase } from '../db/client';
import { storeProfiles } from '../db/schema';
import { getStore } from '../stores/service';
import { type DocumentSnapshot, EMPTY_PROFILE, type SellerProfile, type TaxSettings } from './shapes';

// A store's profile for its quote documents (migrations/0008_store_profiles.sql): the seller block and the tax.
// Read whole and written whole (the admin API's PUT); a store that never set one has an empty profile, no tax.

export interface StoreProfile {
  profile: SellerProfile;
  /** null: no tax on the document. */
  taxRateBp: number | null;
  prices: TaxSettings['prices'];
  /** The locale the desk shows money and dates in (a BCP 47 tag); null: the desk's en-GB (quote-format.ts). */
  locale: string | null;
}

const EMPTY: StoreProfile = { profile: EMPTY_PROFILE, taxRateBp: null, prices: 'net', locale: null };

async function read(env: Env, storeId: string): Promise<StoreProfile> {
  const row = await (await storeDatabase(env, storeId))
    .select()
    .from(storeProfiles)
    .where(eq(storeProfiles.storeId, storeId))
    .get();
  if (!row) return EMPTY;
  const { legalName, address, logoUrl, taxId, terms, paymentTerms, taxRateBp, prices, locale } = row;
  return { profile: { legalName, address, logoUrl, taxId, terms, paymentTerms }, taxRateBp, prices, locale };
}

/** The store's profile; NOT_FOUND for an unknown store. */
export async function getStoreProfile(env: Env, storeId: string): Promise<StoreProfile> {
  await getStore(env, storeId);
  return read(env, storeId);
}

export async function setStoreProfile(env: Env, storeId: string, input: StoreProfile): Promise<StoreProfile> {
  await getStore(env, storeId);
  const { taxRateBp, prices, locale } = input;
  const values = { ...input.profile, taxRateBp, prices, locale, updatedAt: Date.now() };
  await (await storeDatabase(env, storeId))
    .insert(storeProfiles)
    .values({ storeId, ...values })
    .onConflictDoUpdate({ target: storeProfiles.storeId, set: values });
  return input;
}

/** What a quote sent now prints of its store: a copy, kept with the quote, that later edits do not reach. */
export async function documentSnapshot(env: Env, storeId: string): Promise<DocumentSnapshot> {
  const { profile, taxRateBp, prices } = await read(env, storeId);
  return { profile, tax: taxRateBp === null ? null : { rateBp: taxRateBp, prices } };
}
