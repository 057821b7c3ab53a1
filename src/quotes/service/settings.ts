import { eq } from 'drizzle-orm';
import { storeDatabase } from '../../db/client';
import { quoteSettings } from '../../db/schema';
import { getStore } from '../../stores/service';

// A store's quote settings: the discount share (basis points of the subtotal) above which a quote needs an admin.

export async function approvalThreshold(env: Env, storeId: string): Promise<number | null> {
  const row = await (await storeDatabase(env, storeId))
    .select()
    .from(quoteSettings)
    .where(eq(quoteSettings.storeId, storeId))
    .get();
  return row?.approvalThresholdBp ?? null;
}

export async function getQuoteSettings(env: Env, storeId: string): Promise<{ approvalThresholdBp: number | null }> {
  await getStore(env, storeId);
  return { approvalThresholdBp: await approvalThreshold(env, storeId) };
}

export async function setQuoteSettings(env: Env, storeId: string, approvalThresholdBp: number | null) {
  await getStore(env, storeId);
  await (await storeDatabase(env, storeId))
    .insert(quoteSettings)
    .values({ storeId, approvalThresholdBp })
    .onConflictDoUpdate({ target: quoteSettings.storeId, set: { approvalThresholdBp } });
  return { approvalThresholdBp };
}
