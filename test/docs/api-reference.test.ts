// docs/api.md is the API's reference in a user's clone: every error code of the closed set (src/errors.ts) with
// its status, every code of a 400's field problems, and the rate-limit budgets (src/limits/budgets.ts), read from
// the source so that a code or budget added there without the docs fails here. Its endpoints and headers are held
// to the served OpenAPI document by test/api/docs-endpoints.cases.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, REQUEST_PROBLEM_CODES } from '../../src/errors';
import { BUDGETS, type WindowName } from '../../src/limits/budgets';
import { codeSpans, section, tableRows } from './sections';

const api = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8');

describe('docs/api.md, "Errors"', () => {
  const errors = section(api, 'Errors');

  it('has a row for every error code of src/errors.ts with its status, and for no other code', () => {
    const documented = tableRows(errors)
      .filter(([code]) => /^`[A-Z_]+`$/.test(code!))
      .map(([code, status]) => `${codeSpans(code!)[0]} ${status}`);
    const registry = Object.entries(ERROR_STATUS).map(([code, status]) => `${code} ${status}`);
    expect(documented.sort()).toEqual(registry.sort());
  });

  it("names every code of a 400's field problems", () => {
    const named = new Set(codeSpans(errors));
    expect(REQUEST_PROBLEM_CODES.filter((code) => !named.has(code))).toEqual([]);
  });
});

describe('docs/api.md, "Statuses"', () => {
  it('lists each error code in the row of its status', () => {
    const rows = new Map(tableRows(section(api, 'Statuses')).map(([status, , codes]) => [status!, codeSpans(codes ?? '')]));
    const misplaced = Object.entries(ERROR_STATUS).filter(([code, status]) => !rows.get(String(status))?.includes(code));
    expect(misplaced).toEqual([]);
  });
});

describe('docs/api.md, "Rate limits"', () => {
  it('has the budget of every tier of src/limits/budgets.ts', () => {
    const cell = (tier: keyof typeof BUDGETS, window: WindowName) => {
      const quota = BUDGETS[tier].find((q) => q.window === window);
      if (quota) return quota.limit.toLocaleString('en-US');
      return BUDGETS[tier].length === 0 ? 'unlimited' : '—';
    };
    const documented = tableRows(section(api, 'Rate limits'))
      .filter(([tier]) => /^`[a-z-]+`$/.test(tier!))
      .map(([tier, , minute, day]) => `${tier} ${minute} ${day}`);
    const budgets = (Object.keys(BUDGETS) as (keyof typeof BUDGETS)[]).map(
      (tier) => `\`${tier}\` ${cell(tier, 'minute')} ${cell(tier, 'day')}`,
    );
    expect(documented.sort()).toEqual(budgets.sort());
  });
});
