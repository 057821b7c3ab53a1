// Replaces re2js (about 150 KB) in the browser bundles (scripts/build-browser.mjs aliases it): the configurator runs
// the server's value checks (src/lang/logic-ops.ts) but not text patterns. Trying one throws, and the form's state
// rules treat a condition that throws as holding, so the server's answer, a debounce later, decides instead. A
// backtracking RegExp is not used in its place: an author's pattern must not be able to freeze a buyer's tab.

export class RE2JSException extends Error {}

export class RE2JS {
  static compile(_pattern: string): RE2JS {
    return new RE2JS();
  }

  programSize(): number {
    return 0;
  }

  testExact(_input: string): boolean {
    throw new Error('text patterns are checked by the server');
  }
}
