/// <reference types="vite/client" />
// Golden diagnostics: every case in test/lang/cases/*.json is analyzed and must produce exactly the listed
// diagnostics (code, line, column), in order. A source may be written as an array of lines.
import { describe, expect, it } from 'vitest';
import doc from '../../docs/schema-language.md?raw';
import { analyze, DIAGNOSTIC_CODES, type Diagnostic } from '../../src/lang/index';

interface Case {
  name: string;
  source: string | string[];
  diagnostics: { code: string; line: number; column: number }[];
}

const files = import.meta.glob<Case[]>('./cases/*.json', { import: 'default', eager: true });
const all = Object.values(files).flat();

const sourceOf = (c: Case) => (Array.isArray(c.source) ? c.source.join('\n') : c.source);

function wellFormed(d: Diagnostic): void {
  expect(d.severity).toBe(d.code.startsWith('W_') ? 'warning' : 'error');
  expect(d.message.length).toBeGreaterThan(10);
  expect(d.line).toBeGreaterThanOrEqual(1);
  expect(d.column).toBeGreaterThanOrEqual(1);
  expect(d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column)).toBe(true);
}

for (const [path, cases] of Object.entries(files)) {
  describe(path.slice(path.lastIndexOf('/') + 1), () => {
    for (const c of cases) {
      it(c.name, () => {
        const result = analyze(sourceOf(c));
        expect(result.diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual(c.diagnostics);
        result.diagnostics.forEach(wellFormed);
        const errors = result.diagnostics.some((d) => d.severity === 'error');
        expect(result.ir === null).toBe(errors);
      });
    }
  });
}

it('has a case for every diagnostic code', () => {
  const covered = new Set(all.flatMap((c) => c.diagnostics.map((d) => d.code)));
  expect(DIAGNOSTIC_CODES.filter((code) => !covered.has(code))).toEqual([]);
});

it('the design doc lists exactly the codes the front end emits', () => {
  const table = doc.slice(doc.indexOf('## Diagnostics'));
  const documented = [...table.matchAll(/^\| `([EW]_[A-Z_]+)` \|/gm)].map((m) => m[1]);
  expect(documented.sort()).toEqual([...DIAGNOSTIC_CODES].sort());
});
