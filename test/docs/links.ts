// What a reader of README.md and docs/ follows in their own clone: markdown links and the repository paths the
// docs name in backticks. Each problem is a line `file: target: why`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Top-level folders whose paths the docs name in backticks (`src/lang/index.ts`); generated ones are left out. */
const TRACKED = /^(?:\.ci|bench|docs|examples|grammar|migrations|scripts|src|test)\//;
const GENERATED = /^src\/generated\//;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2, … */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, text] of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = text!
      .replace(/`/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The text without fenced code blocks, where brackets and backticks are code, not links. */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** A glob's last part (`fast-*.ts`) matched against its folder's entries; other parts are taken literally. */
function exists(root: string, path: string): boolean {
  if (!path.includes('*')) return existsSync(join(root, path));
  const dir = join(root, dirname(path));
  const glob = path.slice(path.lastIndexOf('/') + 1).replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const name = new RegExp(`^${glob.replace(/\*/g, '.*')}$`);
  return existsSync(dir) && readdirSync(dir).some((f) => name.test(f));
}

/** Every problem of one markdown file (`file` relative to `root`). */
export function linkProblems(root: string, file: string, markdown: string): string[] {
  const problems: string[] = [];
  const text = withoutCode(markdown);
  for (const [, target] of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (/^https?:\/\//.test(target!)) continue;
    if (/^[a-z]+:/i.test(target!)) {
      problems.push(`${file}: ${target}: not a web page or a file of the repository`);
      continue;
    }
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const absolute = path === '' ? join(root, file) : resolve(root, dirname(file), path);
    const inside = relative(root, absolute);
    if (path.startsWith('/') || inside.startsWith('..')) {
      problems.push(`${file}: ${target}: outside the repository`);
      continue;
    }
    if (!existsSync(absolute)) {
      problems.push(`${file}: ${target}: no such file`);
      continue;
    }
    const headings = path === '' ? markdown : readFileSync(absolute, 'utf8');
    if (anchor !== undefined && !anchorsOf(headings).has(anchor)) {
      problems.push(`${file}: ${target}: no heading with that anchor`);
    }
  }
  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    if (code!.startsWith('../')) problems.push(`${file}: ${code}: outside the repository`);
    else if (TRACKED.test(code!) && !GENERATED.test(code!) && !/[\s<>{}]/.test(code!) && !exists(root, code!)) {
      problems.push(`${file}: ${code}: no such file`);
    }
  }
  return problems;
}
