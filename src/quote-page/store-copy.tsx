import type { LoadedQuote } from '../quotes/service/store';
import { documentLanguage, numberIn, wordsFor } from '../quotes/words';
import { QuoteDocument } from './document';
import { shell } from './shell';

// The document as the buyer was sent it, for the store's people (the desk links it, docs/backoffice.md): the same
// page as the share link's, in the quote's language, with the seller and tax it was sent with; no Accept or Reject.

export function storeCopyPage(loaded: LoadedQuote, storeName: string): string {
  const lang = documentLanguage(loaded.quote.language);
  const words = wordsFor(lang);
  return shell(
    lang,
    `${words.quote} ${numberIn(words, loaded.quote)} · ${storeName}`,
    <QuoteDocument loaded={loaded} storeName={storeName} />,
  );
}
