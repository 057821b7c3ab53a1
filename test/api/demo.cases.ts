// /demo: the demo shop exists only where the dev vars turn it on (npm run dev, the e2e runner), as docs/configurator.md says.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { NEW_PRODUCT_TEMPLATE } from '../../src/backoffice/views/editor';
import worker from '../../src/index';
import { call, createStore, saveProduct } from '../helpers';

async function withVars(path: string, vars: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(`http://localhost${path}`), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe('/demo', () => {
  it('is not there without DEMO_STORE and DEMO_KEY, as in a deployed Worker', async () => {
    for (const path of ['/demo', '/demo/main.js', '/demo/demo.css']) expect((await call(path)).status).toBe(404);
  });

  it("with them, is a shop page around <cpq-configurator> on the store's products, under a strict CSP", async () => {
    const store = await createStore();
    expect((await saveProduct(store, 'thing', NEW_PRODUCT_TEMPLATE)).status).toBe(201);
    const vars = { DEMO_STORE: store, DEMO_KEY: 'cpq_demo_key' };
    const res = await withVars('/demo?product=thing&lang=de', vars);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain(
      `<cpq-configurator id="configurator" api="/api" tenant="${store}" product="thing" api-key="cpq_demo_key" lang="de" request-quote="true">`,
    );
    expect(html).toContain('<option value="thing" selected="">New product</option>');
    // Scripts only from files: no inline code.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="module" src="/embed/v1/configurator.js">',
      '<script type="module" src="/demo/main.js">',
    ]);
    // The market of the link, when it is a market id, on the component; the switch's options come from its module.
    const swiss = await (await withVars('/demo?product=thing&market=ch', vars)).text();
    expect(swiss).toContain('lang="en" market="ch" request-quote="true">');
    expect(swiss).toContain('<span id="markets" class="markets" hidden="">');
    const odd = await (await withVars('/demo?product=thing&market=%22%3E%3Cb%3E', vars)).text();
    expect(odd).not.toContain('market=');
    const main = await withVars('/demo/main.js', vars);
    expect(main.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await main.text()).toContain('cpq-valid');
  });
});
