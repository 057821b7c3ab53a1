// README.md's examples run as written: every `curl` line of its sh blocks is replayed through the app, in order,
// with the variables the blocks set, and each answer must succeed and match the `# {…}` line that follows it.
import { env } from 'cloudflare:workers';
import type { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import readme from '../../README.md?raw';
import type { CreatedApiKey } from '../../src/api/admin/api-keys';
import { DEFAULT_PERMISSIONS, PERMISSIONS } from '../../src/api/permissions';
import { sha256Hex } from '../../src/keys/secret';
import { putKeyRecord } from '../../src/keys/store';
import { ADMIN_TOKEN, admin, call, saveProduct } from '../helpers';

const examples = import.meta.glob<string>('../../examples/*.cpq', { query: '?raw', import: 'default', eager: true });
const exampleFile = (path: string) => {
  const found = Object.entries(examples).find(([p]) => p.endsWith(`/${path}`));
  if (!found) throw new Error(`README names ${path}, which is not in examples/`);
  return found[1];
};

type Word = { text: string; jqSchemaOf?: string };
interface Command {
  words: Word[];
  expect?: string;
}

/** The small part of sh the README uses: quotes, $VAR, line continuations, comments and one jq substitution. */
function commands(block: string): Command[] {
  const out: Command[] = [];
  let words: Word[] = [];
  let word: string | null = null;
  let i = 0;
  const end = () => {
    if (word !== null) words.push({ text: word });
    word = null;
  };
  const finish = () => {
    end();
    if (words.length) out.push({ words });
    words = [];
  };
  while (i < block.length) {
    const ch = block[i]!;
    if (ch === '\\' && block[i + 1] === '\n') i += 2;
    else if (ch === '\n') {
      finish();
      i += 1;
    } else if (ch === ' ' || ch === '\t') {
      end();
      i += 1;
    } else if (ch === '#' && word === null) {
      const stop = block.indexOf('\n', i);
      const comment = block.slice(i + 1, stop < 0 ? undefined : stop).trim();
      const last = out[out.length - 1];
      if (!words.length && last && last.expect === undefined && comment.startsWith('{')) last.expect = comment;
      i = stop < 0 ? block.length : stop;
    } else if (ch === "'") {
      const stop = block.indexOf("'", i + 1);
      word = (word ?? '') + block.slice(i + 1, stop);
      i = stop + 1;
    } else if (ch === '"') {
      let j = i + 1;
      let text = '';
      while (block[j] !== '"') {
        if (block[j] === '\\' && ['"', '\\', '$'].includes(block[j + 1]!)) j += 1;
        text += block[j];
        j += 1;
      }
      word = `${word ?? ''}\u0000Q${text}\u0000`;
      i = j + 1;
    } else if (block.startsWith('@<(jq -Rs ', i)) {
      const stop = block.indexOf(')', i);
      const file = block.slice(i, stop).split(' ').pop()!;
      end();
      words.push({ text: '', jqSchemaOf: file });
      i = stop + 1;
    } else {
      word = (word ?? '') + ch;
      i += 1;
    }
  }
  finish();
  return out;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL marks quoted spans the tokenizer set aside.
const QUOTE_MARKS = /\u0000Q?/g;
const expand = (text: string, vars: Map<string, string>) =>
  text.replace(/\$\{?([A-Z_]+)\}?/g, (_, name: string) => vars.get(name) ?? '').replace(QUOTE_MARKS, '');
/** Single-quoted text is never expanded: quotes of the other kind mark the expandable parts. */
const expandWord = (text: string, vars: Map<string, string>) =>
  text.includes('$') ? expand(text, vars) : text.replace(QUOTE_MARKS, '');

function toRequest(cmd: Command, vars: Map<string, string>): { path: string; init: RequestInit } {
  const args = cmd.words.slice(1);
  const headers = new Headers();
  let method: string | undefined;
  let body: string | undefined;
  let url = '';
  for (let k = 0; k < args.length; k += 1) {
    const arg = expandWord(args[k]!.text, vars);
    if (arg === '-H') headers.append(...(expandWord(args[++k]!.text, vars).split(/:\s*/, 2) as [string, string]));
    else if (arg === '-X') method = args[++k]!.text;
    else if (arg === '-d' || arg === '--data-binary') {
      const data = args[++k]!;
      if (data.jqSchemaOf) body = JSON.stringify({ schema: exampleFile(data.jqSchemaOf) });
      else {
        const value = expandWord(data.text, vars);
        body = value.startsWith('@') ? exampleFile(value.slice(1).replace(/^examples\//, '')) : value;
      }
    } else url = arg;
  }
  const path = url.replace(/^https?:\/\/[^/]+/, '').replace('key_…', vars.get('LAST_KEY_ID') ?? 'key_…');
  return {
    path,
    init: { method: method ?? (body === undefined ? 'GET' : 'POST'), headers, ...(body === undefined ? {} : { body }) },
  };
}

/** `# {…}` after a command: exact JSON when it is JSON, otherwise every key it names must be in the answer. */
function checkExpectation(expected: string, text: string) {
  try {
    expect(JSON.parse(text)).toEqual(JSON.parse(expected));
  } catch (e) {
    if (!expected.includes('…')) throw e;
    for (const [, key] of expected.matchAll(/"([a-z_]+)":/g)) expect(text, `README promises "${key}"`).toContain(`"${key}":`);
  }
}

async function replay(block: string, vars: Map<string, string>) {
  const answers: { cmd: string; status: number; body: string }[] = [];
  for (const cmd of commands(block)) {
    const first = cmd.words[0]!.text;
    const assignment = /^([A-Z_]+)=(.*)$/s.exec(first);
    if (assignment) {
      // A variable this run was given (another key, the test's admin token) keeps its value.
      if (!vars.has(assignment[1]!)) vars.set(assignment[1]!, expandWord(assignment[2]!, vars));
      continue;
    }
    expect(first).toBe('curl');
    const { path, init } = toRequest(cmd, vars);
    const res = await call(path, init);
    const body = await res.text();
    const line = `${init.method} ${path}`;
    expect(res.status, `${line}: ${body.slice(0, 300)}`).toBeLessThan(300);
    if (cmd.expect) checkExpectation(cmd.expect, body);
    const id = /"id":"(key_[^"]+)"/.exec(body)?.[1];
    if (id) vars.set('LAST_KEY_ID', id);
    answers.push({ cmd: line, status: res.status, body });
  }
  return answers;
}

const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => b.includes('curl '));

/** The demo store as `npm run dev` seeds it: plan pro, every example product, the demo key with every permission. */
async function seedDemo() {
  if ((await admin('GET', '/stores/demo')).status === 200) return;
  expect((await admin('POST', '/stores', { id: 'demo', name: 'Demo', plan: 'pro' })).status).toBe(201);
  for (const [path, source] of Object.entries(examples)) {
    expect(
      (
        await saveProduct(
          'demo',
          path
            .split('/')
            .pop()!
            .replace(/\.cpq$/, ''),
          source,
        )
      ).status,
    ).toBe(201);
  }
  const demoKey = /KEY=(cpq_\w+)/.exec(readme)![1]!;
  await putKeyRecord(env.KEYS, await sha256Hex(demoKey), {
    keyId: 'key_demo',
    storeId: 'demo',
    permissions: [...PERMISSIONS],
    plan: 'pro',
  });
}

describe("README's examples", () => {
  it('has the API and the admin blocks', () => expect(blocks).toHaveLength(2));

  it('the API block runs as written with the demo key, * including the internal groups', async () => {
    await seedDemo();
    const answers = await replay(blocks[0]!, new Map());
    const calc = JSON.parse(answers.find((a) => a.cmd.includes('/v1/calculate'))!.body);
    expect(Object.keys(calc.result.groups)).toContain('bom');
    expect(calc.withheld_groups).toEqual([]);
  });

  it('the API block runs as written with a key created as the admin block shows', async () => {
    await seedDemo();
    const created = /api-keys -d '(\{[^']*\})'/.exec(blocks[1]!)![1]!;
    const res = await admin('POST', '/stores/demo/api-keys', JSON.parse(created));
    const { key, permissions } = await res.json<z.infer<typeof CreatedApiKey>>();
    expect(permissions).not.toContain('production:read');
    expect(permissions).toEqual(expect.arrayContaining(DEFAULT_PERMISSIONS));
    const answers = await replay(blocks[0]!, new Map([['KEY', key]]));
    const calc = JSON.parse(answers.find((a) => a.cmd.includes('/v1/calculate'))!.body);
    expect(Object.keys(calc.result.groups)).not.toContain('bom');
    expect(calc.withheld_groups).toEqual(['bom']);
  });

  it('the admin block runs as written, in order', async () => {
    await seedDemo();
    expect(blocks[1]).toContain("ADMIN='Authorization: Bearer dev-admin-token'");
    const vars = new Map([
      ['BASE', 'http://127.0.0.1:8787/api'],
      ['ADMIN', `Authorization: Bearer ${ADMIN_TOKEN}`],
    ]);
    const answers = await replay(blocks[1]!, vars);
    expect(answers.length).toBeGreaterThan(15);
  });
});
