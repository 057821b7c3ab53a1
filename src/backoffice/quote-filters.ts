import type { Context } from 'hono';
import type { ErrorBody } from '../errors';
import { adminGet } from './api';
import type { BackofficeEnv } from './env';
import { loaded } from './load';
import type { QuoteListJson } from './types';

// Stores > Quotes' filters as the page's address holds them (docs/backoffice.md): the list, its next pages and the
// CSV export read the same ones, so a link reproduces a view and the export is the list shown.

export const FILTER_NAMES = ['status', 'request', 'q', 'product', 'from', 'to', 'decided_from', 'decided_to'] as const;

export type QuoteFilters = Partial<Record<(typeof FILTER_NAMES)[number], string>>;

/** The API's refusal of a filter (a day that is not one): shown under the field it names. */
export interface FilterProblem {
  field: string | null;
  message: string;
}

/** The filters of a page's query, without the empty ones a submitted form leaves (`?status=&q=`). */
export function filtersOf(query: Record<string, string>): QuoteFilters {
  const filters: QuoteFilters = {};
  for (const name of FILTER_NAMES) if (query[name]) filters[name] = query[name];
  return filters;
}

/** The query of the admin list (or of a page link) for these filters, and anything else it takes. */
export function filterQuery(filters: QuoteFilters, extra: Record<string, string> = {}): string {
  return new URLSearchParams({ ...filters, ...extra }).toString();
}

type Listed = { list: QuoteListJson; problem?: undefined } | { list: QuoteListJson; problem: FilterProblem; refusal: ErrorBody };

/**
 * A page of the admin list. Its 422 (a day that is not one, or a range ending before it starts, typed into the
 * address) is no failure of the page: an empty list, and the problem to show under the field it names.
 */
export async function listOrProblem(c: Context<BackofficeEnv>, path: string): Promise<Listed> {
  const answer = await adminGet<QuoteListJson & ErrorBody>(c, path);
  if (answer.status !== 422) return { list: loaded(path, answer) };
  const first = (answer.body.errors as Partial<FilterProblem>[] | undefined)?.[0];
  return {
    list: { quotes: [], next_cursor: null },
    problem: { field: first?.field ?? null, message: first?.message ?? answer.body.error },
    refusal: answer.body,
  };
}
