// A V8 CPU profile of the worker (Profiler.stop's answer) summed by function and by module: self time (the
// function on top of the stack) and total time (anywhere on it), skipping idle samples.

interface CallFrame {
  functionName: string;
  url: string;
  scriptId: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The module each line of a bundled script belongs to, from the `// path` comments esbuild writes before each. */
function moduleOfLine(source: string): (line: number) => string {
  const starts: [number, string][] = [];
  source.split('\n').forEach((text, i) => {
    const m = /^\/\/ ((?:src|node_modules|bench|grammar|\.\.)\/\S+\.[cm]?[jt]sx?|\S+\.[cm]?[jt]s)$/.exec(text);
    if (m?.[1]) starts.push([i, m[1].replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/')]);
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = '(bundle preamble)';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [start, name] = starts[mid] as [number, string];
      if (start <= line) {
        found = name;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** node_modules/hono/dist/… → hono; src/keys/store.ts stays as it is. */
function packageOf(module: string): string {
  const parts = module.split('/');
  if (parts[0] !== 'node_modules') return module;
  return (parts[1]?.startsWith('@') ? parts.slice(1, 3).join('/') : parts[1]) ?? module;
}

interface Summary {
  /** Non-idle sampled time (µs) and the time of each function and module, self and total (with callees). */
  busyUs: number;
  functions: Map<string, { self: number; total: number }>;
  modules: Map<string, { self: number; total: number }>;
}

/** `send` asks the inspector for a script's source, to tell its modules apart. */
export async function summarise(profile: Profile, send: <T>(m: string, p?: object) => Promise<T>): Promise<Summary> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const modulesOf = new Map<string, (line: number) => string>();
  const moduleOf = async (f: CallFrame): Promise<string> => {
    if (f.url === '' || f.scriptId === '0') return f.functionName.startsWith('(') ? f.functionName : '(native)';
    let lookup = modulesOf.get(f.scriptId);
    if (!lookup) {
      const { scriptSource } = await send<{ scriptSource: string }>('Debugger.getScriptSource', { scriptId: f.scriptId }).catch(
        () => ({ scriptSource: '' }),
      );
      lookup = moduleOfLine(scriptSource);
      modulesOf.set(f.scriptId, lookup);
    }
    const m = lookup(f.lineNumber);
    return m === '(bundle preamble)' ? f.url.split('/').pop() || f.url : packageOf(m);
  };
  const nodeModule = new Map<number, string>();
  const nodeFunction = new Map<number, string>();
  for (const n of profile.nodes) {
    const module = await moduleOf(n.callFrame);
    nodeModule.set(n.id, module);
    nodeFunction.set(n.id, `${n.callFrame.functionName || '(anonymous)'} ${module}:${n.callFrame.lineNumber + 1}`);
  }
  const functions = new Map<string, { self: number; total: number }>();
  const modules = new Map<string, { self: number; total: number }>();
  const add = (map: Map<string, { self: number; total: number }>, key: string, self: number, total: number) => {
    const e = map.get(key) ?? { self: 0, total: 0 };
    e.self += self;
    e.total += total;
    map.set(key, e);
  };
  let busyUs = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i + 1] ?? 0; // a sample's delta is the time until the next one
    const name = byId.get(id)?.callFrame.functionName;
    if (name === '(idle)') return;
    busyUs += dt;
    // Self time goes to the top frame; total time once to each function and module on the stack, however often
    // it recurs.
    const seenF = new Set<string>();
    const seenM = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      if (byId.get(at)?.callFrame.functionName === '(root)') break;
      const f = nodeFunction.get(at) as string;
      const m = nodeModule.get(at) as string;
      if (!seenF.has(f)) add(functions, f, at === id ? dt : 0, dt);
      if (!seenM.has(m)) add(modules, m, at === id ? dt : 0, dt);
      seenF.add(f);
      seenM.add(m);
    }
  });
  return { busyUs, functions, modules };
}
