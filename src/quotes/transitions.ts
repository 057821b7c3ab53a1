import type { QuoteStatus, StoredStatus } from '../api/quote-limits';
import { ApiError } from '../errors';
import type { QuoteEventType } from './events';

// The quote state machine in one table: for each status a reader sees and each action, the status after it, who
// may take it, and the event it tells. Every change of a quote names its action, and the service refuses one the
// table does not hold with the same 409 ILLEGAL_TRANSITION (src/quotes/service/store.ts, `change`). A few
// actions also have conditions on the quote's content (sending needs items and a valid_until not yet passed, and
// no discount beyond what was approved), checked where the action is, with the same answer.

export const ACTIONS = [
  'edit',
  'send',
  'accept',
  'reject',
  'cancel',
  'expire',
  'approve',
  'decline',
  'share',
  'revoke',
  'revise',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Who takes an action: an API key, the admin (backoffice), the buyer through the share link, or time passing. */
export type Who = 'key' | 'admin' | 'buyer' | 'clock';

export interface Transition {
  /**
   * The status after it. `edit`, `approve` and `decline` lead to draft, which is pending_approval instead when the
   * quote's discount then needs approval (decided from the totals by the write); `expired` is never stored (a
   * sent quote reads as expired past its valid_until).
   */
  to: QuoteStatus;
  by: readonly Who[];
  event?: QuoteEventType;
}

const STAFF = ['key', 'admin'] as const;
const stay = (to: QuoteStatus): Transition => ({ to, by: STAFF });
const edit = stay('draft');
const cancel: Transition = { to: 'cancelled', by: STAFF, event: 'quote.cancelled' };
/**
 * A sent quote, or one that expired unanswered, is revised: a new draft under the same number and the next
 * revision takes its place (src/quotes/service/revise.ts). No event: the buyer hears of the revision when it is sent.
 */
const revise: Transition = { to: 'superseded', by: STAFF };

/** How a quote begins: a draft (pending_approval never, as it has no discount yet), requested by a key or the admin. */
export const CREATE = { to: 'draft', by: STAFF, event: 'quote.requested' } as const satisfies Transition;

export const TRANSITIONS: Record<QuoteStatus, Partial<Record<Action, Transition>>> = {
  draft: { edit, send: { to: 'sent', by: STAFF, event: 'quote.sent' }, cancel, revoke: stay('draft') },
  pending_approval: {
    edit,
    approve: { to: 'draft', by: ['admin'] },
    decline: { to: 'draft', by: ['admin'] },
    cancel,
    revoke: stay('pending_approval'),
  },
  sent: {
    accept: { to: 'accepted', by: ['key', 'buyer'], event: 'quote.accepted' },
    reject: { to: 'rejected', by: ['key', 'buyer'], event: 'quote.rejected' },
    expire: { to: 'expired', by: ['clock'], event: 'quote.expired' },
    cancel,
    share: stay('sent'),
    revoke: stay('sent'),
    revise,
  },
  expired: { cancel, share: stay('expired'), revoke: stay('expired'), revise },
  accepted: { share: stay('accepted'), revoke: stay('accepted') },
  rejected: { share: stay('rejected'), revoke: stay('rejected') },
  cancelled: { revoke: stay('cancelled') },
  // Its share link tells the buyer that a revision replaced it; ending that link is all that is left to do.
  superseded: { revoke: stay('superseded') },
};

/** The action in the words of an error message: "cannot be <…>". */
const DONE: Record<Action, string> = {
  edit: 'edited',
  send: 'sent',
  accept: 'accepted',
  reject: 'rejected',
  cancel: 'cancelled',
  expire: 'expired',
  approve: 'approved',
  decline: 'declined',
  share: 'given a new share link',
  revoke: 'revoked',
  revise: 'revised',
};

/** The status a reader sees at `now`: a sent quote past its valid_until has taken the table's `expire`. */
export function effectiveStatus(status: StoredStatus, validUntil: number, now: number): QuoteStatus {
  const expiry = TRANSITIONS[status].expire;
  return expiry && now > validUntil ? expiry.to : status;
}

const whoIs = (actor: string): Who => (actor === 'admin' || actor === 'buyer' ? actor : 'key');

/** The one answer to an action the quote's status does not allow, or that its content does not (`why`). */
export function illegal(quote: { number: string }, status: QuoteStatus, action: Action, why = ''): ApiError {
  return new ApiError('ILLEGAL_TRANSITION', `Quote ${quote.number} is ${status} and cannot be ${DONE[action]}${why}`, {
    details: { status, action },
  });
}

/** The transition an actor takes from a status, or the error that refuses it. */
export function transition(quote: { number: string }, status: QuoteStatus, action: Action, actor: string): Transition {
  const t = TRANSITIONS[status][action];
  if (!t) throw illegal(quote, status, action);
  if (!t.by.includes(whoIs(actor))) {
    throw new ApiError('FORBIDDEN', `Quote ${quote.number}: ${whoIs(actor)} may not take the action ${action}`, {
      details: { action },
    });
  }
  return t;
}

/**
 * Whether the admin (the backoffice) may take an action on a quote in this status: what the desk offers, read off
 * the table above, so that the desk never restates the lifecycle.
 */
export const adminMay = (status: QuoteStatus, action: Action): boolean =>
  TRANSITIONS[status][action]?.by.includes('admin') ?? false;
