// The schema's own `test "…" { … }` blocks, as validate reports them: how many passed and failed, and each
// failure (an E_TEST_FAILED error at its expect line, also listed with the problems) with its expected and actual
// value. A failing `expect <price or output> == <number>` offers "Use new value", which writes the actual value
// into that expectation (the draft's preview, priced as written, stays beside the list). Hidden while the answer
// has no `tests` (a schema without test blocks, or a server without them).
import type { Text } from '@codemirror/state';
import { type ApiDiagnostic, offsetOf } from './diagnostics';

export interface TestSummary {
  passed: number;
  failed: number;
}

/** An edit of the editor's text: replace [from, to) with insert. */
export interface Edit {
  from: number;
  to: number;
  insert: string;
}

/** How src/lang/run-tests.ts words a number expectation that does not hold (its name, expected and actual). */
const NUMBER_FAILURE = /: expected ([A-Za-z_][\w.]*) == (-?\d+(?:\.\d+)?), got (-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/;
/** The number after `==` in an expect line (bounded: one line, no nested quantifiers). */
const EXPECTED_NUMBER = /==[ \t]*(-?\d+(?:\.\d+)?)/;

/** The failure's expected and actual values, when it is a number expectation. */
export function numberFailure(e: ApiDiagnostic): { name: string; expected: string; actual: string } | null {
  const m = NUMBER_FAILURE.exec(e.message);
  if (!m) return null;
  // The actual value as a schema number: no float noise (4.800000000000001), no exponent.
  const actual = String(Number(Number(m[3]).toPrecision(12)));
  return /e/i.test(actual) ? null : { name: m[1]!, expected: m[2]!, actual };
}

/** The edit that makes the failing expectation at `e` expect `actual`, or null when its line no longer says so. */
export function newValueEdit(doc: Text, e: ApiDiagnostic, expected: string, actual: string): Edit | null {
  if (e.line < 1 || e.line > doc.lines) return null;
  const from = offsetOf(doc, e.line, e.column);
  const line = doc.lineAt(from);
  const m = EXPECTED_NUMBER.exec(line.text.slice(from - line.from));
  if (!m || Number(m[1]) !== Number(expected)) return null;
  const at = from + m.index + m[0].length - m[1]!.length;
  return { from: at, to: at + m[1]!.length, insert: actual };
}

export function showTests(
  summary: TestSummary | undefined,
  errors: readonly ApiDiagnostic[],
  useNewValue: (e: ApiDiagnostic, expected: string, actual: string) => void,
): void {
  const section = document.getElementById('tests');
  const line = document.getElementById('tests-summary');
  const list = document.getElementById('tests-list');
  if (!section || !line || !list) return;
  section.hidden = !summary || summary.passed + summary.failed === 0;
  if (!summary) return;
  line.className = `diag-summary ${summary.failed ? 'has-error' : 'is-clean'}`;
  line.textContent = `${summary.passed} passed, ${summary.failed} failed`;
  list.replaceChildren(
    ...errors
      .filter((e) => e.code === 'E_TEST_FAILED')
      .map((e) => {
        const li = document.createElement('li');
        li.className = 'test-failed';
        const text = document.createElement('span');
        text.textContent = `Line ${e.line}: ${e.message}`;
        li.append(text);
        const failure = numberFailure(e);
        if (failure) {
          const values = document.createElement('span');
          values.className = 'test-values';
          values.textContent = `${failure.name}: expected ${failure.expected}, actual ${failure.actual}`;
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'btn use-new-value';
          button.textContent = 'Use new value';
          button.setAttribute('aria-label', `Use new value ${failure.actual} for ${failure.name} on line ${e.line}`);
          button.addEventListener('click', () => useNewValue(e, failure.expected, failure.actual));
          li.append(values, button);
        }
        return li;
      }),
  );
}
