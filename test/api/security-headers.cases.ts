// Issue 27, item 7: one header policy (src/http/security-headers.ts). Every HTML page sends a CSP without inline
// script that refuses framing, and nosniff; every answer, JSON errors of every kind included, sends nosniff.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NEW_PRODUCT_TEMPLATE } from '../../src/backoffice/views/editor';
import { MAX_SCHEMA_BODY_BYTES } from '../../src/http/request-guards';
import worker from '../../src/index';
import { signIn } from '../backoffice/sign-in';
import { ADMIN_TOKEN, call, createStore, saveProduct, tenant } from '../helpers';
import { uniqueAddress } from '../limits/helpers';

async function withDemoVars(path: string, store: string): Promise<Response> {
  const ctx = createExecutionContext();
  const vars = { DEMO_STORE: store, DEMO_KEY: 'cpq_demo_key' };
  const res = await worker.fetch(new Request(`http://localhost${path}`), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The directives of a CSP by name. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

async function expectStrictPage(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const csp = directives(res.headers.get('content-security-policy') ?? '');
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect([...csp.values()].flat()).not.toContain("'unsafe-inline'");
  expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const html = await res.text();
  // Every <script> loads a file of this origin; none carries code.
  for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/ src="\/[^/]/);
  expect(html).not.toMatch(/<script[^>]*>[^<]/);
  return html;
}

describe('HTML pages', () => {
  it('/api/docs: its script is a bundle of ours at /api/docs.js, under a CSP without inline script or style', async () => {
    const html = await expectStrictPage(await call('/api/docs'));
    expect(html).toContain('<script type="module" src="/api/docs.js"></script>');
    expect(html).not.toContain('<style');
    const script = await call('/api/docs.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toContain('/api/openapi.json');
    const etag = script.headers.get('etag')!;
    expect((await call('/api/docs.js', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('/demo and its files', async () => {
    const store = await createStore();
    await saveProduct(store, 'thing', NEW_PRODUCT_TEMPLATE);
    await expectStrictPage(await withDemoVars('/demo?product=thing', store));
    for (const file of ['/demo/main.js', '/demo/demo.css']) {
      expect((await withDemoVars(file, store)).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('/admin: the sign-in page, the redirect to it, and every page behind it', async () => {
    await expectStrictPage(await call('/admin/login'));
    const redirect = await call('/admin/stores', { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('x-content-type-options')).toBe('nosniff');
    expect(redirect.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const { cookie } = await signIn();
    const store = await createStore();
    await saveProduct(store, 'door', NEW_PRODUCT_TEMPLATE);
    const pages = [
      '/admin/stores',
      `/admin/stores/${store}/products`,
      `/admin/stores/${store}/api-keys`,
      `/admin/stores/${store}/settings`,
      `/admin/stores/${store}/new-product`,
      `/admin/stores/${store}/products/door`,
      `/admin/stores/${store}/products/door/preview`,
      `/admin/stores/${store}/products/door/versions`,
      `/admin/stores/${store}/products/door/versions/1`,
      `/admin/stores/${store}/products/door/versions/1/diff`,
      `/admin/stores/${store}/products/door/duplicate`,
    ];
    for (const path of pages) {
      const res = await call(path, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(res.status, path).toBe(200);
      await expectStrictPage(res);
    }
    const missing = await call('/admin/no-such-page', { headers: { Cookie: cookie } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('JSON answers carry nosniff', () => {
  const AUTH = { Authorization: `Bearer ${ADMIN_TOKEN}` };

  it('successes and every kind of error a guard or a route answers', async () => {
    const { storeId, headers } = await tenant();
    const answers: [number, Response][] = [
      [200, await call('/api/health')],
      [200, await call('/api/openapi.json')],
      [200, await call(`/api/admin/stores/${storeId}`, { headers: AUTH })],
      [
        400,
        await call('/api/v1/validate', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{',
        }),
      ],
      [
        400,
        await call('/api/v1/validate', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: new Uint8Array([0x7b, 0xff, 0x7d]),
        }),
      ],
      [401, await call('/api/v1/validate', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })],
      [404, await call('/api/no-such-path')],
      [404, await call('/no-such-page')],
      [404, await call(`/api/admin/stores/${storeId}/products/none`, { headers: AUTH })],
      [405, await call('/api/health', { method: 'DELETE' })],
      [
        413,
        await call('/api/v1/validate', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: 'x'.repeat(MAX_SCHEMA_BODY_BYTES + 1),
        }),
      ],
      [415, await call('/api/v1/validate', { method: 'POST', headers: { ...headers, 'Content-Type': 'text/plain' }, body: 'x' })],
      [
        422,
        await call(`/api/admin/stores/${storeId}/products/p`, {
          method: 'PUT',
          headers: { ...AUTH, 'Content-Type': 'application/json' },
          body: '{"schema": "nonsense"}',
        }),
      ],
    ];
    for (const [status, res] of answers) {
      expect(res.status, res.url).toBe(status);
      expect(res.headers.get('content-type'), res.url).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options'), `${status} ${res.url}`).toBe('nosniff');
    }
  });

  it('429: too many wrong admin tokens from one address', async () => {
    const ip = uniqueAddress();
    let limited: Response | undefined;
    // Eleven wrong tokens in a minute are refused; a few more cover a minute boundary falling among them.
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await call('/api/admin/stores', { headers: { Authorization: `Bearer wrong-${i}`, 'CF-Connecting-IP': ip } });
      if (res.status === 429) limited = res;
      else expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(limited?.headers.get('content-type')).toMatch(/^application\/json/);
    expect(limited?.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
