// The interactive API reference: one self-contained page (no CDN) that reads /api/openapi.json and can send requests.

const script = String.raw`
const $ = (tag, attrs = {}, ...kids) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) k === 'text' ? (el.textContent = v) : el.setAttribute(k, v);
  el.append(...kids);
  return el;
};
const refName = (s) => s && s.$ref ? s.$ref.split('/').pop() : null;
function resolve(doc, s) { const n = refName(s); return n ? doc.components.schemas[n] : s; }
function example(doc, s, depth = 0) {
  s = resolve(doc, s) || {};
  if (depth > 6) return null;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  if (s.anyOf || s.oneOf) return example(doc, (s.anyOf || s.oneOf)[0], depth + 1);
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object': {
      const o = {};
      for (const [k, v] of Object.entries(s.properties || {})) if ((s.required || []).includes(k)) o[k] = example(doc, v, depth + 1);
      return o;
    }
    case 'array': return [];
    case 'integer': case 'number': return 1;
    case 'boolean': return true;
    default: return 'string';
  }
}
async function main() {
  const doc = await (await fetch('/api/openapi.json')).json();
  document.getElementById('title').textContent = doc.info.title + ' ' + doc.info.version;
  document.getElementById('intro').textContent = doc.info.description;
  const list = document.getElementById('ops');
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters || [];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const inputs = params.map((p) => $('label', {}, p.name + ' (' + p.in + (p.required ? ', required' : '') + ') ', $('input', { 'data-name': p.name, 'data-in': p.in })));
      const body = bodySchema ? $('textarea', { rows: 8, 'aria-label': 'request body' }) : null;
      if (body) body.value = JSON.stringify(example(doc, bodySchema), null, 2);
      const out = $('pre', { class: 'out', 'aria-live': 'polite' });
      const send = $('button', { type: 'button', text: 'Send' });
      send.onclick = async () => {
        let url = path;
        const query = new URLSearchParams();
        const headers = {};
        for (const i of inputs.map((l) => l.querySelector('input'))) {
          if (!i.value) continue;
          if (i.dataset.in === 'path') url = url.replace('{' + i.dataset.name + '}', encodeURIComponent(i.value));
          else if (i.dataset.in === 'query') query.set(i.dataset.name, i.value);
          else if (i.dataset.in === 'header') headers[i.dataset.name] = i.value;
        }
        const secret = path.startsWith('/api/admin') ? document.getElementById('admin').value : document.getElementById('key').value;
        if (secret) headers.Authorization = 'Bearer ' + secret;
        if (body) headers['Content-Type'] = 'application/json';
        const res = await fetch(url + (query.size ? '?' + query : ''), { method: method.toUpperCase(), headers, body: body ? body.value : undefined });
        const text = await res.text();
        let shown = text; try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch {}
        out.textContent = res.status + ' ' + res.statusText + '\n' + shown;
      };
      const statuses = Object.entries(op.responses || {}).map(([s, r]) => s + ' ' + r.description).join('\n');
      list.append($('details', {},
        $('summary', {}, $('span', { class: 'm ' + method, text: method.toUpperCase() }), ' ' + path + ' — ' + (op.summary || '')),
        $('p', { text: (op.tags || []).join(', ') }),
        ...inputs, body || '', $('pre', { class: 'statuses', text: statuses }), send, out));
    }
  }
}
main().catch((e) => { document.getElementById('intro').textContent = 'Could not load /api/openapi.json: ' + e; });
`;

export const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>CPQ API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1d232b}
details{border:1px solid #c9d1da;border-radius:6px;margin:.5rem 0;padding:.5rem .75rem}
summary{cursor:pointer;font-family:ui-monospace,monospace}
.m{display:inline-block;min-width:4.5em;font-weight:700}.get{color:#0b6b3a}.post{color:#0a4f9e}.put,.patch{color:#8a5300}.delete{color:#a11}
label{display:block;margin:.4rem 0}input,textarea{width:100%;box-sizing:border-box;font:13px ui-monospace,monospace;padding:.3rem}
pre{background:#f3f5f7;padding:.5rem;overflow:auto;white-space:pre-wrap}button{padding:.35rem 1rem;margin:.4rem 0}
:focus-visible{outline:3px solid #0a4f9e;outline-offset:2px}
</style></head>
<body><h1 id="title">CPQ API reference</h1><p id="intro"></p>
<p>The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<label>API key (public /api/v1 routes) <input id="key" autocomplete="off"></label>
<label>Admin token (/api/admin routes) <input id="admin" type="password" autocomplete="off"></label>
<div id="ops"></div>
<script>${script}</script>
</body></html>`;
