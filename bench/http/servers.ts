// The servers bench/http measures: `npm run dev` (scripts/dev.mjs: migrations, demo seed, wrangler dev, example
// products) and the bare worker, each started on a free port in its own process group and stopped by that group.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface Server {
  base: string;
  /** The worker's DevTools port (wrangler's inspector proxy) and the process group holding wrangler and workerd. */
  inspector: number;
  group: number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * wrangler dev logs every request through its node process, which on a small machine caps a local worker at a
 * few hundred requests per second; a deployed worker has no such hop, so both servers run without it.
 */
const QUIET = ['--log-level', 'error'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Started {
  stop(): Promise<void>;
  group: number;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    // The negative pid is the process group this script created (wrangler and workerd included).
    process.kill(-child.pid, 'SIGTERM');
    if (await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)])) return;
    process.kill(-child.pid, 'SIGKILL');
    await exited;
  };
}

/**
 * Starts `command` in a new process group, its output going to `log`; resolves once `ready()` answers true,
 * rejects (after stopping it) when it exits first or `timeoutMs` pass.
 */
async function start(
  command: string,
  args: string[],
  log: string,
  ready: (output: string) => Promise<boolean>,
  timeoutMs: number,
  env: Record<string, string> = {},
): Promise<Started> {
  const out = createWriteStream(log);
  const child = spawn(command, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'true', ...env },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      out.write(chunk);
    });
  }
  const stop = stopper(child);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited (${child.exitCode}); see ${log}`);
    if (await ready(output)) return { stop, group: child.pid as number };
    await sleep(250);
  }
  await stop();
  throw new Error(`${command} ${args.join(' ')} was not ready within ${timeoutMs / 1000} s; see ${log}`);
}

/** `npm run dev -- --port P`, ready once it has seeded the example products; `env` as scripts/dev.mjs reads it. */
export async function startDev(logDir: URL, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const inspector = await freePort();
  const started = await start(
    process.execPath,
    ['scripts/dev.mjs', '--port', String(port), '--inspector-port', String(inspector), ...QUIET],
    new URL('dev.log', logDir).pathname,
    async (output) => output.includes('CPQ service ready on'),
    120_000,
    env,
  );
  return { base: `http://127.0.0.1:${port}`, inspector, ...started };
}

/** bench/bare-worker.ts under `wrangler dev -c bench/bare-wrangler.toml`. */
export async function startBare(logDir: URL): Promise<Server> {
  const port = await freePort();
  const inspector = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = await start(
    'node_modules/.bin/wrangler',
    ['dev', '-c', 'bench/bare-wrangler.toml', '--port', String(port), '--inspector-port', String(inspector), ...QUIET],
    new URL('bare.log', logDir).pathname,
    async () =>
      fetch(base).then(
        (r) => r.ok,
        () => false,
      ),
    60_000,
  );
  return { base, inspector, ...started };
}

/** User and system CPU time (µs) of every process in a process group: wrangler and its workerd. */
export function groupCpuUs(group: number): number {
  const tick = 1e6 / 100; // USER_HZ
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command name: state ppid pgrp … utime (14th) stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === group) total += (Number(fields[11]) + Number(fields[12])) * tick;
  }
  return total;
}
