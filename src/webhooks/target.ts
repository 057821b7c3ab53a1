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
/** A dotted-quad IPv4 address, as the URL parser writes every numeric host (10.1, 0x7f.1 and 2130706433 included). */
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** IANA's special-purpose IPv4 blocks that no public receiver lives in: [first address, prefix length]. */
const SPECIAL_V4: [number, number, number, number, number][] = [
  [0, 0, 0, 0, 8], // "this network"
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8],
  [169, 254, 0, 0, 16], // link-local, cloud metadata
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24], // IETF protocol assignments
  [192, 0, 2, 0, 24], // documentation
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15], // benchmarking
  [198, 51, 100, 0, 24], // documentation
  [203, 0, 113, 0, 24], // documentation
  [224, 0, 0, 0, 4], // multicast
  [240, 0, 0, 0, 4], // reserved, and 255.255.255.255 broadcast
];

const v4Number = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

function specialV4(host: string): boolean {
  const m = IPV4.exec(host);
  if (!m) return false;
  const address = v4Number(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]));
  return SPECIAL_V4.some(([a, b, c, d, bits]) => address >>> (32 - bits) === v4Number(a, b, c, d) >>> (32 - bits));
}

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
  if (host.endsWith('.')) throw refuse('a name ending in a dot is not allowed; write the name without it');
  if (LOCAL_NAMES.test(host) || specialV4(host) || host.startsWith('['))
    throw refuse('a local, private, special-purpose or literal IPv6 address cannot receive events');
  if (!IPV4.test(host) && !host.includes('.')) throw refuse('a single-label name is local to a network; give the full name');
  return raw;
}
