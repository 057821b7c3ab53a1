// Issue 35, item 2: the remote commands given answers this service does not give, or gives only in a race, from a
// stand-in: a plain HTTP server answering the admin API's reads with the ids given, and its saves with `saveAnswer`.
// `cpq pull` writes only `<dir>/<id>.cpq`, whatever ids a server answers (this service checks ids on save, so
// only a server that is not it, or is broken, answers a path); `cpq push` refused by the server's If-Match check
// (a backoffice publish between push's read and its save) exits 5 with the server's reason.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpqAsync, MUG, tempDir } from './cpq';

let ids: string[] = [];
let saveAnswer: { status: number; body: unknown } = { status: 500, body: null };
const conditions: (string | undefined)[] = [];
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const prefix = '/api/admin/stores/shop/products';
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'PUT') {
      conditions.push(req.headers['if-match'] ?? (req.headers['if-none-match'] && `none-match ${req.headers['if-none-match']}`));
      res.statusCode = saveAnswer.status;
      res.end(JSON.stringify(saveAnswer.body));
      return;
    }
    if (path === prefix) {
      const products = ids.map((id) => ({
        external_id: id,
        name: id,
        current_version: 1,
        updated_at: '',
        draft_updated_at: null,
      }));
      res.end(JSON.stringify({ products, drafts: [] }));
      return;
    }
    const id = path.slice(prefix.length + 1);
    res.end(JSON.stringify({ external_id: id, name: id, current_version: 1, content_hash: '', source: MUG, versions: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const pull = (dir: string, cwd: string) =>
  cpqAsync(['pull', '--store', 'shop', dir, '--url', url], cwd, { CPQ_ADMIN_TOKEN: 'any' });

describe('cpq pull confines what it writes to the directory', () => {
  for (const [bad, why] of [
    ['../../escaped', /"\.\.\/\.\.\/escaped", a path out of .* or into a folder: nothing written/],
    ['sub/dir', /"sub\/dir", a path out of .* or into a folder: nothing written/],
    ['-rf', /"-rf", which is not a product id \(letters, digits, .*\): nothing written/],
  ] as const) {
    it(`refuses the id ${bad} with exit 3 and a clear message, writing nothing (not even the good ones)`, async () => {
      const root = tempDir({});
      const dir = join(root, 'a', 'b');
      ids = ['good', bad];
      const run = await pull(dir, root);
      expect(run.stderr).toMatch(new RegExp(`^cpq: the service named a product ${why.source}\\n$`));
      expect(run.stderr).not.toMatch(/\bat \w+ \(/);
      expect(run.code).toBe(3);
      expect(existsSync(dir)).toBe(false);
      expect(readdirSync(root)).toEqual([]);
    });
  }

  it('writes product ids as files directly in the directory, with their base versions', async () => {
    const dir = tempDir({});
    ids = ['mug', 'a.b-c_d'];
    const run = await pull(dir, dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['.cpq-base.json', 'a.b-c_d.cpq', 'mug.cpq']);
  });
});

describe('cpq push when the server refuses the save as made from an older version', () => {
  it('exits 5 with the reason, having sent the base version recorded by the pull as If-Match', async () => {
    const dir = tempDir({});
    ids = ['mug'];
    expect((await pull(dir, dir)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, '.cpq-base.json'), 'utf8'))).toEqual({ shop: { mug: 1 } });
    writeFileSync(join(dir, 'mug.cpq'), MUG.replace('price: 2', 'price: 3').replace('price == 10', 'price == 11'));
    const reason = "Product 'mug' is at version 2, but this save was made from version 1: read it again, merge, and retry";
    saveAnswer = { status: 412, body: { error: reason, code: 'PRECONDITION_FAILED', details: { version: 2 } } };
    const run = await cpqAsync(['push', dir, '--store', 'shop', '--url', url], dir, { CPQ_ADMIN_TOKEN: 'any' });
    expect(conditions).toEqual(['"v1"']);
    expect(run.stderr).toBe(`cpq: publishing shop/mug: ${reason}\n`);
    expect(run.code).toBe(5);
    expect(JSON.parse(readFileSync(join(dir, '.cpq-base.json'), 'utf8'))).toEqual({ shop: { mug: 1 } });
  });
});
