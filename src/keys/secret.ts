// API keys: `cpq_` + 32 random bytes in base64url (256 bits). Only the SHA-256 hash is ever stored.

const KEY_PREFIX = 'cpq_';
const KEY_SHAPE = /^cpq_[A-Za-z0-9_-]{43}$/;
/** How much of a key the backoffice shows to tell keys apart. */
const DISPLAY_LENGTH = 12;

export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function generateApiKey(): { key: string; prefix: string } {
  const key = KEY_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { key, prefix: key.slice(0, DISPLAY_LENGTH) };
}

export function isWellFormedKey(key: string): boolean {
  return KEY_SHAPE.test(key);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
