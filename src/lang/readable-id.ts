// What buyers read for an output (or output group) the schema gives no label: its id made readable, one rule for
// the API's output_info, the component's summary and the quote page (docs/schema-language.md, "output").

const isUpper = (c: string) => c !== c.toLowerCase();
/** `Kg`, `Depth`: a capital, then small letters only (`M2`, `EAN` are not). */
const capitalised = (w: string) => {
  const rest = w.slice(1);
  return isUpper(w[0]!) && rest !== rest.toUpperCase() && rest === rest.toLowerCase();
};

/**
 * `weight_kg` → "Weight kg", `frameDepth` → "Frame depth", `EAN_code` → "EAN code": words split at `_` and `-` and
 * where a capital follows a small letter or digit; the first word's first letter made a capital, a later
 * Capitalised word lowercased, any other (an acronym, a unit like m2) kept. An id of separators only stays as it
 * is. One pass over the id.
 */
export function readableId(id: string): string {
  const words: string[] = [];
  let word = '';
  for (const c of id) {
    if (c === '_' || c === '-') {
      if (word) words.push(word);
      word = '';
      continue;
    }
    if (word && isUpper(c) && !isUpper(word[word.length - 1]!)) {
      words.push(word);
      word = '';
    }
    word += c;
  }
  if (word) words.push(word);
  if (words.length === 0) return id;
  return words.map((w, i) => (i === 0 ? w[0]!.toUpperCase() + w.slice(1) : capitalised(w) ? w.toLowerCase() : w)).join(' ');
}
