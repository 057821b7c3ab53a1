// First pass: every declared name into its namespace (values, groups, outputs, rules), duplicates and
// reserved names, and what the declarations that did not parse leave behind.

import { functionNamed } from '../functions';
import type {
  ConstraintDecl,
  Decl,
  FieldDecl,
  GroupDecl,
  Ident,
  LetDecl,
  OptionSetDecl,
  OutputDecl,
  PriceDecl,
  ProductDecl,
  RuleDecl,
  Schema,
  TableDecl,
  TestDecl,
  TranslationsDecl,
} from '../syntax/ast';
import type { Ctx, ValueSym } from './context';

export interface Declarations {
  product?: ProductDecl;
  /** A `product` declaration exists but did not parse. */
  brokenProduct: boolean;
  translations: TranslationsDecl[];
  groups: GroupDecl[];
  fields: FieldDecl[];
  lets: LetDecl[];
  tables: TableDecl[];
  price?: PriceDecl;
  outputs: OutputDecl[];
  rules: RuleDecl[];
  constraints: ConstraintDecl[];
  tests: TestDecl[];
  optionSets: OptionSetDecl[];
}

const VALUE_KEYWORDS = new Set(['field', 'let', 'table']);

export function collect(ctx: Ctx, schema: Schema): Declarations {
  const d: Declarations = {
    brokenProduct: false,
    translations: [],
    groups: [],
    fields: [],
    lets: [],
    tables: [],
    outputs: [],
    rules: [],
    constraints: [],
    tests: [],
    optionSets: [],
  };
  for (const b of schema.broken) {
    for (const m of b.mentions) ctx.mentions.add(m);
    if (b.keyword === 'product') d.brokenProduct = true;
    if (b.keyword === 'translations') ctx.brokenTranslations = true;
    if (b.name === undefined) continue;
    if (b.keyword === 'group') ctx.brokenGroups.add(b.name);
    if (b.keyword === 'options') ctx.optionSets.set(b.name, 'broken');
    if (VALUE_KEYWORDS.has(b.keyword) && !ctx.values.has(b.name)) ctx.values.set(b.name, { kind: 'broken' });
  }
  const outputs = new Set<string>();
  const rules = new Set<string>();
  const groups = new Set<string>();
  const optionSets = new Set<string>();
  for (const decl of schema.decls) {
    switch (decl.kind) {
      case 'product':
        if (d.product) duplicate(ctx, decl.keyword, 'the product is declared twice; a schema describes one product');
        else d.product = decl;
        break;
      case 'translations':
        d.translations.push(decl);
        break;
      case 'group':
        if (unique(ctx, groups, decl.id, 'group')) d.groups.push(decl);
        break;
      case 'field':
      case 'let':
      case 'table':
        declareValue(ctx, decl, d);
        break;
      case 'price':
        if (d.price) duplicate(ctx, decl.keyword, 'the price block is declared twice; put every line in one price block');
        else d.price = decl;
        break;
      case 'output':
        if (unique(ctx, outputs, decl.id, 'output group')) d.outputs.push(decl);
        break;
      case 'rule':
        if (unique(ctx, rules, decl.id, 'rule')) d.rules.push(decl);
        break;
      // Constraints share the rules' namespace: both are what `rule` names in errors and reasons.
      case 'constraint':
        if (unique(ctx, rules, decl.id, 'rule')) d.constraints.push(decl);
        break;
      case 'test':
        d.tests.push(decl);
        break;
      case 'options':
        if (unique(ctx, optionSets, decl.id, 'option set')) d.optionSets.push(decl);
        break;
    }
  }
  if (!d.product && !d.brokenProduct) {
    const at = schema.decls[0]?.keyword ?? { line: 1, column: 1, endLine: 1, endColumn: 1, start: 0, end: 0 };
    ctx.diags.add('E_NO_PRODUCT', at, 'the schema has no product declaration; start it with product "Name" { … }');
  }
  return d;
}

function duplicate(ctx: Ctx, at: Ident['span'], message: string): void {
  ctx.diags.add('E_DUPLICATE', at, message);
}

function unique(ctx: Ctx, seen: Set<string>, id: Ident, what: string): boolean {
  if (seen.has(id.name)) {
    duplicate(ctx, id.span, `the ${what} "${id.name}" is declared twice`);
    return false;
  }
  seen.add(id.name);
  return true;
}

function declareValue(ctx: Ctx, decl: Decl & { kind: 'field' | 'let' | 'table' }, d: Declarations): void {
  const { id } = decl;
  if (id.name === 'quantity') {
    ctx.diags.add(
      'E_RESERVED',
      id.span,
      `"quantity" is the built-in ordered quantity; choose another name for this ${decl.kind}`,
    );
    return;
  }
  if (decl.kind === 'table' && functionNamed(id.name)) {
    ctx.diags.add('E_RESERVED', id.span, `"${id.name}" is a built-in function; choose another name for this table`);
    return;
  }
  const existing = ctx.values.get(id.name);
  if (existing && existing.kind !== 'broken') {
    duplicate(ctx, id.span, `the name "${id.name}" is declared twice (fields, lets and tables share one namespace)`);
    return;
  }
  let sym: ValueSym;
  if (decl.kind === 'field') {
    sym = { kind: 'field', decl };
    d.fields.push(decl);
  } else if (decl.kind === 'let') {
    sym = { kind: 'let', decl };
    d.lets.push(decl);
  } else {
    sym = { kind: 'table', decl };
    d.tables.push(decl);
  }
  ctx.values.set(id.name, sym);
}
