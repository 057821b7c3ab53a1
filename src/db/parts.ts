// Texts larger than one D1 value (a schema's source up to 4 MiB, its compiled form up to 4 MB) are stored in
// parts: the first in the row itself, the others in a parts table, all written in one batch (a transaction) so a
// version or a draft is never half written, and read back in order and joined.

/**
 * Bytes (UTF-8) of one stored part. D1 refuses a value over 2,000,000 bytes (miniflare from about 2 MB too) and a
 * row over 2,000,000: a version's row holds the first part of its source and of its compiled form (1,600,000) and
 * its warnings (at most 100, src/api/list-caps.ts).
 */
export const PART_BYTES = 800_000;

/** The text cut into parts of at most PART_BYTES, never inside a surrogate pair; one part for a short text. */
export function textParts(text: string): string[] {
  if (text.length * 3 <= PART_BYTES) return [text];
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > PART_BYTES) {
      parts.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
    if (pair) i++;
  }
  parts.push(text.slice(start));
  return parts;
}

/** A text stored in parts: the row's first part followed by the others, read in order of part. */
export const joinParts = (first: string, rest: readonly { data: string }[]) => first + rest.map((p) => p.data).join('');
