import { ApiError } from '../errors';

// Where a store may send its events: https only, never to this machine or a private network by name or address
// (a Worker's fetch cannot reach those anyway; refusing them says so at once instead of failing every delivery).
// `npm run dev` and the e2e suite set WEBHOOKS_ALLOW_LOCAL=1 to deliver to a receiver on localhost over http.

/** Variables a development Worker may set (never in wrangler.toml): see docs/webhooks.md, "Local development". */
export interface WebhookDevVars {
  WEBHOOKS_ALLOW_LOCAL?: string;
  WEBHOOKS_RETRY_BASE_SECONDS?: string;
}

const LOCAL_NAMES = /^(localhost|.*\.localhost|.*\.local|.*\.internal)$/;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;
const PRIVATE_V4 = /^(0|10|127|169\.254|172\.(1[6-9]|2\d|3[01])|192\.168|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7]))\./;

export const allowsLocal = (env: Env) => (env as Env & WebhookDevVars).WEBHOOKS_ALLOW_LOCAL === '1';

/** The URL as given when an endpoint may receive events there; BAD_REQUEST naming what is wrong otherwise. */
export function checkTarget(raw: string, allowLocal: boolean): string {
  const refuse = (why: string) =>
    new ApiError('BAD_REQUEST', `Invalid body field 'url': ${why}`, {
      errors: [{ field: 'url', code: 'INVALID_VALUE', message: why, location: 'body' }],
    });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('not a URL');
  }
  const host = url.hostname.toLowerCase();
  if (allowLocal && LOOPBACK.test(host) && (url.protocol === 'http:' || url.protocol === 'https:')) return raw;
  if (url.protocol !== 'https:') throw refuse('only https URLs receive events');
  if (url.username || url.password) throw refuse('credentials in the URL are not allowed; authenticate by the signature');
  if (LOCAL_NAMES.test(host) || PRIVATE_V4.test(host) || host.startsWith('['))
    throw refuse('a local, private or literal IPv6 address cannot receive events');
  return raw;
}
