// Keywords are reserved: never declared names nor references. Property names (`label`, `min`, `when`, option
// attributes such as `price`) may still be keywords, because a property is always followed by `:`.
import { WORD_OPERATORS } from '../operators';

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
  ...WORD_OPERATORS,
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
