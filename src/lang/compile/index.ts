// Checked model → ProductIR (ir.ts): plain JSON. Records keyed by schema names are created without a
// prototype, so that names such as `__proto__` are ordinary keys.

import type { ConstraintModel, FieldModel, GroupModel, Literal, Model, OptionModel } from '../check/checked-model';
import * as ir from '../ir';
import type { Expr } from '../syntax/ast';
import { compileExpr } from './expr';

export function compile(model: Model, source: string): ir.ProductIR {
  const tables = new Set(model.tables.map((t) => t.id));
  const expr = (e: Expr) => compileExpr(e, (name) => tables.has(name));
  const cond = (e: Expr): ir.Condition => ({ source: e.span.text ?? source.slice(e.span.start, e.span.end), expr: expr(e) });

  // Fields offering one option set share one array of options (written once when stored: src/lang/ir-json.ts).
  const optionArrays = new Map<readonly OptionModel[], ir.OptionIR[]>();
  const sharedOptions = (options: readonly OptionModel[]): ir.OptionIR[] => {
    let out = optionArrays.get(options);
    if (out === undefined) {
      out = options.map((o) => option(o, cond));
      optionArrays.set(options, out);
    }
    return out;
  };
  const populated = new Set(model.fields.map((f) => f.group));
  const groups = model.groups
    .filter((g) => populated.has(g.id))
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map((g) => group(g, cond));

  const lets: Record<string, ir.Expr> = Object.create(null);
  for (const l of model.lets) lets[l.id.name] = expr(l.expr);
  const tableIRs: Record<string, ir.TableIR> = Object.create(null);
  for (const t of model.tables) tableIRs[t.id] = t.ir;

  const { product } = model;
  const out: ir.ProductIR = {
    irVersion: ir.IR_VERSION,
    name: product.name,
    language: product.language,
    languages: model.languages,
    currency: product.currency,
    minorUnits: product.minorUnits,
    layout: product.layout,
    quantity: product.quantity,
    groups,
    fields: model.fields.map((f) => field(f, cond, sharedOptions)),
    lets,
    tables: tableIRs,
    price: {
      lines: model.price.lines.map((l) => {
        const line: ir.LineIR = { id: l.id, kind: l.kind, label: l.label, amount: expr(l.amount) };
        if (l.when) line.when = expr(l.when);
        if (l.perOrder) line.perOrder = true;
        return line;
      }),
      quantityDiscount: model.price.quantityDiscount,
    },
    outputs: model.outputs.map((o) => {
      const output: ir.OutputIR = {
        id: o.id,
        internal: o.internal,
        items: o.items.map((i) => {
          const item: ir.OutputItemIR = { id: i.id, value: expr(i.value) };
          if (i.when) item.when = expr(i.when);
          if (i.label) item.label = i.label;
          if (i.unit !== undefined) item.unit = i.unit;
          if (i.text) item.text = true;
          return item;
        }),
      };
      if (o.label) output.label = o.label;
      if (o.unit !== undefined) output.unit = o.unit;
      return output;
    }),
    rules: model.rules.flatMap((r) => {
      if (!r.when || !r.message) return [];
      const rule: ir.RuleIR = { id: r.id, severity: r.severity, when: expr(r.when), message: r.message, at: at(r.span) };
      if (r.field) rule.field = r.field.name;
      return [rule];
    }),
    constraints: model.constraints.flatMap((k) => {
      if (!k.holds || !k.message) return [];
      const out: ir.ConstraintIR = {
        id: k.id,
        kind: k.kind,
        holds: constraintHolds(k, k.holds, expr),
        message: k.message,
        at: at(k.span),
      };
      if (k.columns) out.columns = k.columns;
      return [out];
    }),
  };
  if (product.description) out.description = product.description;
  if (model.listPrices.length > 0) out.listPrices = model.listPrices;
  return out;
}

/**
 * A table constraint compiles to one `rows` expression holding its cells as written (negated for `exclude`): the
 * `or` of `and`s the checker typed is as many IR nodes as cells, each several times the size of its cell.
 */
function constraintHolds(k: ConstraintModel, holds: Expr, expr: (e: Expr) => ir.Expr): ir.Expr {
  const { table, columns } = k;
  if (!table || !columns) return expr(holds);
  if (table.exclude && table.rows.length === 0) return { k: 'bool', v: true };
  const rows: ir.Expr = { k: 'rows', columns, rows: table.rows, at: at(table.span) };
  return table.exclude ? { k: 'not', a: rows } : rows;
}

function at(span: { line: number; column: number }): ir.Span {
  return { line: span.line, column: span.column };
}

function group(g: GroupModel, cond: (e: Expr) => ir.Condition): ir.GroupIR {
  const out: ir.GroupIR = { id: g.id, label: g.label, order: g.order };
  if (g.visibleWhen) out.visibleWhen = cond(g.visibleWhen);
  if (g.enabledWhen) out.enabledWhen = cond(g.enabledWhen);
  return out;
}

function option(o: OptionModel, cond: (e: Expr) => ir.Condition): ir.OptionIR {
  const attrs: Record<string, Literal> = Object.create(null);
  for (const [name, a] of o.attrs) attrs[name] = a.value;
  const out: ir.OptionIR = { id: o.id, label: o.label, attrs };
  if (o.availableWhen) {
    out.availableWhen = cond(o.availableWhen);
    out.at = at(o.span);
  }
  return out;
}

function field(
  f: FieldModel,
  cond: (e: Expr) => ir.Condition,
  options: (o: readonly OptionModel[]) => ir.OptionIR[],
): ir.FieldIR {
  // Only a field whose type or value could not be read lacks these, and that is an error: no IR is built then.
  const out: ir.FieldIR = {
    id: f.id,
    type: f.type,
    valueType: f.valueType ?? 'number',
    group: f.group,
    fallback: f.fallback ?? 0,
    required: f.required,
    at: at(f.decl.id.span),
  };
  if (f.label) out.label = f.label;
  if (f.help) out.help = f.help;
  if (f.unit !== undefined) out.unit = f.unit;
  if (f.min !== undefined) out.min = f.min;
  if (f.max !== undefined) out.max = f.max;
  if (f.step !== undefined) out.step = f.step;
  if (f.maxLength !== undefined) out.maxLength = f.maxLength;
  if (f.pattern !== undefined) out.pattern = f.pattern;
  if (f.presets) out.presets = f.presets;
  if (f.options) out.options = options(f.options);
  if (f.default !== undefined) out.default = f.default;
  if (f.whenHidden !== undefined) out.whenHidden = f.whenHidden;
  if (f.visibleWhen) out.visibleWhen = cond(f.visibleWhen);
  if (f.enabledWhen) out.enabledWhen = cond(f.enabledWhen);
  if (f.requiredWhen) out.requiredWhen = cond(f.requiredWhen);
  if (f.adjust) out.adjust = f.adjust;
  if (f.value) {
    const value = cond(f.value);
    out.value = value.expr;
    out.valueSource = value.source;
  }
  return out;
}
