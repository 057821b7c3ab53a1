/** Any character outside ASCII, whose UTF-8 takes more than one byte. */
const NON_ASCII = /[^\0-\x7f]/;

/**
 * The length of a string in UTF-8 bytes, as limits on stored and served text count it (no encoder allocated). An
 * ASCII string, as most answers and schemas are, is its length: one native scan instead of a loop per character.
 */
export function utf8Length(s: string): number {
  if (!NON_ASCII.test(s)) return s.length;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
