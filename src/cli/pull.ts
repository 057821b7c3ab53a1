// `cpq pull --store <id> <dir>`: writes the current version of each of the store's products to <dir>/<id>.cpq,
// the files `cpq push` reads back, and records each file's version as its base (bases.ts). Drafts stay in the
// backoffice: only published versions are pulled.
import { mkdirSync, writeFileSync } from 'node:fs';
import { adminApi, type RemoteOptions } from './admin-api';
import { Bases } from './bases';
import { EXIT, type ExitCode } from './exit';
import { productFile } from './files';
import { bold, green } from './style';

export interface PullOptions extends RemoteOptions {
  store: string;
}

export async function pull(dir: string, options: PullOptions): Promise<ExitCode> {
  const api = adminApi(options);
  const { products } = await api.products(options.store);
  // Every id is checked before the first file is written: one that is a path writes nothing at all.
  const files = products.map(({ external_id }) => ({ id: external_id, file: productFile(dir, external_id) }));
  mkdirSync(dir, { recursive: true });
  const bases = new Bases(dir, options.store);
  try {
    for (const { id, file } of files) {
      const product = await api.product(options.store, id);
      // Deleted between the list and the read: nothing to write.
      if (!product) continue;
      writeFileSync(file, product.source);
      bases.set(id, product.current_version);
      console.log(`${green('↓')} ${file} (v${product.current_version})`);
    }
  } finally {
    // The files written before a failure are in sync with their versions all the same.
    bases.save();
  }
  console.log(bold(`${products.length} pulled from store ${options.store}`));
  return EXIT.OK;
}
