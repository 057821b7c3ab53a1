import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// Runs scripts/check-architecture.mjs as CI does, on small trees written for each case.
const SCRIPT = resolve('scripts/check-architecture.mjs');
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function check(files: Record<string, string>): { status: number; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'arch-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  try {
    return { status: 0, output: execFileSync(process.execPath, [SCRIPT, root], { encoding: 'utf8', stdio: 'pipe' }) };
  } catch (err) {
    const e = err as { status: number; stderr: string };
    return { status: e.status, output: e.stderr };
  }
}

describe('scripts/check-architecture.mjs', () => {
  it('passes this repository', () => {
    const res = execFileSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
    expect(res).toMatch(
      /no import cycles \(type imports included\); the database only from src\/db\/ and the services; the layers and the language/,
    );
  });

  it('fails on an import cycle and names it', () => {
    const res = check({
      'src/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'src/b.ts': "import { c } from './deep/c';\nexport const b = c;\n",
      'src/deep/c.ts': "import { a } from '../a';\nexport const c = a;\n",
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain('import cycle: src/a.ts -> src/b.ts -> src/deep/c.ts -> src/a.ts');
  });

  it('counts a dynamic import, and a re-export, as an edge', () => {
    expect(
      check({ 'src/a.ts': "export { b } from './b';\n", 'src/b.ts': "export const b = () => import('./a');\n" }).status,
    ).toBe(1);
  });

  it('ignores comments and template text', () => {
    const res = check({
      'src/a.ts': "import type { B } from './b';\nimport { type B2 } from './b';\nexport type A = B | B2;\n",
      'src/b.ts':
        "// import { a } from './a';\nexport const js = `import { a } from './a';`;\n/* import type { A } from './a'; */\nexport type B = string;\nexport type B2 = number;\n",
    });
    expect(res).toEqual({ status: 0, output: expect.stringMatching(/no import cycles/) });
  });

  it('fails on a cycle of type-only imports, anywhere in src/', () => {
    const res = check({
      'src/env.ts': "import type { Ahead } from './configurator/ahead';\nexport interface Env { ahead: Ahead }\n",
      'src/configurator/ahead.ts':
        "import type { Env } from '../env';\nimport { type Cap } from '../http/guards';\nexport type Ahead = (e: Env) => Cap;\n",
      'src/http/guards.ts': "import type { Env } from '../env';\nexport type Cap = number;\nexport type G = Env;\n",
      'src/lang/configure/index.ts': "import type { Answer } from './answer';\nexport type Reason = string;\n",
      'src/lang/configure/answer.ts': "import type { Reason } from './index';\nexport type Answer = Reason[];\n",
    });
    expect(res.status).toBe(1);
    const lines = res.output.split('\n').filter((l) => l.startsWith('import cycle'));
    expect(lines).toEqual([
      'import cycle: src/configurator/ahead.ts -> src/env.ts -> src/configurator/ahead.ts (one loop of 3 modules tied together)',
      'import cycle: src/lang/configure/answer.ts -> src/lang/configure/index.ts -> src/lang/configure/answer.ts',
    ]);
  });

  it('allows drizzle-orm only in src/db/, src/<concept>/service.ts and the files of src/<concept>/service/', () => {
    const allowed = check({
      'src/db/client.ts': "import { drizzle } from 'drizzle-orm/d1';\nexport { drizzle };\n",
      'src/stores/service.ts': "import { eq } from 'drizzle-orm';\nexport { eq };\n",
      'src/quotes/service/store.ts': "import { eq } from 'drizzle-orm';\nexport { eq };\n",
    });
    expect(allowed.status).toBe(0);
    const res = check({
      'src/routes/stores.ts': "import { eq } from 'drizzle-orm';\nexport { eq };\n",
      'src/limits/middleware.ts': "\n\nimport { drizzle } from 'drizzle-orm/d1';\nexport { drizzle };\n",
      'src/quotes/service/deeper/store.ts': "import { eq } from 'drizzle-orm';\nexport { eq };\n",
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain("src/quotes/service/deeper/store.ts:1: imports 'drizzle-orm'");
    expect(res.output).toContain("src/limits/middleware.ts:3: imports 'drizzle-orm/d1'");
    expect(res.output).toContain("src/routes/stores.ts:1: imports 'drizzle-orm'");
  });

  it('allows src/db/client.ts and src/db/schema.ts only there too, and other src/db modules anywhere', () => {
    const db = {
      'src/db/client.ts': 'export const database = 1;\n',
      'src/db/schema.ts': 'export const stores = 1;\n',
      'src/db/time.ts': 'export const iso = 1;\n',
      'src/keys/service.ts':
        "import { database } from '../db/client';\nimport { stores } from '../db/schema';\nexport { database, stores };\n",
    };
    const fine = "import { iso } from '../db/time';\nimport type { stores } from '../db/schema';\n";
    expect(check({ ...db, 'src/routes/a.ts': fine }).status).toBe(0);
    const res = check({
      ...db,
      'src/routes/a.ts': "import { database } from '../db/client';\nimport { stores } from '../db/schema.ts';\n",
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain("src/routes/a.ts:1: imports '../db/client'");
    expect(res.output).toContain("src/routes/a.ts:2: imports '../db/schema.ts'");
  });

  it('fails on an import against the layers, value or type-only, and names the layers', () => {
    const res = check({
      'src/lang/ir.ts': "import type { Body } from '../api/body';\nexport type Ir = Body;\n",
      'src/api/body.ts': "import { serve } from '../products/serve';\nexport const Body = serve;\nexport type Body = string;\n",
      'src/products/serve.ts': "import type { Req } from '../routes/v1/req';\nexport const serve = (r: Req) => r;\n",
      'src/routes/v1/req.ts': "import { app } from '../../app';\nexport type Req = typeof app;\n",
      'src/app.ts': 'export const app = 1;\n',
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain("src/lang/ir.ts:1: imports '../api/body'; the lang layer may not import the api layer");
    expect(res.output).toContain(
      "src/api/body.ts:1: imports '../products/serve'; the api layer may not import the services layer",
    );
    expect(res.output).toContain(
      "src/products/serve.ts:1: imports '../routes/v1/req'; the services layer may not import the routes layer",
    );
    expect(res.output).toContain("src/routes/v1/req.ts:1: imports '../../app'; the routes layer may not import the app layer");
    expect(res.output).toContain('lang ← api ← services ← routes ← app');
  });

  it('allows every import that points down the layers', () => {
    const res = check({
      'src/lang/ir.ts': 'export type Ir = string;\n',
      'src/api/body.ts': "import type { Ir } from '../lang/ir';\nexport type Body = Ir;\n",
      'src/errors.ts': 'export const E = 1;\n',
      'src/products/serve.ts':
        "import type { Body } from '../api/body';\nimport { E } from '../errors';\nexport const serve = (b: Body) => b + E;\n",
      'src/routes/v1/req.ts': "import { serve } from '../../products/serve';\nexport const req = serve;\n",
      'src/backoffice/page.ts': "import { serve } from '../products/serve';\nexport const page = serve;\n",
      'src/app.ts':
        "import { page } from './backoffice/page';\nimport { req } from './routes/v1/req';\nexport const app = [page, req];\n",
      'src/cli/main.ts': "import { app } from '../app';\nexport const main = app;\n",
      'src/browser/x/main.ts': "import type { Ir } from '../../lang/ir';\nexport type X = Ir;\n",
    });
    expect(res).toEqual({ status: 0, output: expect.stringMatching(/the layers and the language stages point one way/) });
  });

  it('keeps the pages off the routes: they read the wire contract and call the admin API they are handed', () => {
    const res = check({
      'src/routes/admin/products.ts': 'export type ProductDetail = string;\n',
      'src/backoffice/types.ts':
        "import type { ProductDetail } from '../routes/admin/products';\nexport type P = ProductDetail;\n",
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain("src/backoffice/types.ts:1: imports '../routes/admin/products'; pages import the wire contract");
  });

  it('keeps browser code to itself and the language', () => {
    const res = check({
      'src/api/body.ts': 'export const Body = 1;\n',
      'src/browser/x/main.ts': "import { Body } from '../../api/body';\nexport const x = Body;\n",
      'src/routes/embed.ts': "import type { x } from '../browser/x/main';\nexport type E = typeof x;\n",
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain("src/browser/x/main.ts:1: imports '../../api/body'; browser code may import only");
    expect(res.output).toContain("src/routes/embed.ts:1: imports '../browser/x/main'; only browser code may import src/browser/");
  });

  it('keeps the key check and the rate limiter apart, type-only too, while both may reach src/access/', () => {
    const res = check({
      'src/access/names.ts': "export const storeObjectName = (id: string) => 'store:' + id;\n",
      'src/keys/verify.ts': "import type { Tier } from '../limits/budgets';\nexport type V = Tier;\n",
      'src/limits/budgets.ts':
        "import { storeObjectName } from '../access/names';\nexport type Tier = 'free';\nexport const n = storeObjectName;\n",
      'src/limits/middleware.ts': "import { verify } from '../keys/revocations';\nexport const m = verify;\n",
      'src/keys/revocations.ts': "import { storeObjectName } from '../access/names';\nexport const verify = storeObjectName;\n",
    });
    expect(res.status).toBe(1);
    const lines = res.output.split('\n').filter((l) => l.includes('import nothing of each other'));
    expect(lines.map((l) => l.split(':')[0])).toEqual(['src/keys/verify.ts', 'src/limits/middleware.ts']);
  });

  it('fails when a language stage imports a later one, type-only too', () => {
    const res = check({
      'src/lang/syntax/ast.ts': 'export type Ast = string;\n',
      'src/lang/check/index.ts':
        "import type { Ast } from '../syntax/ast';\nimport type { Run } from '../runtime/run';\nexport type C = Ast | Run;\n",
      'src/lang/runtime/run.ts':
        "import { configure } from '../configure/index';\nexport type Run = string;\nexport const run = configure;\n",
      'src/lang/configure/index.ts': 'export const configure = 1;\n',
    });
    expect(res.status).toBe(1);
    expect(res.output).toContain(
      "src/lang/check/index.ts:2: imports '../runtime/run'; the check stage may not import the later runtime stage",
    );
    expect(res.output).toContain(
      "src/lang/runtime/run.ts:1: imports '../configure/index'; the runtime stage may not import the later configure stage",
    );
    expect(res.output).not.toContain('syntax/ast');
  });

  it('lets the field-type records take only types from the checker, which reads them: no cycle check ↔ fields', () => {
    const files = {
      'src/lang/check/props.ts': 'export type Props = Map<string, string>;\nexport const readLiteral = (s: string) => s;\n',
      'src/lang/fields/registry.ts': "import { text } from './text';\nexport const FIELD_TYPES = { text };\n",
      'src/lang/check/fields.ts': "import { FIELD_TYPES } from '../fields/registry';\nexport const types = FIELD_TYPES;\n",
    };
    const typesOnly = check({
      ...files,
      'src/lang/fields/text.ts': "import type { Props } from '../check/props';\nexport const text = (p: Props) => p;\n",
    });
    expect(typesOnly.status, typesOnly.output).toBe(0);
    const value = check({
      ...files,
      'src/lang/fields/text.ts':
        "import type { Props } from '../check/props';\nimport { readLiteral } from '../check/props';\nexport const text = (p: Props) => readLiteral(String(p));\n",
    });
    expect(value.status).toBe(1);
    expect(value.output).toContain(
      "src/lang/fields/text.ts:2: imports '../check/props'; src/lang/fields/ may import only types from src/lang/check/",
    );
  });
});
