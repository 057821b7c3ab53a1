import { documentLanguage, wordsFor } from '../quotes/words';
import { shell } from './shell';

// What a link that opens nothing shows: a token never issued, revoked, replaced by a newer one, or of a cancelled
// quote. These are told apart nowhere (only a token's hash is kept, and it is cleared when the link ends), so the
// page says what may have happened and what to do, in the quote's language when one is known, else the browser's;
// and, when the quote is known (a link that ended while its page was open), the seller as its document names it.

export function deadLinkPage(tag: string, seller?: string): string {
  const words = wordsFor(tag);
  return shell(
    documentLanguage(tag),
    seller ? `${words.deadTitle} · ${seller}` : words.deadTitle,
    <main class="dead">
      {seller && <div class="store">{seller}</div>}
      <h1>{words.deadTitle}</h1>
      <p>{words.deadText}</p>
    </main>,
  );
}
