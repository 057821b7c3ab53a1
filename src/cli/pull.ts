// `cpq pull --store <id> <dir>`: writes the current version of each of the store's products to <dir>/<id>.cpq,
// the files `cpq push` reads back. Drafts stay in the backoffice: only published versions are pulled.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApi, type RemoteOptions } from './admin-api';
import { EXIT, type ExitCode } from './exit';
import { EXTENSION } from './files';
import { bold, green } from './style';

export interface PullOptions extends RemoteOptions {
  store: string;
}

export async function pull(dir: string, options: PullOptions): Promise<ExitCode> {
  const api = adminApi(options);
  const { products } = await api.products(options.store);
  mkdirSync(dir, { recursive: true });
  for (const { external_id } of products) {
    const product = await api.product(options.store, external_id);
    // Deleted between the list and the read: nothing to write.
    if (!product) continue;
    const file = join(dir, `${external_id}${EXTENSION}`);
    writeFileSync(file, product.source);
    console.log(`${green('↓')} ${file} (v${product.current_version})`);
  }
  console.log(bold(`${products.length} pulled from store ${options.store}`));
  return EXIT.OK;
}
