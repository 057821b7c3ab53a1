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
    expect(res).toMatch(/no import cycles; the database only from src\/db\/ and the services/);
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

  it('ignores type-only imports, comments and template text', () => {
    const res = check({
      'src/a.ts': "import type { B } from './b';\nimport { type B2 } from './b';\nexport type A = B | B2;\n",
      'src/b.ts':
        "// import { a } from './a';\nexport const js = `import { a } from './a';`;\nexport type B = string;\nexport type B2 = number;\nimport type { A } from './a';\nexport type C = A;\n",
    });
    expect(res).toEqual({ status: 0, output: expect.stringMatching(/no import cycles/) });
  });

  it('allows drizzle-orm only in src/db/ and src/<concept>/service.ts', () => {
    const allowed = check({
      'src/db/client.ts': "import { drizzle } from 'drizzle-orm/d1';\nexport { drizzle };\n",
      'src/stores/service.ts': "import { eq } from 'drizzle-orm';\nexport { eq };\n",
    });
    expect(allowed.status).toBe(0);
    const res = check({
      'src/routes/stores.ts': "import { eq } from 'drizzle-orm';\nexport { eq };\n",
      'src/limits/middleware.ts': "\n\nimport { drizzle } from 'drizzle-orm/d1';\nexport { drizzle };\n",
    });
    expect(res.status).toBe(1);
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
});
