// The words of the language, as an editor offers them: keywords, field types and their properties, table kinds,
// each block's properties, functions, operators. Collected from the registries and the checker's own lists, so the schema
// editor (src/browser/editor/) never keeps a copy. scripts/build-browser.mjs evaluates this module at build time
// into src/generated/vocabulary.ts rather than the editor importing it: the field-type records and the checker's
// modules would come with it (measured: the editor bundle 191 kB gzipped instead of 135 kB, over its 150 kB budget).
import { ADJUST_MODES } from './check/fields';
import { GROUP_PROPS } from './check/groups';
import { OUTPUT_PROPS, RULE_PROPS } from './check/outputs';
import { PRICE_PROPS } from './check/price';
import { LAYOUTS, PRODUCT_PROPS, QUANTITY_PROPS } from './check/product';
import { BANDED_PROPS, KINDS, LOOKUPS } from './check/tables';
import { TEST_PROPS } from './check/tests';
import { FIELD_TYPES } from './fields/registry';
import { FUNCTIONS } from './functions';
import { OPERATOR_TOKENS } from './operators';
import { DECLARATION_KEYWORDS, KEYWORDS } from './syntax/keywords';

export interface Vocabulary {
  keywords: string[];
  declarations: string[];
  /** Each field type with the properties its declaration accepts. */
  fieldTypes: Record<string, string[]>;
  /** Each table kind with its properties; a map table has none (its entries are keys). */
  tableKinds: Record<string, string[]>;
  /** Properties of the other blocks: product, quantity (inside product), group, output, error/warning, price, test. */
  blocks: {
    product: string[];
    quantity: string[];
    group: string[];
    output: string[];
    rule: string[];
    price: string[];
    test: string[];
  };
  /** Words some properties take: `layout: tabs`, `lookup: next`, `adjust: ask`. */
  values: { layout: string[]; lookup: string[]; adjust: string[] };
  functions: { name: string; usage: string; doc: string }[];
  /** The binary operators' tokens (`and`, `+`, `<=`, …): the editor colours and completes them. */
  operators: string[];
}

export function vocabulary(): Vocabulary {
  return {
    keywords: [...KEYWORDS],
    declarations: [...DECLARATION_KEYWORDS],
    fieldTypes: Object.fromEntries(Object.entries(FIELD_TYPES).map(([name, spec]) => [name, [...spec.props]])),
    tableKinds: Object.fromEntries(KINDS.map((kind) => [kind, kind === 'map' ? [] : [...BANDED_PROPS[kind]]] as const)),
    blocks: {
      product: [...PRODUCT_PROPS],
      quantity: [...QUANTITY_PROPS],
      group: [...GROUP_PROPS],
      output: [...OUTPUT_PROPS],
      rule: [...RULE_PROPS],
      price: [...PRICE_PROPS],
      test: [...TEST_PROPS],
    },
    values: { layout: [...LAYOUTS], lookup: [...LOOKUPS], adjust: [...ADJUST_MODES] },
    functions: Object.entries(FUNCTIONS).map(([name, f]) => ({ name, usage: f.usage, doc: f.doc })),
    operators: [...OPERATOR_TOKENS],
  };
}
