// Keywords are reserved: never declared names nor references. Property names (`label`, `min`, `when`, option
// attributes such as `price`) may still be keywords, because a property is always followed by `:`.

export const DECLARATION_KEYWORDS: ReadonlySet<string> = new Set([
  'product',
  'translations',
  'group',
  'field',
  'let',
  'table',
  'price',
  'output',
  'error',
  'warning',
  'constraint',
  'test',
  'options',
  'repeat',
]);

export const KEYWORDS: ReadonlySet<string> = new Set([
  ...DECLARATION_KEYWORDS,
  'if',
  'then',
  'else',
  'and',
  'or',
  'not',
  'in',
  'true',
  'false',
  'when',
  'line',
  'surcharge',
  'internal',
  'public',
]);
