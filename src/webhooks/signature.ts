import { base64url } from '../keys/secret';

// Stripe's scheme: `Cpq-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the whole
// secret string. Signing the time with the body lets a receiver refuse replays older than a tolerance it picks.
// While a rotated-out secret still signs, the header carries one v1 per secret (`t=…,v1=<new>,v1=<old>`): a
// receiver accepts the request when any of them matches its secret.

export const SECRET_PREFIX = 'whsec_';

export const newSecret = () => SECRET_PREFIX + base64url(crypto.getRandomValues(new Uint8Array(32)));

/** How much of a secret is shown after it was created, to tell secrets apart. */
export const secretPrefix = (secret: string) => secret.slice(0, SECRET_PREFIX.length + 4);

export async function signatureHeader(secrets: string[], body: string, unixSeconds: number): Promise<string> {
  const signed = new TextEncoder().encode(`${unixSeconds}.${body}`);
  const macs = await Promise.all(
    secrets.map(async (secret) => {
      const key = await crypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(secret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      const mac = await crypto.subtle.sign('HMAC', key, signed);
      return `v1=${[...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    }),
  );
  return [`t=${unixSeconds}`, ...macs].join(',');
}
