import type { LoadedQuote } from '../quotes/service/store';
import { documentLanguage, numberIn, wordsFor } from '../quotes/words';
import { sellerName } from './document';
import { shell } from './shell';

// What the share link of a superseded quote shows: that the store revised it, so it decides nothing any more, in
// the quote's language; no prices (they are the old offer's) and no Accept or Reject.

export function supersededPage(loaded: LoadedQuote, storeName: string): string {
  const lang = documentLanguage(loaded.quote.language);
  const words = wordsFor(lang);
  const number = numberIn(words, loaded.quote);
  const seller = sellerName(loaded.quote, storeName);
  return shell(
    lang,
    `${words.supersededTitle} · ${number} · ${seller}`,
    <main class="dead superseded">
      <div class="store">{seller}</div>
      <h1>{words.supersededTitle}</h1>
      <p class="status" data-status="superseded">
        {words.quote} {number}: {words.status.superseded}
      </p>
      <p>{words.supersededText}</p>
    </main>,
  );
}
