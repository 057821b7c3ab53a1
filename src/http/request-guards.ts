import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';
import { MAX_SOURCE_BYTES } from '../lang/syntax/split';

/** Largest accepted request body, except on the routes that take a schema. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Largest body of a route that takes a schema: a schema may be 4 MiB of text, and JSON escaping can double it. */
export const MAX_SCHEMA_BODY_BYTES = 2 * MAX_SOURCE_BYTES;

/** The routes whose body holds a schema: saving a product or its draft, and validating. */
const SCHEMA_ROUTES: readonly [method: string, path: RegExp][] = [
  ['PUT', /^\/api\/admin\/stores\/[^/]+\/products\/[^/]+(\/draft)?$/],
  ['POST', /^\/api\/(admin|v1)\/validate$/],
];

const capOf = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${maxSize} bytes`, { details: { max_bytes: maxSize } });
    },
  });
const ordinaryCap = capOf(MAX_BODY_BYTES);
const schemaCap = capOf(MAX_SCHEMA_BODY_BYTES);
/** A price list's entries written at once: 10,000 rows of JSON or CSV, with room for long keys and quoting. */
export const MAX_ENTRIES_BODY_BYTES = 4 * 1024 * 1024;
const ENTRIES_ROUTE = /^\/api\/admin\/stores\/[^/]+\/price-lists\/[^/]+\/entries(\.csv)?$/;
const entriesCap = capOf(MAX_ENTRIES_BODY_BYTES);
/** The buyer's Accept and Reject forms (src/quote-page/): a name, a tick and a reason, far below this. */
export const formCap = capOf(8 * 1024);

/** Refuses a body past its route's cap (413) before it is read whole. */
export const limitBody = createMiddleware<AppEnv>((c, next) => {
  const takesSchema = SCHEMA_ROUTES.some(([method, path]) => c.req.method === method && path.test(c.req.path));
  return (takesSchema ? schemaCap : ENTRIES_ROUTE.test(c.req.path) ? entriesCap : ordinaryCap)(c, next);
});

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

const isJson = (type: string) => /^application\/json\s*(;|$)/i.test(type);
const isText = (type: string) => /^text\/plain\s*(;|$)/i.test(type);
const isCsv = (type: string) => /^text\/csv\s*(;|$)/i.test(type);

/** Saving a product also takes the raw schema file (`--data-binary @window.cpq`), not only `{"schema": …}`. */
const TEXT_BODY_ROUTE = /^\/api\/admin\/stores\/[^/]+\/products\/[^/]+$/;
const takesText = (method: string, path: string) => method === 'PUT' && TEXT_BODY_ROUTE.test(path);
/** A price list's entries import as a CSV file (docs/api.md "Markets and price lists"). */
const CSV_BODY_ROUTE = /^\/api\/admin\/stores\/[^/]+\/price-lists\/[^/]+\/entries\.csv$/;
const takesCsv = (method: string, path: string) => method === 'PUT' && CSV_BODY_ROUTE.test(path);

/** Bodies are JSON (or text where a route takes text); anything else is refused before a validator could misread it. */
export const requireJson = createMiddleware<AppEnv>(async (c, next) => {
  if (METHODS_WITH_BODY.has(c.req.method)) {
    const type = c.req.header('content-type') ?? '';
    const { method, path } = c.req;
    if (!isJson(type) && !(isText(type) && takesText(method, path)) && !(isCsv(type) && takesCsv(method, path))) {
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be sent as Content-Type: application/json', {
        details: { content_type: type || null },
      });
    }
  }
  await next();
});

/**
 * Hands `text` to the body readers of hono's request (`c.req.text()`, `.json()`, the validators), which then read
 * neither the stream nor a copy of it. hono keeps each body it read as a promise in `bodyCache`, whatever its type
 * there says.
 */
function bodyIs(c: Context<AppEnv>, text: string): void {
  c.req.bodyCache = { text: Promise.resolve(text) as unknown as string };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }); // drops a leading BOM, as .text() does

/**
 * Text and JSON bodies must be valid UTF-8: Request.text() and .json() decode leniently, so a stray Latin-1 byte
 * would be stored as U+FFFD and served back. Checked once here, before any validator reads the body; the text
 * decoded is what `c.req.text()` and `c.req.json()` (the validators) read next, so the body is read and decoded once.
 */
export const requireUtf8 = createMiddleware<AppEnv>(async (c, next) => {
  if (METHODS_WITH_BODY.has(c.req.method) && c.req.raw.body) {
    const bytes = await c.req.raw.arrayBuffer();
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      throw new ApiError('INVALID_ENCODING', 'The request body is not valid UTF-8; send text and JSON encoded as UTF-8');
    }
    bodyIs(c, text);
  }
  await next();
});

/**
 * For a route that takes its one text field as text/plain too: wraps such a body into the JSON object the route
 * validates (`{"<field>": text}`), so validation and the handler see one shape.
 */
export const textBodyAs = (field: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (isText(c.req.header('content-type') ?? '')) {
      const body = JSON.stringify({ [field]: await c.req.text() });
      const headers = new Headers(c.req.raw.headers);
      headers.set('content-type', 'application/json');
      c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers, body });
      bodyIs(c, body);
    }
    await next();
  });

export const assignRequestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = crypto.randomUUID();
  c.set('requestId', id);
  c.header('X-Request-Id', id);
  await next();
});
