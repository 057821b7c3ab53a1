// The editor's problem list (src/browser/editor/diagnostics.ts): the validate answer's notes join its errors and
// warnings as `info`, in source order (issue 44: an analysis note is shown, never as a warning).
import { expect, test } from 'vitest';
import { problemsOf } from '../../src/browser/editor/diagnostics';

const at = (line: number, code: string) => ({ line, column: 1, end_line: line, end_column: 2, code, message: `${code} here` });

test('notes are info, sorted with the errors and warnings by position', () => {
  const problems = problemsOf([at(5, 'E_UNDEFINED')], [at(9, 'W_UNUSED')], [at(2, 'I_SEARCHED')]);
  expect(problems.map((p) => [p.line, p.code, p.severity])).toEqual([
    [2, 'I_SEARCHED', 'info'],
    [5, 'E_UNDEFINED', 'error'],
    [9, 'W_UNUSED', 'warning'],
  ]);
  expect(problemsOf([], []).length).toBe(0);
});
