import { eq, or } from 'drizzle-orm';
import { shardDatabase, storeShard } from '../../db/client';
import { quotes } from '../../db/schema';
import { allShards } from '../../db/shards';
import { ApiError } from '../../errors';
import { base64url, sha256Hex } from '../../keys/secret';
import { change, findQuote, type LoadedQuote, type QuoteCall, type QuoteRow } from './store';

// The links a quote gives out (docs/quotes.md, "Links"): only their tokens' hashes are kept.

/**
 * A link token for a quote of the store: 32 random bytes (`q_` + 43 base64url characters) and the SHA-256 that is
 * all the database keeps, so a token is shown once, in the answer that made it, like an API key. The prefix names the
 * store's shard, where the page looks first (`findSharedQuote`): `q_` shard 0, as every token made before shards,
 * `q<n>_` shard n.
 */
export async function linkToken(env: Env, storeId: string): Promise<{ token: string; hash: string }> {
  const shard = await storeShard(env, storeId);
  const token = `q${shard === 0 ? '' : shard}_${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
  return { token, hash: await sha256Hex(token) };
}

const TOKEN_SHAPE = /^q([1-9][0-9]{0,3})?_[A-Za-z0-9_-]{43}$/;

/** Whether any link given out for the quote (share or status) still opens its page. */
export const hasLiveLink = (q: QuoteRow) => q.shareTokenHash !== null || q.statusTokenHash !== null;

/**
 * Ends every link given out for a quote, the share link and the status link: their pages and the share page's
 * Accept and Reject answer 404 from then on. A quote without a live link is answered as it is, unchanged.
 */
export function revokeLinks(call: QuoteCall, id: string) {
  return change(call, id, 'revoke', (q) => {
    if (!hasLiveLink(q.quote)) return null;
    return {
      action: 'links_revoked',
      details: { share: q.quote.shareTokenHash !== null, status: q.quote.statusTokenHash !== null },
      set: { shareTokenHash: null, statusTokenHash: null },
    };
  });
}

/**
 * A new share link for a quote that was sent (and may since have been accepted, rejected or have expired), say
 * after the first went to the wrong address and was revoked: the previous share link stops working. A draft gets
 * its first by being sent; a cancelled quote none. Answers the quote and the token, shown this once.
 */
export async function reissueShareLink(call: QuoteCall, id: string) {
  const { token, hash } = await linkToken(call.env, call.storeId);
  const loaded = await change(call, id, 'share', (q) => ({
    action: 'share_link_issued',
    details: { replaced: q.quote.shareTokenHash !== null },
    set: { shareTokenHash: hash },
  }));
  return { loaded, token };
}
export const deadLink = () => new ApiError('NOT_FOUND', 'Not found');

/** What a link opens: a share link the offer with Accept and Reject, a status link a read-only page of the request. */
export interface SharedQuote {
  loaded: LoadedQuote;
  kind: 'share' | 'status';
  /** The token's hash, which a decision through the page must still find on the quote. */
  hash: string;
}

const holding = (env: Env, shard: number, hash: string) =>
  shardDatabase(env, shard)
    .select({ id: quotes.id, storeId: quotes.storeId })
    .from(quotes)
    .where(or(eq(quotes.shareTokenHash, hash), eq(quotes.statusTokenHash, hash)))
    .get();

/**
 * The quote a link's token opens, or undefined: an unknown token, a revoked or replaced one, or a cancelled quote's.
 * Sought in the shard the token names, then (its store moved since, or the token is unknown) in the others at once;
 * the quote is then read where its store lives, and must still hold the token there.
 */
export async function findSharedQuote(env: Env, token: string): Promise<SharedQuote | undefined> {
  const shape = TOKEN_SHAPE.exec(token);
  if (!shape) return undefined;
  const hash = await sha256Hex(token);
  const shards = allShards(env);
  const named = Number(shape[1] ?? 0);
  const row =
    (shards.includes(named) ? await holding(env, named, hash) : undefined) ??
    (await Promise.all(shards.filter((s) => s !== named).map((s) => holding(env, s, hash)))).find((r) => r !== undefined);
  const loaded = row && (await findQuote(env, row.storeId, row.id));
  if (!loaded) return undefined;
  const kind = loaded.quote.shareTokenHash === hash ? 'share' : loaded.quote.statusTokenHash === hash ? 'status' : undefined;
  return kind && { loaded, kind, hash };
}
