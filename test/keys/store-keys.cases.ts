import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { storeAccess } from '../../src/access/names';
import { uniqueId } from '../helpers';

// The keys part of a store's object (src/keys/store-keys.ts), through the object's RPC as isolates call it.

const T = Date.now();

describe('StoreAccess keys: revocations', () => {
  it('sends each isolate the revocations after the epoch it knows, and leaves the budget alone', async () => {
    const object = storeAccess(env, uniqueId('store'));
    expect(await object.keyUpdates({ epoch: 0, used: [] })).toEqual({ epoch: 0, revoked: [], touch: [] });
    await object.admit({ tier: 'free', now: T });
    await object.revokeKey('k1');
    await object.revokeKey('k2');
    await object.revokeKey('k1');
    const all = await object.keyUpdates({ epoch: 0, used: [] });
    expect(all.revoked.sort()).toEqual(['k1', 'k2']);
    await object.revokeKey('k3');
    const next = await object.keyUpdates({ epoch: all.epoch, used: [] });
    expect(next.revoked).toEqual(['k3']);
    expect(next.epoch).toBeGreaterThan(all.epoch);
    expect((await object.keyUpdates({ epoch: next.epoch, used: [] })).revoked).toEqual([]);
    // Revoking counts nothing.
    expect((await object.check({ tier: 'free', now: T })).windows.map((w) => w.remaining)).toEqual([59, 999]);
  });
});

describe('StoreAccess keys: last use', () => {
  it('asks for a last-use write once per key per minute, whichever isolate reports it', async () => {
    const object = storeAccess(env, uniqueId('store'));
    const touches = [];
    for (const offset of [0, 30_000, 59_999, 60_000, 90_000, 120_000]) {
      touches.push((await object.keyUpdates({ epoch: 0, used: ['k1'], now: T + offset })).touch);
    }
    // A key used every 30 s is still reported every minute.
    expect(touches).toEqual([['k1'], [], [], ['k1'], [], ['k1']]);
    expect((await object.keyUpdates({ epoch: 0, used: ['k1', 'k2'], now: T + 120_000 })).touch).toEqual(['k2']);
  });
});
