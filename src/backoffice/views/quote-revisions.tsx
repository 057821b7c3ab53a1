import { adminMay } from '../../quotes/transitions';
import { enc } from '../load';
import type { QuoteJson } from '../types';
import { DeskForm } from './quote-desk';

// Revisions on the quote desk (docs/quotes.md, "Revisions"): the button that revises a sent or expired quote and
// opens the new draft, and the links between a revision and the quote it replaced.

type Revisable = Pick<QuoteJson, 'id' | 'status' | 'revises' | 'superseded_by'>;

/** Revise: a new draft under the same number, which replaces this quote for the buyer; the desk opens it. */
export function ReviseForm({ store, quote }: { store: string; quote: Revisable }) {
  if (!adminMay(quote.status, 'revise')) return null;
  return (
    <DeskForm
      action={`/api/admin/stores/${enc(store)}/quotes/${enc(quote.id)}/revise`}
      label="Revise"
      name="Revise into a new revision"
      flash="A new revision was made; the quote it replaces is superseded."
      success="redirect"
      redirect={`/admin/stores/${enc(store)}/quotes/{id}`}
    />
  );
}

/** Where a quote stands among its revisions: the one it revises, the one that superseded it. */
export function RevisionLinks({ store, quote }: { store: string; quote: Revisable }) {
  if (!quote.revises && !quote.superseded_by) return null;
  const href = (id: string) => `/admin/stores/${enc(store)}/quotes/${enc(id)}`;
  return (
    <p class="quote-revisions">
      {quote.revises && (
        <a href={href(quote.revises)} rel="prev">
          Previous revision
        </a>
      )}
      {quote.revises && quote.superseded_by && ' · '}
      {quote.superseded_by && (
        <a href={href(quote.superseded_by)} rel="next">
          Superseded by a newer revision
        </a>
      )}
    </p>
  );
}
