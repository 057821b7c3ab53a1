// The checker: reads every declaration of a parsed schema, reports what is wrong with it, and returns the
// model the compiler turns into IR.

import type { Diagnostics } from '../diagnostics';
import { FIELD_TYPES } from '../fields/registry';
import type { Schema } from '../syntax/ast';
import type { FieldModel, Model, TableModel } from './checked-model';
import { readConstraint } from './constraints';
import { Ctx } from './context';
import { checkCycles, dependencyOrder, valueGraph } from './cycles';
import { readField } from './fields';
import { implicitMain, readGroup } from './groups';
import { readListPrices } from './list-prices';
import { checkOptionSetUsage, readOptionSet } from './options';
import { readOutput, readRule } from './outputs';
import { readPrice } from './price';
import { readDeclaredLanguages, readLanguage, readProduct, readProductProps } from './product';
import { collect } from './symbols';
import { readTable } from './tables';
import { readTests } from './tests';
import { checkTranslationCoverage, readTranslations } from './texts';
import { Typer } from './types';
import { checkUsage } from './usage';

export function check(schema: Schema, diags: Diagnostics): Model {
  const ctx = new Ctx(diags);
  const d = collect(ctx, schema);
  const productProps = d.product ? readProductProps(ctx, d.product) : new Map();
  readLanguage(ctx, productProps);
  readDeclaredLanguages(ctx, productProps);
  for (const t of d.translations) readTranslations(ctx, t);
  const product = readProduct(ctx, d.product, productProps);

  for (const [i, g] of d.groups.entries()) readGroup(ctx, g, i);
  for (const set of d.optionSets) readOptionSet(ctx, set);
  const fields: FieldModel[] = [];
  for (const decl of d.fields) {
    const f = readField(ctx, decl);
    const sym = ctx.values.get(decl.id.name);
    if (!f || sym?.kind !== 'field' || sym.decl !== decl) continue;
    sym.model = f;
    fields.push(f);
  }
  const tables: TableModel[] = [];
  for (const decl of d.tables) {
    const t = readTable(ctx, decl);
    const sym = ctx.values.get(decl.id.name);
    if (!t || sym?.kind !== 'table' || sym.decl !== decl) continue;
    sym.model = t;
    tables.push(t);
  }
  const price = readPrice(ctx, d.price);
  const listPrices = readListPrices(ctx, productProps, fields, tables, price.lines);
  const outputs = d.outputs.map((o) => readOutput(ctx, o));
  const rules = d.rules.map((r) => readRule(ctx, r));
  const constraints = d.constraints.map((k) => readConstraint(ctx, k));
  const tests = readTests(ctx, d.tests, { outputs, rules, lines: new Set(price.lines.map((l) => l.id)) });

  const typer = new Typer(ctx);
  const graph = valueGraph(ctx, fields);
  for (const name of dependencyOrder(graph)) {
    const sym = ctx.values.get(name);
    if (sym?.kind === 'let') typer.valueOf(name, sym.decl.expr);
    const f = sym?.kind === 'field' ? sym.model : undefined;
    if (f && FIELD_TYPES[f.type].computed) {
      const t = typer.valueOf(f.id, f.value);
      if (t.ty === 'list') {
        ctx.diags.add(
          'E_TYPE',
          f.value?.span ?? f.decl.id.span,
          `the hidden field "${f.id}" cannot hold a list of options; count(…) or "id" in … can be held`,
        );
      } else if (t.ty !== 'unknown') {
        f.valueType = t.ty;
        f.fallback = t.ty === 'number' ? 0 : t.ty === 'string' ? '' : false;
      }
    }
  }
  for (const f of fields) {
    typer.expect(f.visibleWhen, 'boolean', `visible_when of field "${f.id}"`);
    typer.expect(f.enabledWhen, 'boolean', `enabled_when of field "${f.id}"`);
    typer.expect(f.requiredWhen, 'boolean', `required_when of field "${f.id}"`);
  }
  for (const g of ctx.groups.values()) {
    typer.expect(g.visibleWhen, 'boolean', `visible_when of group "${g.id}"`);
    typer.expect(g.enabledWhen, 'boolean', `enabled_when of group "${g.id}"`);
  }
  for (const line of price.lines) {
    typer.expect(line.amount, 'number', `the amount of price line "${line.id}"`);
    typer.expect(line.when, 'boolean', `the condition of price line "${line.id}"`);
  }
  typer.priceReadable = true;
  for (const o of outputs) {
    for (const item of o.items) {
      const t = typer.infer(item.value);
      if (t.ty === 'string') item.text = true;
      else if (t.ty === 'boolean' || t.ty === 'list') {
        const what = `the item "${item.id}" of output "${o.id}"`;
        const found = t.ty === 'list' ? 'a list of options; write count(…)' : 'a boolean; write if … then 1 else 0';
        ctx.diags.add('E_TYPE', item.value.span, `${what} must be a number or a text, found ${found}`);
      }
      typer.expect(item.when, 'boolean', `the condition of item "${item.id}" of output "${o.id}"`);
    }
  }
  typer.priceReadable = false;
  for (const r of rules) typer.expect(r.when, 'boolean', `the condition of rule "${r.id}"`);
  for (const k of constraints) typer.expect(k.holds, 'boolean', `the condition of constraint "${k.id}"`);
  for (const f of fields) {
    for (const o of f.options ?? []) typer.expect(o.availableWhen, 'boolean', `available_when of option "${o.id}"`);
  }

  checkCycles(ctx, graph);
  checkUsage(ctx, fields);
  checkOptionSetUsage(ctx);
  checkTranslationCoverage(ctx);

  const groups = [...ctx.groups.values()];
  if (fields.some((f) => f.group === 'main') && !ctx.groups.has('main')) groups.push(implicitMain(ctx, product));
  const languages = [product.language, ...[...ctx.languages].filter((l) => l !== product.language).sort()];
  return { product, languages, groups, fields, lets: d.lets, tables, price, outputs, rules, constraints, listPrices, tests };
}
