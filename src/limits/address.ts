/** The shared budget name when the runtime reports no usable client address (local tools, tests). */
export const UNKNOWN_ADDRESS = 'unknown';

function ipv4(text: string): string | null {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text)?.slice(1).map(Number);
  return parts?.every((n) => n <= 255) ? parts.join('.') : null;
}

function ipv6Network(text: string): string | null {
  const address = text.replace(/%.*$/, '');
  if (!/^[0-9a-f:]+$/i.test(address)) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const full = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (!full.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return null;
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * Whose budget an anonymous request uses, from CF-Connecting-IP: an IPv4 address (also when embedded in IPv6, as
 * NAT64 and mapped addresses do), or the /64 network of an IPv6 address, since one subscriber usually holds a whole
 * /64 and could rotate through it.
 */
export function clientAddress(headers: Headers): string {
  const raw = headers.get('cf-connecting-ip')?.trim() ?? '';
  if (raw.includes('.')) return ipv4(raw.slice(raw.lastIndexOf(':') + 1)) ?? UNKNOWN_ADDRESS;
  if (raw.includes(':')) return ipv6Network(raw) ?? UNKNOWN_ADDRESS;
  return UNKNOWN_ADDRESS;
}
