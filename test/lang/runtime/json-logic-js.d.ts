// json-logic-js ships no types; the tests only call apply().
declare module 'json-logic-js' {
  const jsonLogic: { apply(logic: unknown, data?: unknown): unknown };
  export default jsonLogic;
}
