// State shared by the checker's passes: the symbol tables, the product's languages and what broken
// declarations (which did not parse) leave behind, so that they cause no cascade of errors.

import type { Diagnostics } from '../diagnostics';
import type { Text } from '../ir';
import type { FieldDecl, LetDecl, Span, TableDecl } from '../syntax/ast';
import type { FieldModel, GroupModel, OptionModel, TableModel } from './checked-model';
import { renewSuggestionBudget } from './suggest';

export type ValueSym =
  | { kind: 'field'; decl: FieldDecl; model?: FieldModel }
  | { kind: 'let'; decl: LetDecl }
  | { kind: 'table'; decl: TableDecl; model?: TableModel }
  | { kind: 'quantity' }
  /** Declared by a declaration that did not parse: its type is unknown and errors about it are not reported. */
  | { kind: 'broken' };

export interface Translation {
  text: string;
  span: Span;
}

export class Ctx {
  /** Fields, lets, tables and the built-in `quantity`. */
  readonly values = new Map<string, ValueSym>([['quantity', { kind: 'quantity' }]]);
  readonly groups = new Map<string, GroupModel>();
  /** Named option sets (`options <id> { … }`); 'broken' when the declaration did not parse. */
  readonly optionSets = new Map<string, { options: OptionModel[]; span: Span; used: boolean } | 'broken'>();
  /** Groups named by declarations that did not parse. */
  readonly brokenGroups = new Set<string>();
  /** Identifiers written in declarations that did not parse: they count as uses. */
  readonly mentions = new Set<string>();
  /** Language → key → text. */
  readonly translations = new Map<string, Map<string, Translation>>();
  /** Some `translations` block did not parse: unknown keys may be declared there. */
  brokenTranslations = false;
  /** The product's `languages`, whose texts are checked for coverage. */
  readonly declaredLanguages = new Set<string>();
  /** Languages some text is given in. */
  readonly languages = new Set<string>();
  /** Every text read, for the translation coverage check (texts.ts). */
  readonly texts: { text: Text; span: Span; what: string }[] = [];
  /** The ids of the price lines, which output items read as `price.<line>`. */
  readonly priceLines = new Set<string>();
  /** Lets and tables referenced somewhere. */
  readonly used = new Set<string>();
  language = 'en';

  constructor(readonly diags: Diagnostics) {
    renewSuggestionBudget();
  }

  value(name: string): ValueSym | undefined {
    return this.values.get(name);
  }

  /** Names a reference could have meant, for suggestions. */
  valueNames(): Iterable<string> {
    return this.values.keys();
  }

  /** The names of values of one kind, for suggestions. */
  namesOf(kind: ValueSym['kind']): () => Iterable<string> {
    const values = this.values;
    return function* () {
      for (const [name, sym] of values) if (sym.kind === kind) yield name;
    };
  }
}
