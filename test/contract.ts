// Every response a test receives from /api is checked against the OpenAPI document the app serves: the status is
// documented for the operation, each required header is present, each documented header has the documented form,
// and the body matches the documented media type and schema. A test that gets an undocumented answer fails.
// test/helpers.ts `call`, test/limits/helpers.ts `send` and `burst` check every response this way; only tests of
// a stand-alone app built for the test (a failing rate-limit gate, a handler that throws) bypass the Worker.

import { exports } from 'cloudflare:workers';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type Schema = Record<string, unknown>;
type Header = { required?: boolean; schema?: Schema };
type ResponseSpec = { headers?: Record<string, Header>; content?: Record<string, { schema?: Schema }> };
type Operation = { responses: Record<string, ResponseSpec> };
type Document = { paths: Record<string, Record<string, Operation>> };

interface Contract {
  ajv: Ajv2020;
  routes: { pattern: RegExp; path: string; params: number }[];
  doc: Document;
  validators: Map<string, ValidateFunction>;
}

let contract: Promise<Contract> | undefined;

async function load(): Promise<Contract> {
  // Its own address, so that fetching the document spends no budget a test counts on.
  const res = await exports.default.fetch(
    new Request('http://localhost/api/openapi.json', { headers: { 'CF-Connecting-IP': '192.0.2.250' } }),
  );
  if (res.status !== 200) throw new Error(`GET /api/openapi.json: ${res.status}`);
  const doc = await res.json<Document>();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' } as Schema);
  const routes = Object.keys(doc.paths)
    .map((path) => ({
      path,
      params: (path.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
    }))
    .sort((a, b) => a.params - b.params);
  return { ajv, routes, doc, validators: new Map() };
}

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function validator(c: Contract, ref: string): ValidateFunction {
  let v = c.validators.get(ref);
  if (!v) {
    v = c.ajv.compile({ $ref: ref });
    c.validators.set(ref, v);
  }
  return v;
}

function fail(request: Request, status: number, problem: string): never {
  throw new Error(
    `Response breaks the OpenAPI document: ${request.method} ${new URL(request.url).pathname} → ${status}: ${problem}`,
  );
}

/** The documented response for this request and status, with its JSON pointer, or a failure. */
function documented(c: Contract, request: Request, status: number): { response: ResponseSpec; at: string } | null {
  const path = new URL(request.url).pathname;
  const route = c.routes.find((r) => r.pattern.test(path));
  if (!route) {
    // No such path: the app answers an error (404, or 401/429 from the public API's guards) in the error shape.
    if (![401, 404, 429].includes(status)) fail(request, status, 'an undocumented path answered something other than an error');
    return null;
  }
  const item = c.doc.paths[route.path]!;
  const method = request.method.toLowerCase();
  const op = item[method] ?? (method === 'head' ? item.get : undefined);
  const opName = item[method] ? method : method === 'head' ? 'get' : undefined;
  if (op && opName) {
    const key = op.responses[status] ? String(status) : op.responses.default ? 'default' : undefined;
    if (!key) fail(request, status, `status not documented for ${opName.toUpperCase()} ${route.path}`);
    return { response: op.responses[key]!, at: pointer('paths', route.path, opName, 'responses', key) };
  }
  // A method the path does not take: 405 (or a guard's answer that runs first), as documented on its operations.
  for (const [name, other] of Object.entries(item)) {
    if (other.responses?.[status])
      return { response: other.responses[status]!, at: pointer('paths', route.path, name, 'responses', String(status)) };
  }
  return fail(
    request,
    status,
    `${request.method} is not an operation of ${route.path} and the status is documented on none of its operations`,
  );
}

export async function checkResponse(request: Request, res: Response): Promise<void> {
  const url = new URL(request.url);
  // Preflights are CORS protocol, not operations.
  if (!url.pathname.startsWith('/api/') || request.method === 'OPTIONS') return;
  contract ??= load();
  const c = await contract;
  const found = documented(c, request, res.status);
  const text = await res.clone().text();
  const errorRef = 'openapi.json#/components/schemas/Error';
  if (!found) {
    const v = validator(c, errorRef);
    if (!v(JSON.parse(text))) fail(request, res.status, `error body: ${c.ajv.errorsText(v.errors)}`);
    return;
  }
  const { response, at } = found;
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    const value = res.headers.get(name);
    if (value === null) {
      if (header.required) fail(request, res.status, `required header ${name} is missing`);
      continue;
    }
    if (header.schema) {
      const v = validator(c, `openapi.json#/${at}/headers/${pointer(name)}/schema`);
      if (!v(value)) fail(request, res.status, `header ${name}: ${JSON.stringify(value)} ${c.ajv.errorsText(v.errors)}`);
    }
  }
  const content = response.content;
  if (!content || request.method === 'HEAD') {
    if (text !== '') fail(request, res.status, 'a body where the document promises none');
    return;
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  if (!content[type])
    fail(request, res.status, `Content-Type ${type || '(none)'} is not documented (${Object.keys(content).join(', ')})`);
  if (type === 'application/json' && content[type]!.schema) {
    const v = validator(c, `openapi.json#/${at}/content/${pointer(type)}/schema`);
    if (!v(JSON.parse(text))) fail(request, res.status, `body: ${c.ajv.errorsText(v.errors)}; body was ${text.slice(0, 500)}`);
  }
}

/**
 * A request through the Worker's default export, as the runtime delivers it (its own I/O context), with its response
 * checked. Each such request costs more than the one before, in the whole test file: the test pool constructs its
 * entrypoint wrapper for every call, and that constructor wraps the class's prototype in one more Proxy
 * (@cloudflare/vitest-pool-workers 0.15.1, `createProxyPrototypeClass`; cloudflare/workers-sdk#15092), so the n-th
 * call's property lookups pass n proxies: a request takes about 5 ms at first and 90 ms after 400 others. A test that
 * sends thousands calls the fetch handler directly with `createExecutionContext` (test/api/configure-walks.cases.ts).
 */
export async function sendChecked(request: Request): Promise<Response> {
  const copy = request.clone();
  const res = await exports.default.fetch(request);
  await checkResponse(copy, res);
  return res;
}
