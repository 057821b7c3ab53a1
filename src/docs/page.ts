// The interactive API reference: one page that reads /api/openapi.json and can send requests. Its code is the
// `docs` browser bundle (src/browser/docs/), served at /api/docs.js: no inline script, no CDN, so it works offline
// and under a CSP without 'unsafe-inline' (src/http/security-headers.ts).

export const docsPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>CPQ API reference</title>
<script type="module" src="/api/docs.js"></script>
</head>
<body><h1 id="title">CPQ API reference</h1><p id="intro"></p>
<p>The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<label>API key (public /api/v1 routes) <input id="key" autocomplete="off"></label>
<label>Admin token (/api/admin routes) <input id="admin" type="password" autocomplete="off"></label>
<div id="ops"></div>
</body></html>`;
