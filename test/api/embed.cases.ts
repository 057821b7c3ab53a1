// GET /embed/v1/configurator.js and /embed/v1/logic.js: the modules storefronts load, as their browsers fetch them.
import { describe, expect, it } from 'vitest';
import { bundles } from '../../src/generated/bundles';
import { call } from '../helpers';

const { js, hash } = bundles.configurator!;

describe('GET /embed/v1/configurator.js', () => {
  it('serves the bundle as a JavaScript module to any origin, revalidated after five minutes', async () => {
    const res = await call('/embed/v1/configurator.js', { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toBe(`"${hash}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.text();
    expect(body).toBe(js);
    expect(body).toContain('cpq-configurator');
    // No request of its own: the only URLs it builds are the API's it is given.
    expect(body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it('answers 304 to a matching If-None-Match, and the code to a stale one', async () => {
    const fresh = await call('/embed/v1/configurator.js', { headers: { 'If-None-Match': `"${hash}"` } });
    expect(fresh.status).toBe(304);
    expect(fresh.headers.get('etag')).toBe(`"${hash}"`);
    expect(await fresh.text()).toBe('');
    const stale = await call('/embed/v1/configurator.js', { headers: { 'If-None-Match': '"0000000000000000"' } });
    expect(stale.status).toBe(200);
  });

  it('serves the same bytes under their content hash, immutable for a year', async () => {
    const res = await call(`/embed/v1/configurator.${hash}.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe(js);
    const again = await call(`/embed/v1/configurator.${hash}.js`, { headers: { 'If-None-Match': `"${hash}"` } });
    expect(again.status).toBe(304);
  });

  it("redirects an earlier deployment's hash to the current code", async () => {
    const old = hash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    const res = await call(`/embed/v1/configurator.${old}.js`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/embed/v1/configurator.${hash}.js`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a CORS preflight and refuses other methods and names', async () => {
    const pre = await call('/embed/v1/configurator.js', {
      method: 'OPTIONS',
      headers: { Origin: 'https://shop.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect((await call('/embed/v1/configurator.js', { method: 'POST' })).status).toBe(405);
    expect((await call('/embed/v1/other.js')).status).toBe(404);
    expect((await call('/embed/v1/configurator.xyz.js')).status).toBe(404);
  });
});

describe('GET /embed/v1/logic.js', () => {
  const logic = bundles.logic!;

  it('serves the extra JSON Logic operations as a module to any origin, and under their hash', async () => {
    const res = await call('/embed/v1/logic.js', { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('etag')).toBe(`"${logic.hash}"`);
    const body = await res.text();
    expect(body).toBe(logic.js);
    expect(body).not.toMatch(/https?:\/\//);
    const pinned = await call(`/embed/v1/logic.${logic.hash}.js`);
    expect(pinned.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await pinned.text()).toBe(logic.js);
    const old = logic.hash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    const moved = await call(`/embed/v1/logic.${old}.js`, { redirect: 'manual' });
    expect(moved.headers.get('location')).toBe(`/embed/v1/logic.${logic.hash}.js`);
  });
});
