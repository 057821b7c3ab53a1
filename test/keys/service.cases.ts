import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKey, listKeys, recordKeyUse } from '../../src/keys/service';
import { createStore } from '../helpers';

// The keys service keeps D1 and KV in step when one of them fails; HTTP cannot make KV fail, so these call it
// directly with a KV namespace that refuses writes (everything else is the real binding).

afterEach(() => vi.restoreAllMocks());

const failingKv = (): KVNamespace =>
  new Proxy(env.KEYS, {
    get: (target, name) =>
      name === 'put' ? () => Promise.reject(new Error('KV unavailable')) : Reflect.get(target, name, target),
  });

describe('the keys service', () => {
  it('removes the D1 row of a key whose KV record could not be written, and rethrows', async () => {
    const storeId = await createStore();
    await expect(
      createKey({ ...env, KEYS: failingKv() }, storeId, { name: 'doomed', permissions: ['calculate'] }),
    ).rejects.toThrow('KV unavailable');
    expect(await listKeys(env, storeId)).toEqual([]);
  });

  it('stores each permission once', async () => {
    const storeId = await createStore();
    const { row } = await createKey(env, storeId, { name: 'twice', permissions: ['calculate', 'calculate', 'form:read'] });
    expect(row.permissions).toEqual(['calculate', 'form:read']);
  });

  it('records a key use, and logs instead of failing when D1 refuses', async () => {
    const storeId = await createStore();
    const { row } = await createKey(env, storeId, { name: 'used', permissions: ['calculate'] });
    await recordKeyUse(env, storeId, row.id, 1_700_000_000_000);
    expect((await listKeys(env, storeId))[0]!.lastUsedAt).toBe(1_700_000_000_000);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const brokenDb = {
      prepare: () => ({
        bind: () => {
          throw new Error('D1 down');
        },
      }),
    } as unknown as D1Database;
    await expect(recordKeyUse({ ...env, DB: brokenDb, DB_1: brokenDb }, storeId, row.id, Date.now())).resolves.toBeUndefined();
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/recording api key use failed/);
  });
});
