// A product's current version, mirrored into KV on every save so the request path finds it without D1.
// KV is eventually consistent: other locations see a new version within about a minute (docs/api.md, "Caching and consistency").

export interface VersionPointer {
  version: number;
  contentHash: string;
}

const pointerName = (storeId: string, externalId: string) => `product:${storeId}:${externalId}`;

export async function publishCurrentVersion(
  env: Env,
  storeId: string,
  externalId: string,
  pointer: VersionPointer | null,
): Promise<void> {
  const name = pointerName(storeId, externalId);
  if (pointer) await env.KEYS.put(name, JSON.stringify(pointer));
  else await env.KEYS.delete(name);
}

export async function readCurrentVersion(env: Env, storeId: string, externalId: string): Promise<VersionPointer | null> {
  return env.KEYS.get<VersionPointer>(pointerName(storeId, externalId), { type: 'json', cacheTtl: 60 });
}
