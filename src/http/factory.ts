import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

type Issue = { path: PropertyKey[]; message: string; code: string };

const TARGET_NAMES: Record<string, string> = { json: 'body', query: 'query', param: 'path', header: 'header' };

function describe(issues: Issue[], target: string): { message: string; details: unknown[] } {
  const where = TARGET_NAMES[target] ?? target;
  const details = issues.map((issue) => ({
    location: where,
    field: issue.path.map(String).join('.') || null,
    message: issue.message,
  }));
  const first = details[0];
  const message = first
    ? `Invalid ${where}${first.field ? ` field '${first.field}'` : ''}: ${first.message}`
    : `Invalid ${where}`;
  return { message, details };
}

/** Every sub-app is made here so that request validation fails the same way everywhere: 400 naming the field. */
export function newApp() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const { message, details } = describe(result.error.issues as Issue[], result.target);
        throw new ApiError('BAD_REQUEST', message, { details });
      }
    },
  });
}
