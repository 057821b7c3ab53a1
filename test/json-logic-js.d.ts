// json-logic-js ships no types; the tests use it as the reference JSON Logic implementation.
declare module 'json-logic-js' {
  const jsonLogic: {
    apply(logic: unknown, data?: unknown): unknown;
    add_operation(name: string, code: (...args: never[]) => unknown): void;
  };
  export default jsonLogic;
}
