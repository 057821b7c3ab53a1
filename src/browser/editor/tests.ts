// The schema's own `test "…" { … }` blocks, as validate reports them: how many passed and failed, and each
// failure (an E_TEST_FAILED error at its expect line, also listed with the problems). Hidden while the answer
// has no `tests` (a schema without test blocks, or a server without them).
import type { ApiDiagnostic } from './diagnostics';

export interface TestSummary {
  passed: number;
  failed: number;
}

export function showTests(summary: TestSummary | undefined, errors: readonly ApiDiagnostic[]): void {
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
        li.textContent = `Line ${e.line}: ${e.message}`;
        return li;
      }),
  );
}
