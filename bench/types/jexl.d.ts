// jexl 2.3 ships without types; only what the benchmark uses.
declare module 'jexl' {
  interface Expression {
    evalSync(context?: Record<string, unknown>): unknown;
  }
  class Jexl {
    addFunction(name: string, fn: (...args: never[]) => unknown): void;
    compile(expression: string): Expression;
  }
  const jexl: Jexl & { Jexl: typeof Jexl };
  export default jexl;
}
