// json-logic-js ships no types; the tests call apply() and register the extra operations.
declare module 'json-logic-js' {
  const jsonLogic: {
    apply(logic: unknown, data?: unknown): unknown;
    add_operation(name: string, op: (this: unknown, ...args: unknown[]) => unknown): void;
  };
  export default jsonLogic;
}
