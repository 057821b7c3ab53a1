// `test "name" { given { … } quantity: N expect … }` blocks: what each one configures and expects, checked against
// the schema's names here; src/lang/run-tests.ts runs them on the compiled product.
import type { ExpectEntry, TestDecl, Value } from '../syntax/ast';
import type { Expectation, Literal, OutputModel, RuleModel, TestModel } from './checked-model';
import type { Ctx } from './context';
import { PRICE_TOTALS } from './price';
import { literalOf, readInteger } from './props';
import { didYouMean } from './suggest';

/**
 * Tests per schema: each one is a full evaluation on every validate and save, so their number bounds that work
 * (an evaluation is linear in the schema, so a schema costs at most this many times one calculation).
 */
export const MAX_TESTS = 50;

const ISSUE_CODE = /^[A-Z][A-Z0-9_]*$/;

interface Names {
  outputs: readonly OutputModel[];
  rules: readonly RuleModel[];
  lines: ReadonlySet<string>;
}

/** What a test block holds: `given { … }`, `quantity: N`, `market: "ch"`, `group: "dealer"` and `expect` lines. */
export const TEST_PROPS = ['given', 'quantity', 'market', 'group', 'expect'];

/** A market's or customer group's id, as the admin API accepts it (src/api/admin/markets.ts, Slug). */
const SLUG = /^[a-z0-9][a-z0-9_-]{0,39}$/;

export function readTests(ctx: Ctx, decls: readonly TestDecl[], names: Names): TestModel[] {
  const tests: TestModel[] = [];
  const seen = new Set<string>();
  for (const decl of decls) {
    const name = decl.name.value;
    if (seen.has(name)) {
      ctx.diags.add('E_DUPLICATE', decl.name.span, `the test "${name}" is declared twice`);
      continue;
    }
    seen.add(name);
    if (tests.length === MAX_TESTS) {
      ctx.diags.add('E_LIMIT', decl.keyword, `a schema holds at most ${MAX_TESTS} tests`);
      break;
    }
    const test = readTest(ctx, decl, names);
    if (test) tests.push(test);
  }
  return tests;
}

function readTest(ctx: Ctx, decl: TestDecl, names: Names): TestModel | undefined {
  const name = decl.name.value;
  const test: TestModel = { name, given: Object.create(null), expects: [] };
  let ok = true;
  const props = new Set<string>();
  for (const entry of decl.entries) {
    if (entry.kind === 'expect') {
      const e = readExpect(ctx, entry, names);
      if (e) test.expects.push(e);
      else ok = false;
      continue;
    }
    const key = entry.kind === 'prop' && entry.key.kind === 'name' ? entry.key.text : undefined;
    if (entry.kind !== 'prop' || key === undefined || key === 'expect' || !TEST_PROPS.includes(key)) {
      const hint = entry.kind === 'prop' ? didYouMean(entry.key.text, TEST_PROPS) : '';
      ctx.diags.add(
        'E_PROPERTY',
        entry.span,
        `a test holds given { … }, quantity: N, market: "id", group: "id" and expect lines${hint}`,
      );
      ok = false;
      continue;
    }
    if (props.has(key)) {
      ctx.diags.add('E_DUPLICATE', entry.key.span, `the property "${key}" is given twice in test "${name}"`);
      ok = false;
      continue;
    }
    props.add(key);
    if (key === 'quantity') {
      const q = readInteger(ctx, entry.value, `the quantity of test "${name}"`, 1);
      if (q === undefined) ok = false;
      else test.quantity = q;
    } else if (key === 'market' || key === 'group') {
      const v = entry.value;
      if (v.kind !== 'string' || !SLUG.test(v.value)) {
        ctx.diags.add(
          'E_TYPE',
          v.span,
          `the ${key} of test "${name}" must be a ${key} id as a string, like ${key === 'market' ? '"ch"' : '"dealer"'} (lowercase letters, digits, - and _)`,
        );
        ok = false;
      } else {
        test[key] = v.value;
        if (key === 'market' || !test.marketSpan) test.marketSpan = entry.span;
      }
    } else if (!readGiven(ctx, entry.value, test)) ok = false;
  }
  if (test.expects.length === 0 && ok) {
    ctx.diags.add('E_PROPERTY', decl.name.span, `the test "${name}" expects nothing; add expect lines`);
    ok = false;
  }
  return ok ? test : undefined;
}

/** `given { field: literal, … }`: each key a field the customer sets, each value a literal (a list for multi-select). */
function readGiven(ctx: Ctx, v: Value, test: TestModel): boolean {
  if (v.kind !== 'block') {
    ctx.diags.add('E_TYPE', v.span, 'given must be a block of field values like { width: 1200, glass: "triple" }');
    return false;
  }
  let ok = true;
  for (const entry of v.entries) {
    if (entry.kind !== 'prop' || entry.key.kind !== 'name') {
      ctx.diags.add('E_PROPERTY', entry.span, 'given holds field values like width: 1200');
      ok = false;
      continue;
    }
    const field = entry.key.text;
    const sym = ctx.value(field);
    if (sym?.kind !== 'field') {
      if (sym?.kind !== 'broken') {
        const hint = sym
          ? ` (it is a ${sym.kind === 'quantity' ? 'built-in value: write quantity: N in the test' : sym.kind})`
          : '';
        ctx.diags.add(
          'E_UNDEFINED',
          entry.key.span,
          `"${field}" is not a field${hint}${didYouMean(field, ctx.namesOf('field'))}`,
        );
      }
      ok = false;
      continue;
    }
    const value = givenValue(entry.value);
    if (value === undefined) {
      ctx.diags.add(
        'E_VALUE',
        entry.value.span,
        `the value given for "${field}" must be a literal (a number, string, boolean or list of strings)`,
      );
      ok = false;
    } else if (Object.hasOwn(test.given, field)) {
      ctx.diags.add('E_DUPLICATE', entry.key.span, `the field "${field}" is given twice`);
      ok = false;
    } else test.given[field] = value;
  }
  return ok;
}

function givenValue(v: Value): Literal | string[] | undefined {
  if (v.kind !== 'list') return literalOf(v);
  const out: string[] = [];
  for (const item of v.items) {
    if (item.kind !== 'string') return undefined;
    out.push(item.value);
  }
  return out;
}

function readExpect(ctx: Ctx, e: ExpectEntry, names: Names): Expectation | undefined {
  if (e.what === 'valid') return { what: 'valid', span: e.span };
  const target = e.target!;
  if (e.what === 'error') {
    const rule = names.rules.find((r) => r.id === target.name);
    // Not a rule but written like an issue code (REQUIRED, BELOW_MIN, R_DIV_ZERO…): the calculation reports it.
    if (!rule && ISSUE_CODE.test(target.name)) return { what: 'error', code: target.name, span: e.span };
    if (rule?.severity !== 'error') {
      const why = rule ? 'is a warning rule, which never makes a configuration invalid' : 'is not declared';
      const hint = rule ? '' : didYouMean(target.name, () => names.rules.filter((r) => r.severity === 'error').map((r) => r.id));
      ctx.diags.add(rule ? 'E_TYPE' : 'E_UNDEFINED', target.span, `the error rule "${target.name}" ${why}${hint}`);
      return undefined;
    }
    return { what: 'error', rule: target.name, span: e.span };
  }
  const value = e.value ?? 0;
  const item = e.item?.name;
  if (target.name === 'price') {
    if (item !== undefined && !PRICE_TOTALS.has(item) && !names.lines.has(item)) {
      const hint = didYouMean(item, () => [...PRICE_TOTALS, ...names.lines]);
      ctx.diags.add(
        'E_UNDEFINED',
        e.item!.span,
        `"${item}" is neither a price total (${[...PRICE_TOTALS].join(', ')}) nor a price line${hint}`,
      );
      return undefined;
    }
    return item === undefined
      ? { what: 'value', target: 'price', value, span: e.span }
      : { what: 'value', target: 'price', item, value, span: e.span };
  }
  const output = names.outputs.find((o) => o.id === target.name);
  if (!output) {
    const hint = didYouMean(target.name, () => ['price', ...names.outputs.map((o) => o.id)]);
    ctx.diags.add('E_UNDEFINED', target.span, `"${target.name}" is neither price nor an output group${hint}`);
    return undefined;
  }
  if (item === undefined || !output.items.some((i) => i.id === item)) {
    const where = e.item?.span ?? target.span;
    const hint = item === undefined ? '' : didYouMean(item, () => output.items.map((i) => i.id));
    const what =
      item === undefined
        ? `name an item of output "${output.id}", like ${output.id}.item`
        : `the output "${output.id}" has no item "${item}"`;
    ctx.diags.add('E_UNDEFINED', where, `${what}${hint}`);
    return undefined;
  }
  return { what: 'value', target: output.id, item, value, span: e.span };
}
