// Completion for the schema language: what is valid at the cursor, from the language's vocabulary (keywords,
// field types, each block's properties, functions) and from what the schema declares (fields, lets, tables,
// groups, translation keys, a choice field's option ids and attributes; in `list_prices`, what may be a list price).
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import { vocabulary } from '../../generated/vocabulary';
import { blocksAt, symbolsOf } from './symbols';

const WORD_OPERATORS = vocabulary.operators.filter((o) => /^[a-z]/.test(o));
const EXPRESSION_WORDS = ['if', 'then', 'else', ...WORD_OPERATORS, 'not', 'in', 'true', 'false', 'when'].filter((w) =>
  vocabulary.keywords.includes(w),
);
const PRICE_WORDS = ['line', 'surcharge'].filter((w) => vocabulary.keywords.includes(w));

const words = (list: readonly string[], type: string, detail?: string): Completion[] =>
  list.map((label) => (detail ? { label, type, detail } : { label, type }));

/** The properties a block accepts, from the words that opened it and the blocks around it. */
function blockProperties(stack: string[][]): string[] | null {
  const top = stack[stack.length - 1];
  const outer = stack[0];
  if (!top || !outer) return null;
  const decl = outer[0];
  if (stack.length === 1) {
    if (decl === 'product') return vocabulary.blocks.product;
    if (decl === 'group') return vocabulary.blocks.group;
    if (decl === 'output') return vocabulary.blocks.output;
    if (decl === 'error' || decl === 'warning') return vocabulary.blocks.rule;
    if (decl === 'price') return [...vocabulary.blocks.price, ...PRICE_WORDS];
    if (decl === 'test') return vocabulary.blocks.test;
    if (decl === 'field') return vocabulary.fieldTypes[outer[3] ?? ''] ?? null;
    if (decl === 'table') return vocabulary.tableKinds[outer[3] ?? ''] ?? null;
    return null;
  }
  if (decl === 'product' && stack.length === 2 && top[0] === 'quantity') return vocabulary.blocks.quantity;
  return null;
}

/** How far back a `list_prices: [` may open before the cursor (a list of some hundred names). */
const LIST_LOOKBACK = 4000;

/** Whether the cursor is inside the product's `list_prices: [ … ]` (approximate: the checker is the judge). */
function inListPrices(ctx: CompletionContext): boolean {
  const text = ctx.state.doc.sliceString(Math.max(0, ctx.pos - LIST_LOOKBACK), ctx.pos);
  const at = text.lastIndexOf('list_prices');
  return at >= 0 && /^list_prices\s*:\s*\[[^\]]*$/.test(text.slice(at));
}

/** In `list_prices`: tables, choice fields and option sets (then `.attribute`), and `price.` (then a line). */
function listPriceNames(ctx: CompletionContext, before: string): CompletionResult | null {
  const s = symbolsOf(ctx.state.doc);
  const attr = /([A-Za-z_]\w*)\.(\w*)$/.exec(before);
  if (attr) {
    const [, owner = '', typed = ''] = attr;
    const from = ctx.pos - typed.length;
    if (owner === 'price') return { from, options: words(s.lines, 'property', 'price line'), validFor: /^\w*$/ };
    const holder = s.sets.get(owner) ?? s.fields.get(owner);
    if (!holder) return null;
    return { from, options: words(holder.attributes, 'property', 'option attribute'), validFor: /^\w*$/ };
  }
  const typed = ctx.matchBefore(/[A-Za-z_]\w*/);
  if (!typed && !ctx.explicit) return null;
  const choice = [...s.fields].filter(([, f]) => f.options.length > 0 && f.set === undefined).map(([name]) => name);
  return {
    from: typed ? typed.from : ctx.pos,
    options: [
      ...words(s.tables, 'function', 'table'),
      ...words(choice, 'variable', 'choice field: .attribute'),
      ...words([...s.sets.keys()], 'namespace', 'option set: .attribute'),
      { label: 'price', type: 'keyword', detail: 'price.line' },
    ],
    validFor: /^\w*$/,
  };
}

function optionIds(ctx: CompletionContext, field: string, typed: string): CompletionResult | null {
  const f = symbolsOf(ctx.state.doc).fields.get(field);
  if (!f || f.options.length === 0) return null;
  return { from: ctx.pos - typed.length, options: words(f.options, 'enum', `option of ${field}`), validFor: /^\w*$/ };
}

export function completeSchema(ctx: CompletionContext): CompletionResult | null {
  // Nothing to complete in a comment (and a list of every declared name, filtered on each keystroke, costs).
  if (syntaxTree(ctx.state).resolveInner(ctx.pos, -1).name === 'comment') return null;
  const line = ctx.state.doc.lineAt(ctx.pos);
  const before = line.text.slice(0, ctx.pos - line.from);
  // Inside a string: option ids after `field ==`, `field !=`, `field in [` and a choice field's `default:`.
  const compared =
    /([A-Za-z_]\w*)\s*(?:==|!=)\s*"(\w*)$/.exec(before) ?? /([A-Za-z_]\w*)\s+(?:not\s+)?in\s*\[[^\]]*"(\w*)$/.exec(before);
  if (compared) return optionIds(ctx, compared[1]!, compared[2]!);
  const def = /^\s*default\s*:\s*"(\w*)$/.exec(before);
  if (def) {
    const outer = blocksAt(ctx.state.doc, ctx.pos)[0];
    return outer?.[0] === 'field' && outer[1] ? optionIds(ctx, outer[1], def[1]!) : null;
  }
  if (inListPrices(ctx)) return listPriceNames(ctx, before);
  const key = /@(\w*)$/.exec(before);
  if (key) {
    const keys = symbolsOf(ctx.state.doc).translationKeys;
    return { from: ctx.pos - key[1]!.length, options: words(keys, 'constant', 'translation key'), validFor: /^\w*$/ };
  }
  const attr = /([A-Za-z_]\w*)\.(\w*)$/.exec(before);
  if (attr) {
    const f = symbolsOf(ctx.state.doc).fields.get(attr[1]!);
    if (!f) return null;
    return { from: ctx.pos - attr[2]!.length, options: words(f.attributes, 'property', 'option attribute'), validFor: /^\w*$/ };
  }
  const typed = ctx.matchBefore(/[A-Za-z_]\w*/);
  if (!typed && !ctx.explicit) return null;
  const from = typed ? typed.from : ctx.pos;
  const head = before.slice(0, from - line.from);
  const result = (options: Completion[]): CompletionResult => ({ from, options, validFor: /^\w*$/ });

  // Declaration heads.
  if (/^field\s+\w+\s*:\s*$/.test(head)) return result(words(Object.keys(vocabulary.fieldTypes), 'type', 'field type'));
  if (/^table\s+\w+\s*:\s*$/.test(head)) return result(words(Object.keys(vocabulary.tableKinds), 'type', 'table kind'));
  if (/^field\s+\w+\s*:\s*\w+\s+in\s+$/.test(head)) return result(words(symbolsOf(ctx.state.doc).groups, 'namespace', 'group'));
  if (/^field\s+\w+\s*:\s*\w+\s+$/.test(head)) return result([{ label: 'in', type: 'keyword' }]);
  if (/^output\s+\w+\s+$/.test(head)) return result(words(['internal', 'public'], 'keyword'));
  if (/^\s*layout\s*:\s*$/.test(head)) return result(words(vocabulary.values.layout, 'enum', 'layout'));
  if (/^\s*lookup\s*:\s*$/.test(head)) return result(words(vocabulary.values.lookup, 'enum', 'lookup'));
  if (/^\s*adjust\s*:\s*$/.test(head)) return result(words(vocabulary.values.adjust, 'enum', 'adjust'));

  const stack = blocksAt(ctx.state.doc, ctx.pos);
  if (stack.length === 0 && /^\s*$/.test(head)) return result(words(vocabulary.declarations, 'keyword', 'declaration'));
  // Outside blocks, only a let's value (and the lines it continues onto) is an expression.
  if (stack.length === 0 && !/^let\s+\w+\s*=|^\s+\S/.test(head)) return null;
  // The start of an entry: a property of the enclosing block.
  if (/(^|[{,])\s*$/.test(head)) {
    const props = blockProperties(stack);
    if (props) return result(words(props, 'property'));
  }
  // Anywhere else: an expression.
  const s = symbolsOf(ctx.state.doc);
  return result([
    ...[...s.fields.entries()].map(([label, f]) => ({ label, type: 'variable', detail: `${f.type} field` })),
    ...words(s.lets, 'variable', 'let'),
    ...words(s.tables, 'function', 'table'),
    { label: 'quantity', type: 'variable', detail: 'ordered quantity' },
    ...vocabulary.functions.map((f) => ({ label: f.name, type: 'function', detail: f.usage, info: f.doc })),
    ...words(EXPRESSION_WORDS, 'keyword'),
  ]);
}
