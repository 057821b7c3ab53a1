import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../src/api/admin/api-keys';
import { NEW_PRODUCT_TEMPLATE } from '../../src/backoffice/views/editor';
import { admin, call, createStore } from '../helpers';
import { signIn } from './sign-in';

const page = async (path: string, cookie: string) => call(path, { headers: { Cookie: cookie }, redirect: 'manual' });
const V2 = NEW_PRODUCT_TEMPLATE.replace('50 + width * 0.1', '55 + width * 0.1');

describe('product history pages', () => {
  it('list the versions with their notes, newest first, and link each older one to its diff', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    await admin('PUT', `/stores/${store}/products/door`, { schema: NEW_PRODUCT_TEMPLATE, note: 'First <cut>' });
    await admin('PUT', `/stores/${store}/products/door`, { schema: V2, note: 'Base 55' });
    const res = await page(`/admin/stores/${store}/products/door/versions`, cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.indexOf('Base 55')).toBeLessThan(html.indexOf('First &lt;cut&gt;'));
    expect(html).toContain(`href="/admin/stores/${store}/products/door/versions/1/diff"`);
    expect(html).not.toContain(`href="/admin/stores/${store}/products/door/versions/2/diff"`);
  });

  it('show a diff with line numbers, and another version chosen with ?against', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    await admin('PUT', `/stores/${store}/products/door`, { schema: NEW_PRODUCT_TEMPLATE });
    await admin('PUT', `/stores/${store}/products/door`, { schema: V2 });
    await admin('PUT', `/stores/${store}/products/door`, { schema: `${V2}// three\n` });
    const html = await (await page(`/admin/stores/${store}/products/door/versions/1/diff`, cookie)).text();
    expect(html).toContain('From version 1 to version 3 (current): 2 lines added, 1 removed.');
    expect(html).toMatch(/<tr class="diff-del"><td class="ln">\d+<\/td><td class="ln"><\/td>/);
    expect(html).toContain('line base: &quot;Base price&quot; = 55 + width * 0.1');
    const against = await (await page(`/admin/stores/${store}/products/door/versions/1/diff?against=2`, cookie)).text();
    expect(against).toContain('From version 1 to version 2: 1 line added, 1 removed.');
    expect(against).toContain('<option value="2" selected="">Version 2</option>');
    for (const bad of ['versions/9/diff', 'versions/x/diff', 'versions/1/diff?against=0'])
      expect((await page(`/admin/stores/${store}/products/door/${bad}`, cookie)).status).toBe(404);
  });

  it('offer duplicating with a suggested id, and list products with delete, duplicate and history actions', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    await admin('PUT', `/stores/${store}/products/door`, { schema: NEW_PRODUCT_TEMPLATE });
    await admin('PUT', `/stores/${store}/products/door/draft`, { source: V2 });
    await admin('PUT', `/stores/${store}/products/gate/draft`, { source: 'product "Gate" {' });
    const dup = await (await page(`/admin/stores/${store}/products/door/duplicate`, cookie)).text();
    expect(dup).toContain('value="door-copy"');
    expect(dup).toContain(`data-action="/api/admin/stores/${store}/products/door/duplicate"`);

    const list = await (await page(`/admin/stores/${store}/products`, cookie)).text();
    expect(list).toContain(`data-action="/api/admin/stores/${store}/products/door" data-success="refresh"`);
    expect(list).toContain('data-confirm-title="Delete &quot;New product&quot;?"');
    expect(list).toContain(`href="/admin/stores/${store}/products/door/versions"`);
    expect(list).toContain('Unpublished draft');
    expect(list).toContain('New, not published');
    // Accessible names start with the visible text.
    expect(list).toContain('Edit schema<span class="visually-hidden"> New product</span>');
    expect(list).toContain('Preview<span class="visually-hidden"> New product</span>');
  });
});

describe('API keys page', () => {
  it('hides revoked keys behind a toggle and says how many', async () => {
    const { cookie } = await signIn();
    const store = await createStore();
    const created = await (await admin('POST', `/stores/${store}/api-keys`, { name: 'Till' })).json<
      z.infer<typeof CreatedApiKey>
    >();
    await admin('POST', `/stores/${store}/api-keys`, { name: 'Shop' });
    await admin('DELETE', `/stores/${store}/api-keys/${created.id}`);
    const html = await (await page(`/admin/stores/${store}/api-keys`, cookie)).text();
    expect(html).toContain('<input type="checkbox" id="show-revoked"/>');
    expect(html).toContain('1 revoked key is hidden.');
    expect(html).toMatch(/<tr class="revoked" data-key-id="[^"]+"><td data-label="Name">Till<\/td>/);
  });
});
