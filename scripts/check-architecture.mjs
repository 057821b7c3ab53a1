#!/usr/bin/env node
// CI guard for the layering docs/architecture.md describes:
//  1. no import cycle among the modules of src/, type-only imports included (types flow down, as values do: a module
//     that names another's types depends on it), and a dynamic `import()` counts (it only hides a cycle);
//  2. the database is reached only from src/db/ and the service modules (src/<concept>/service.ts, or the files of
//     src/<concept>/service/ when a concept's storage is split by concern), which own their tables: nothing else imports `drizzle-orm`, src/db/client.ts or src/db/schema.ts. Routes and
//     middleware call a service instead.
//  3. the layers point one way: lang ← api ← services ← routes ← app (LAYERS); the browser code reaches only the
//     language; inside src/lang the stages point forward, syntax ← expand ← check ← compile ← runtime ← configure
//     (STAGES). A type-only import counts here too: a layer that names another's types depends on it.
//  4. verifying a key (src/keys/) and counting requests (src/limits/) import nothing of each other (APART): both
//     reach the store's Durable Object through src/access/, which composes their parts.
//  5. the field-type records take only types from the checker, which reads them (TYPES_ONLY): no cycle check ↔ fields.
// Type-only imports are left out of 2 and 5: TypeScript erases them, so they cannot reach D1, nor run the checker.
// Usage: node scripts/check-architecture.mjs [root]   (root defaults to the repository; src/ is scanned under it)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const DATABASE_ALLOWED = /^src\/(db\/|[\w-]+\/service(\.ts|\/[\w-]+\.ts)$)/;
const DATABASE_MODULES = new Set(['src/db/client.ts', 'src/db/schema.ts']);
const isDrizzle = (specifier) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '/index.ts', '/index.tsx', '/index.js'];

/**
 * The layers of src/, lowest first; a module may import its own layer and the ones below it. The language is a
 * library (re2js and ohm-js only); api is the wire contract (zod schemas, error codes); services own storage and
 * the concepts; routes and pages present them; app mounts everything (the Worker, and the `cpq` command).
 */
export const LAYERS = [
  { name: 'lang', test: /^src\/(lang|generated)\// },
  { name: 'api', test: /^src\/(api\/|errors\.ts$|version\.ts$)/ },
  { name: 'routes', test: /^src\/(routes|backoffice|quote-page|demo|docs)\// },
  { name: 'app', test: /^src\/(app\.ts|index\.ts|cli\/)/ },
  { name: 'services', test: /^src\/(?!browser\/)/ },
];
const LAYER_ORDER = ['lang', 'api', 'services', 'routes', 'app'];
/** Services that stay out of each other's way, value or type (docs/architecture.md, "Keys and rate limits"). */
const APART = [/^src\/keys\//, /^src\/limits\//];
/** Browser code (bundled for browsers) may import only itself and the language. */
const BROWSER = /^src\/browser\//;
const BROWSER_MAY_IMPORT = /^src\/(browser|lang|generated)\//;
/** Server-rendered pages: in the routes layer, beside the routes rather than above them. */
const PAGES = /^src\/(backoffice|quote-page|demo|docs)\//;
/** The language's stages, in pipeline order: a stage may import the ones before it, never one after. */
export const STAGES = ['syntax', 'expand', 'check', 'compile', 'runtime', 'configure'];
/**
 * Folders of src/lang that may import another's types only, as [importer, imported]. The field-type records
 * (fields/) are read by the checker, so their `read` facets are lent the checker's readers (Readers,
 * src/lang/fields/spec.ts) rather than importing them: a value import would close the cycle check ↔ fields.
 */
export const TYPES_ONLY = [['fields', 'check']];

const layerOf = (path) => (BROWSER.test(path) ? 'browser' : LAYERS.find((l) => l.test.test(path))?.name);
const stageOf = (path) => /^src\/lang\/([\w-]+)\//.exec(path)?.[1];
/** Why a value import from one src/ path to another breaks TYPES_ONLY, or undefined when it does not. */
function typesOnlyProblem(from, to) {
  const [a, b] = [stageOf(from), stageOf(to)];
  if (!TYPES_ONLY.some(([importer, imported]) => importer === a && imported === b)) return undefined;
  return `src/lang/${a}/ may import only types from src/lang/${b}/ (it imports ${a}/: a value import closes the cycle ${b} ↔ ${a})`;
}

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The text with comments and template-literal contents blanked, so that only real statements match below. */
function codeOnly(text) {
  let out = '';
  const templates = []; // brace depth at which each open template literal's `${` began
  let depth = 0;
  let i = 0;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (ch === "'" || ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== ch && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '`' || (ch === '}' && templates.length > 0 && templates.at(-1) === depth)) {
      // Inside a template literal until its end or the next `${`.
      if (ch === '}') templates.pop();
      let j = i + 1;
      while (j < text.length && text[j] !== '`' && !(text[j] === '$' && text[j + 1] === '{')) j += text[j] === '\\' ? 2 : 1;
      out += ch + blank(text.slice(i + 1, j));
      if (text[j] === '$') {
        templates.push(depth);
        out += '${';
        i = j + 2;
      } else {
        out += '`';
        i = j + 1;
      }
    } else {
      if (ch === '{') depth += 1;
      else if (ch === '}') depth -= 1;
      out += ch;
      i += 1;
    }
  }
  return out;
}

const STATIC =
  /(?<![\w$.])(import|export)\s+(type\s+)?((?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?|[\w$]+))\s*from\s*(['"])([^'"\n]+)\4/g;
const BARE = /(?<![\w$.])import\s*(['"])([^'"\n]+)\1/g;
const DYNAMIC = /(?<![\w$.])import\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;

/** Whether an import clause brings in only types: `type X`, or braces whose every specifier is `type`. */
function typeOnly(typeKeyword, clause) {
  if (typeKeyword) return true;
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return false;
  const names = braces[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => /^type\s/.test(n));
}

/** The module specifiers a file imports, with the line of each and whether only types come through. */
export function importsOf(text) {
  const code = codeOnly(text);
  const lineAt = (index) => code.slice(0, index).split('\n').length;
  const found = [];
  for (const m of code.matchAll(STATIC)) {
    found.push({ specifier: m[5], line: lineAt(m.index), typeOnly: typeOnly(m[2], m[3]) });
  }
  for (const m of code.matchAll(BARE)) found.push({ specifier: m[2], line: lineAt(m.index), typeOnly: false });
  for (const m of code.matchAll(DYNAMIC)) found.push({ specifier: m[2], line: lineAt(m.index), typeOnly: false });
  return found;
}

function resolveLocal(fromFile, specifier, known) {
  const base = resolve(dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) {
    if (known.has(base + ext)) return base + ext;
  }
  // `./x.js` written for a `./x.ts` file.
  const swapped = base.replace(/\.js$/, '.ts');
  return known.has(swapped) ? swapped : null;
}

/** Strongly connected components of more than one module (or a module importing itself): Tarjan's algorithm. */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indices.get(w)));
    }
    if (low.get(v) === indices.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v).has(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

/** One concrete loop through a component, for the message: follow edges inside it until a module repeats. */
function loopThrough(graph, component) {
  const members = new Set(component);
  const path = [component.sort()[0]];
  for (;;) {
    const nextHop = [...graph.get(path.at(-1))].sort().find((w) => members.has(w));
    const seen = path.indexOf(nextHop);
    if (seen !== -1) return [...path.slice(seen), nextHop];
    path.push(nextHop);
  }
}

/** Why an import from one src/ path to another goes against the layers, or undefined when it does not. */
function layerProblem(from, to) {
  const [a, b] = [layerOf(from), layerOf(to)];
  if (a === 'browser' || b === 'browser') {
    if (a === 'browser' && !BROWSER_MAY_IMPORT.test(to)) return 'browser code may import only src/browser/ and src/lang/';
    if (a !== 'browser') return 'only browser code may import src/browser/ (the Worker serves the bundles)';
    return undefined;
  }
  if (LAYER_ORDER.indexOf(b) > LAYER_ORDER.indexOf(a)) {
    return `the ${a} layer may not import the ${b} layer (${LAYER_ORDER.join(' ← ')})`;
  }
  if (PAGES.test(from) && to.startsWith('src/routes/')) {
    return 'pages import the wire contract (src/api/), not the routes; app.ts hands the backoffice the admin API';
  }
  const [p, q] = [APART.findIndex((r) => r.test(from)), APART.findIndex((r) => r.test(to))];
  if (p !== -1 && q !== -1 && p !== q) {
    return "src/keys/ (verifying a key) and src/limits/ (counting requests) import nothing of each other; both reach the store's object through src/access/";
  }
  const [s, t] = [STAGES.indexOf(stageOf(from)), STAGES.indexOf(stageOf(to))];
  if (s !== -1 && t > s) {
    return `the ${STAGES[s]} stage may not import the later ${STAGES[t]} stage (${STAGES.join(' ← ')})`;
  }
  return undefined;
}

/** Every violation under root/src, as printable lines; empty when the architecture holds. */
export function checkArchitecture(root) {
  const srcDir = join(root, 'src');
  const files = sourceFiles(srcDir);
  const known = new Set(files);
  const rel = (f) => relative(root, f).split(sep).join('/');
  const graph = new Map(files.map((f) => [f, new Set()]));
  const problems = [];
  for (const file of files) {
    const mayUseDatabase = DATABASE_ALLOWED.test(rel(file));
    for (const { specifier, line, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      const target = specifier.startsWith('.') ? resolveLocal(file, specifier, known) : null;
      if (target) {
        const backEdge = layerProblem(rel(file), rel(target));
        if (backEdge) problems.push(`${rel(file)}:${line}: imports '${specifier}'; ${backEdge}`);
        graph.get(file).add(target);
      }
      if (typeOnly) continue;
      const typesOnly = target ? typesOnlyProblem(rel(file), rel(target)) : undefined;
      if (typesOnly) problems.push(`${rel(file)}:${line}: imports '${specifier}'; ${typesOnly}`);
      const database = target ? DATABASE_MODULES.has(rel(target)) : isDrizzle(specifier);
      if (database && !mayUseDatabase) {
        problems.push(
          `${rel(file)}:${line}: imports '${specifier}'; only src/db/ and src/<concept>/service.ts (or service/*.ts) may touch the database`,
        );
      }
    }
  }
  for (const component of cycles(graph)) {
    const loop = loopThrough(graph, component);
    const more = component.length > loop.length - 1 ? ` (one loop of ${component.length} modules tied together)` : '';
    problems.push(`import cycle: ${loop.map(rel).join(' -> ')}${more}`);
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  if (!existsSync(join(root, 'src'))) {
    console.error(`check-architecture: no src/ under ${root}`);
    process.exit(2);
  }
  const problems = checkArchitecture(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`check-architecture: ${problems.length} problem(s); see docs/architecture.md`);
    process.exit(1);
  }
  console.log(
    'check-architecture: no import cycles (type imports included); the database only from src/db/ and the services; the layers and the language stages point one way; the field-type records take only types from the checker',
  );
}
