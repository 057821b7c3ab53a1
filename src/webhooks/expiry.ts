import { getQuote } from '../quotes/service/store';
import { announceQuote } from './announce';
import { unannouncedExpiries } from './service';

// A sent quote expires by the clock, not by a write (it reads as expired past valid_until): the Worker's cron
// trigger announces each such quote once (a unique index keeps a second announcement out).

/** How far back a run looks: a quote that expired longer ago (the cron stopped, or the endpoint came later) is not announced. */
const WINDOW_MS = 2 * 86_400_000;
/** Quotes announced per run; more wait for the next run. */
const PER_RUN = 50;

export async function announceExpiries(env: Env, now = Date.now()): Promise<number> {
  const due = await unannouncedExpiries(env, now, WINDOW_MS, PER_RUN);
  for (const q of due) await announceQuote(env, await getQuote(env, q.storeId, q.id), 'quote.expired');
  return due.length;
}
