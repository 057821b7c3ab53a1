// What every operation of a surface shares, added to the generated document in one place: the statuses a
// middleware answers before any route runs (401, 405, 413, 415, 429, 500, and 503 for admin sessions), the 503 of a
// write while its store moves between shards, and the headers every response carries.
import { type HeaderName, headers } from '../api/openapi';

type Responses = Record<string, { description: string; headers?: Record<string, unknown>; content?: unknown }>;
type Operation = { requestBody?: unknown; responses: Responses; security?: unknown[] };
type Document = { paths?: Record<string, Record<string, unknown>> };

const METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete']);

type Surface = 'public' | 'admin' | 'health' | 'anonymous';

function surfaceOf(path: string): Surface {
  if (path.startsWith('/api/v1/')) return 'public';
  if (path.startsWith('/api/admin/')) return 'admin';
  if (path === '/api/health') return 'health';
  return 'anonymous';
}

const RATE_LIMIT: HeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
const RATE_LIMIT_IETF: HeaderName[] = ['RateLimit-Policy', 'RateLimit'];
const CORS: HeaderName[] = ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];

/** The headers on every response of a surface: which are always there, which may be. */
function surfaceHeaders(surface: Surface, status: string): { required: HeaderName[]; optional: HeaderName[] } {
  const limited = surface !== 'admin';
  // A 500 may come from before the limiter ran (e.g. the key store failing), so the budget is not promised there.
  const required: HeaderName[] = ['X-Request-Id', 'X-Content-Type-Options', ...(limited && status !== '500' ? RATE_LIMIT : [])];
  const optional: HeaderName[] = [
    ...(limited && status === '500' ? RATE_LIMIT : []),
    ...(limited ? RATE_LIMIT_IETF : []),
    ...(surface === 'public' || surface === 'health' ? CORS : []),
  ];
  if (status === '401') required.push('WWW-Authenticate');
  if (status === '405') required.push('Allow');
  if (status === '429') required.push('Retry-After');
  // A write refused while its store moves says when to retry (src/http/on-error.ts); a session check's 503 does not.
  if (status === '503') optional.push('Retry-After');
  return { required, optional };
}

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The statuses middleware answers for an operation before (or around) its handler. */
function sharedResponses(surface: Surface, method: string, op: Operation): Responses {
  const out: Responses = {
    405: error('This path does not take that method; Allow lists the ones it takes'),
    500: error('Unexpected failure, masked; quote request_id'),
  };
  if (surface === 'public' || surface === 'admin') out[401] = error('Missing or invalid credentials');
  if (surface === 'public' || surface === 'anonymous')
    out[429] = error("Rate limited: over this key's store's or this address's budget; retry after Retry-After seconds");
  if (surface === 'admin') {
    out[429] = error('Too many wrong admin tokens from this address (docs/rate-limits.md); retry after Retry-After seconds');
    out[503] = error('A backoffice session cookie could not be checked against the ended sessions; the admin token still works');
  }
  if (surface === 'admin' && !['get', 'head'].includes(method)) {
    out[403] = error('A backoffice (cookie) session sent no valid X-CSRF-Token');
    out[503] = error(
      'The store is moving to another shard (docs/scale.md): nothing was written, retry after Retry-After seconds; or a backoffice session cookie could not be checked against the ended sessions (the admin token still works)',
    );
  }
  if (surface === 'public' && !['get', 'head'].includes(method)) {
    out[503] = error(
      'The store is moving to another shard (docs/scale.md): nothing was written, retry after Retry-After seconds',
    );
  }
  if (op.requestBody) {
    out[400] = error('The body is not valid UTF-8 (INVALID_ENCODING), or not valid for this operation');
    out[413] = error('The body exceeds 1 MiB');
    out[415] = error('The Content-Type is not one this operation takes');
  }
  return out;
}

export function completeDocument<D extends object>(document: D): D {
  const doc = document as Document;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const surface = surfaceOf(path);
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = value as Operation;
      for (const [status, response] of Object.entries(sharedResponses(surface, method, op))) {
        // HEAD answers no body: its errors are described by headers alone.
        op.responses[status] ??= method === 'head' ? { description: response.description } : response;
      }
      for (const [status, response] of Object.entries(op.responses)) {
        const { required, optional } = surfaceHeaders(surface, status);
        response.headers = { ...headers(required, optional), ...response.headers };
      }
    }
  }
  return document;
}
