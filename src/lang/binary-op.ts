/**
 * The binary operators, by token: exactly the keys of their registry (operators.ts checks it). Named apart from the
 * registry, which holds the runtime's closures, so that the syntax tree and the IR name an operator without
 * importing what evaluates it.
 */
export type BinaryOp = 'and' | 'or' | '==' | '!=' | '<' | '<=' | '>' | '>=' | '+' | '-' | '*' | '/';
