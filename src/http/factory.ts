import { OpenAPIHono } from '@hono/zod-openapi';
import { cappedLists } from '../api/list-caps';
import type { AppEnv } from '../env';
import { ApiError, type FieldProblem } from '../errors';
import './plain-errors';

type Issue = { path: PropertyKey[]; message: string; code: string; keys?: string[] };

const LOCATIONS: Record<string, FieldProblem['location']> = { json: 'body', query: 'query', param: 'path', header: 'header' };

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const dotted = (path: PropertyKey[]) => path.map(String).join('.') || null;

/** One zod issue as request problems: an unrecognized-keys issue names each unknown field on its own. */
function problems(issue: Issue, data: unknown, location: FieldProblem['location']): FieldProblem[] {
  if (issue.code === 'unrecognized_keys') {
    return (issue.keys ?? []).map((key) => ({
      field: dotted([...issue.path, key]),
      code: 'UNKNOWN_FIELD',
      message: `Unknown field '${dotted([...issue.path, key])}'`,
      location,
    }));
  }
  const missing = issue.path.length > 0 && valueAt(data, issue.path) === undefined;
  const code: FieldProblem['code'] =
    issue.code === 'invalid_type'
      ? missing
        ? 'REQUIRED'
        : 'INVALID_TYPE'
      : issue.code === 'too_small'
        ? 'TOO_SMALL'
        : issue.code === 'too_big'
          ? 'TOO_BIG'
          : 'INVALID_VALUE';
  return [{ field: dotted(issue.path), code, message: code === 'REQUIRED' ? 'Required' : issue.message, location }];
}

function describe(issues: Issue[], target: string, data: unknown) {
  const location = LOCATIONS[target] ?? 'body';
  const all = issues.flatMap((issue) => problems(issue, data, location));
  const first = all[0];
  // "Invalid body field 'name': Required", but "Invalid body: Unknown field 'qty'" where the message names it.
  const named = first?.field && !first.message.includes(`'${first.field}'`) ? ` field '${first.field}'` : '';
  const message = first
    ? `Invalid ${location}${named}: ${first.message}${all.length > 1 ? ` (and ${all.length - 1} more)` : ''}`
    : `Invalid ${location}`;
  return { message, ...cappedLists({ errors: all }) };
}

/** Every sub-app is made here so that request validation fails the same way everywhere: 400 naming the field. */
export function newApp() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const { message, ...extra } = describe(
          result.error.issues as Issue[],
          result.target,
          (result as { data?: unknown }).data,
        );
        throw new ApiError('BAD_REQUEST', message, extra);
      }
    },
  });
}
