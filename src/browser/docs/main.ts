// The interactive API reference (/api/docs, src/docs/page.ts): reads /api/openapi.json, lists every operation and
// sends requests with the key or admin token typed into the page. A bundle served by the Worker, not an inline
// script, so the page's CSP has no 'unsafe-inline'; its styles are a constructable stylesheet for the same reason.

interface Schema {
  $ref?: string;
  example?: unknown;
  default?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description: string }>;
}
interface Document {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const PAGE_CSS = `
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1d232b}
details{border:1px solid #c9d1da;border-radius:6px;margin:.5rem 0;padding:.5rem .75rem}
summary{cursor:pointer;font-family:ui-monospace,monospace}
.m{display:inline-block;min-width:4.5em;font-weight:700}.get{color:#0b6b3a}.post{color:#0a4f9e}.put,.patch{color:#8a5300}.delete{color:#a11}
label{display:block;margin:.4rem 0}input,textarea{width:100%;box-sizing:border-box;font:13px ui-monospace,monospace;padding:.3rem}
pre{background:#f3f5f7;padding:.5rem;overflow:auto;white-space:pre-wrap}button{padding:.35rem 1rem;margin:.4rem 0}
:focus-visible{outline:3px solid #0a4f9e;outline-offset:2px}
`;

function $<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...kids: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'text') el.textContent = v;
    else el.setAttribute(k, v);
  }
  el.append(...kids);
  return el;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function resolve(doc: Document, s: Schema | undefined): Schema {
  const name = s?.$ref?.split('/').pop();
  return (name ? doc.components.schemas[name] : s) ?? {};
}

/** A request body to start from: the schema's example, else its required fields filled with placeholders. */
function example(doc: Document, schema: Schema | undefined, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (depth > 6) return null;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return example(doc, alternatives[0], depth + 1);
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if ((s.required ?? []).includes(k)) o[k] = example(doc, v, depth + 1);
      }
      return o;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    default:
      return 'string';
  }
}

function operation(doc: Document, path: string, method: string, op: Operation): HTMLElement {
  const inputs = (op.parameters ?? []).map((p) =>
    $('label', {}, `${p.name} (${p.in}${p.required ? ', required' : ''}) `, $('input', { 'data-name': p.name, 'data-in': p.in })),
  );
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const body = bodySchema ? $('textarea', { rows: '8', 'aria-label': 'request body' }) : null;
  if (body) body.value = JSON.stringify(example(doc, bodySchema), null, 2);
  const out = $('pre', { class: 'out', 'aria-live': 'polite' });
  const send = $('button', { type: 'button', text: 'Send' });
  send.addEventListener('click', async () => {
    let url = path;
    const query = new URLSearchParams();
    const headers: Record<string, string> = {};
    for (const input of inputs.map((l) => l.querySelector('input')!)) {
      const { name = '', in: where } = input.dataset;
      if (!input.value) continue;
      if (where === 'path') url = url.replace(`{${name}}`, encodeURIComponent(input.value));
      else if (where === 'query') query.set(name, input.value);
      else if (where === 'header') headers[name] = input.value;
    }
    const secret = byId<HTMLInputElement>(path.startsWith('/api/admin') ? 'admin' : 'key').value;
    if (secret) headers.Authorization = `Bearer ${secret}`;
    if (body) headers['Content-Type'] = 'application/json';
    const res = await fetch(url + (query.size ? `?${query}` : ''), {
      method: method.toUpperCase(),
      headers,
      body: body ? body.value : null,
    });
    const text = await res.text();
    let shown = text;
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON: shown as it came.
    }
    out.textContent = `${res.status} ${res.statusText}\n${shown}`;
  });
  const statuses = Object.entries(op.responses ?? {})
    .map(([s, r]) => `${s} ${r.description}`)
    .join('\n');
  return $(
    'details',
    {},
    $('summary', {}, $('span', { class: `m ${method}`, text: method.toUpperCase() }), ` ${path} — ${op.summary ?? ''}`),
    $('p', { text: (op.tags ?? []).join(', ') }),
    ...inputs,
    body ?? '',
    $('pre', { class: 'statuses', text: statuses }),
    send,
    out,
  );
}

async function main(): Promise<void> {
  const doc = (await (await fetch('/api/openapi.json')).json()) as Document;
  byId('title').textContent = `${doc.info.title} ${doc.info.version}`;
  byId('intro').textContent = doc.info.description;
  const list = byId('ops');
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) list.append(operation(doc, path, method, op));
  }
}

const sheet = new CSSStyleSheet();
sheet.replaceSync(PAGE_CSS);
document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
main().catch((e: unknown) => {
  byId('intro').textContent = `Could not load /api/openapi.json: ${e}`;
});
