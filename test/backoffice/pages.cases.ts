import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../src/api/admin/api-keys';
import { NEW_PRODUCT_TEMPLATE } from '../../src/backoffice/views/editor';
import { csrfTokenFor, SESSION_TTL_SECONDS } from '../../src/http/admin-session';
import { ADMIN_TOKEN, admin, call, createStore, saveProduct, uniqueId } from '../helpers';
import { form, signIn } from './sign-in';

const page = async (path: string, cookie: string) => call(path, { headers: { Cookie: cookie }, redirect: 'manual' });

describe('signing in', () => {
  it.each(['/admin', '/admin/stores', '/admin/stores/x/products?tab=1', '/admin/no-such-page'])(
    'redirects %s to the sign-in page',
    async (path) => {
      const res = await call(path, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/admin/login?next=${encodeURIComponent(path)}`);
    },
  );

  it('serves the sign-in page with strict security headers', async () => {
    const res = await call('/admin/login');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<form method="post" action="/admin/login">');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
  });

  it('refuses a wrong token without a cookie', async () => {
    const res = await call('/admin/login', form({ token: 'wrong' }));
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toContain('That token is not right');
  });

  it('refuses a sign-in form posted from another site', async () => {
    const res = await call('/admin/login', form({ token: ADMIN_TOKEN }, { Origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('sets an HttpOnly, Secure, SameSite=Strict session cookie for 12 hours', async () => {
    const res = await call('/admin/login', form({ token: ADMIN_TOKEN, next: '/admin/stores/acme/api-keys' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/stores/acme/api-keys');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-cpq_admin=\d+\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/', `Max-Age=${SESSION_TTL_SECONDS}`]) {
      expect(cookie).toContain(attribute);
    }
    expect(cookie).not.toContain('Domain');
  });

  it.each([
    'https://evil.example/',
    '//evil.example/admin',
    '/admin//evil.example',
    '/api/admin/stores',
    '/admin/login',
    'javascript:alert(1)',
  ])('never redirects to %s after signing in', async (next) => {
    const res = await call('/admin/login', form({ token: ADMIN_TOKEN, next }));
    expect(res.headers.get('location')).toBe('/admin/stores');
  });

  it('sends a signed-in visitor on from the sign-in page', async () => {
    const { cookie } = await signIn();
    const res = await page('/admin/login?next=%2Fadmin%2Fstores', cookie);
    expect(res.status).toBe(303);
  });
});

describe('signing out', () => {
  it('needs the CSRF field, then clears the cookie', async () => {
    const { cookie, csrf } = await signIn();
    const refused = await call('/admin/logout', form({ _csrf: 'A'.repeat(43) }, { Cookie: cookie }));
    expect(refused.status).toBe(403);
    expect(refused.headers.get('set-cookie')).toBeNull();

    const res = await call('/admin/logout', form({ _csrf: csrf }, { Cookie: cookie }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/admin/login?signed_out=1');
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-cpq_admin=;.*Max-Age=0/);
  });
});

describe('pages', () => {
  it('put the session CSRF token in the page and never cache it', async () => {
    const { cookie, csrf } = await signIn();
    const session = cookie.split('=')[1]!;
    expect(csrf).toBe(await csrfTokenFor(ADMIN_TOKEN, session));
    const res = await page('/admin/stores', cookie);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain(`<input type="hidden" name="_csrf" value="${csrf}"/>`);
  });

  it('list stores, escaping what users typed', async () => {
    const { cookie } = await signIn();
    const id = uniqueId('escape');
    await admin('POST', '/stores', { id, name: '<script>alert(1)</script>' });
    const html = await (await page('/admin/stores', cookie)).text();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(`href="/admin/stores/${id}/overview"`);
  });

  it('show empty states for a new store', async () => {
    const { cookie } = await signIn();
    const store = await createStore('pro');
    expect(await (await page(`/admin/stores/${store}/products`, cookie)).text()).toContain('No products yet — create one');
    expect(await (await page(`/admin/stores/${store}/api-keys`, cookie)).text()).toContain('No API keys yet — create one below');
    const settings = await (await page(`/admin/stores/${store}/settings`, cookie)).text();
    expect(settings).toContain('<option value="pro" selected="">Pro</option>');
    const bare = await page(`/admin/stores/${store}`, cookie);
    expect(bare.headers.get('location')).toBe(`/admin/stores/${store}/overview`);
    expect(await (await page(`/admin/stores/${store}/overview`, cookie)).text()).toContain('No quotes yet');
  });

  it('list API keys by prefix only, revoked ones marked', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    const created = await (await admin('POST', `/stores/${store}/api-keys`, { name: 'Till' })).json<
      z.infer<typeof CreatedApiKey>
    >();
    await admin('DELETE', `/stores/${store}/api-keys/${created.id}`);
    const html = await (await page(`/admin/stores/${store}/api-keys`, cookie)).text();
    expect(html).toContain(`${created.prefix}…`);
    expect(html).not.toContain(created.key);
    expect(html).toContain('Revoked');
  });

  it('edit, show versions of, and preview a product', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    expect((await saveProduct(store, 'door', NEW_PRODUCT_TEMPLATE)).status).toBe(201);
    expect((await saveProduct(store, 'door', `${NEW_PRODUCT_TEMPLATE}// v2 <b>\n`)).status).toBe(200);

    const editor = await (await page(`/admin/stores/${store}/products/door`, cookie)).text();
    expect(editor).toContain('// v2 &lt;b&gt;');
    expect(editor).toContain(`href="/admin/stores/${store}/products/door/versions/1"`);
    expect(editor).toContain('<script type="module" src="/admin/assets/editor.js">');
    expect(editor).toContain(`href="/admin/stores/${store}/products/door/versions"`);
    expect(editor).toContain('id="publish-note" maxlength="1000"');

    const v1 = await page(`/admin/stores/${store}/products/door/versions/1`, cookie);
    expect(v1.status).toBe(200);
    const v1html = await v1.text();
    expect(v1html).toContain('readonly=""');
    expect(v1html).not.toContain('// v2');

    const restored = await (await page(`/admin/stores/${store}/products/door?from=1`, cookie)).text();
    expect(restored).toContain('data-dirty="true"');
    expect(restored).not.toContain('// v2');

    const preview = await (await page(`/admin/stores/${store}/products/door/preview?lang=de`, cookie)).text();
    // The storefront's component, with the module that points it at the admin endpoints loaded first.
    expect(preview).toContain(`<cpq-configurator id="pv" data-store="${store}" data-product="door" lang="de">`);
    expect(preview.indexOf('src="/admin/assets/preview.js"')).toBeLessThan(preview.indexOf('src="/embed/v1/configurator.js"'));
    expect(preview).toContain('<script type="module" src="/embed/v1/configurator.js">');
    const module = await page('/admin/assets/preview.js', cookie);
    expect(module.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await module.text()).toContain('/calculate');

    const create = await page(`/admin/stores/${store}/new-product`, cookie);
    expect(await create.text()).toContain('id="product-id"');
  });

  it.each([
    '/admin/stores/no-such-store/products',
    '/admin/stores/no-such-store/api-keys',
    '/admin/stores/UPPER/settings',
    '/admin/stores/no-such-store/products/x/preview',
    '/admin/whatever',
  ])('answer %s with a 404 page', async (path) => {
    const { cookie } = await signIn();
    const res = await page(path, cookie);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<h1>');
  });

  it("open a new product's unpublished draft in the editor, and 404 for a product with neither", async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    const source = NEW_PRODUCT_TEMPLATE.replace('New product', 'Gate <new>');
    expect((await admin('PUT', `/stores/${store}/products/gate/draft`, { source })).status).toBe(200);
    const res = await page(`/admin/stores/${store}/products/gate`, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Gate &lt;new&gt;');
    expect(html).toContain('data-product="gate"');
    expect(html).toContain('data-draft="true"');
    expect(html).not.toContain('data-current');
    expect(html).not.toContain('id="product-id"');
    expect(html).toContain('publishing creates version 1');
    expect(html).toContain('<cpq-configurator id="draft-preview">');
    expect((await page(`/admin/stores/${store}/products/nothing`, cookie)).status).toBe(404);
  });

  it('answer a missing version with a 404 page', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    await saveProduct(store, 'door', NEW_PRODUCT_TEMPLATE);
    for (const v of ['2', '0', 'abc'])
      expect((await page(`/admin/stores/${store}/products/door/versions/${v}`, cookie)).status).toBe(404);
  });
});

describe('assets', () => {
  it('serve scripts and the stylesheet without a session, revalidated by ETag', async () => {
    const js = await call('/admin/assets/common.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const etag = js.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);
    expect((await call('/admin/assets/common.js', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await call('/admin/assets/app.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await call('/admin/assets/nope.js')).status).toBe(404);
  });
});

describe('the schema editor bundle', () => {
  it('is served as a module, revalidated by ETag', async () => {
    const js = await call('/admin/assets/editor.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const etag = js.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{20}"$/);
    expect(await js.text()).toContain('cm-editor');
    expect((await call('/admin/assets/editor.js', { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it("allows CodeMirror's <style> elements by a nonce that is fresh per response and handed to the page", async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    await saveProduct(store, 'door', NEW_PRODUCT_TEMPLATE);
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const res = await page(`/admin/stores/${store}/products/door`, cookie);
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /style-src 'self' 'nonce-([0-9a-f]{32})'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('unsafe-inline');
      expect(await res.text()).toContain(`<meta name="cpq-style-nonce" content="${nonce}"/>`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
