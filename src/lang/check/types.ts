// Type inference of expressions: number, string, boolean. Choice fields are strings whose literal
// comparisons are checked against their option ids.

import { FIELD_TYPES } from '../fields/registry';
import type { ValueType } from '../ir';
import { operator } from '../operators';
import type { BinaryExpr, Expr } from '../syntax/ast';
import type { FieldModel, TableModel } from './checked-model';
import type { Ctx } from './context';
import { BOOLEAN, checkOptionId, type Inferred, NUMBER, STRING, type Ty, UNKNOWN } from './inferred';
import { didYouMean } from './suggest';
import { inferAttr, inferCall, inferIndex } from './type-refs';

const ARTICLE: Record<Ty, string> = {
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean',
  list: 'a list of options',
  unknown: 'a value',
};

/** The result of an operator whose type rule gives `ty` (a list is never one: only fields hold lists). */
const TYPED: Record<ValueType, Inferred> = { number: NUMBER, string: STRING, boolean: BOOLEAN, list: { ty: 'list' } };

export class Typer {
  private readonly memo = new Map<string, Inferred>();
  private readonly inProgress = new Set<string>();
  /** Map tables already checked against the options of a choice field indexing them. */
  readonly covered = new Map<TableModel, Set<FieldModel>>();
  /** Output items may read the price (`price.total`); nothing else may, so the price never depends on itself. */
  priceReadable = false;

  constructor(readonly ctx: Ctx) {}

  /** Reports when `e` is not of type `ty`; `what` names the expression ("visible_when of field x"). */
  expect(e: Expr | undefined, ty: ValueType, what: string): Inferred {
    if (!e) return UNKNOWN;
    const got = this.infer(e);
    if (got.ty !== 'unknown' && got.ty !== ty) {
      this.ctx.diags.add('E_TYPE', e.span, `${what} must be ${ARTICLE[ty]}, found ${ARTICLE[got.ty]}`);
    }
    return got;
  }

  /** The type of a let or a hidden field, inferred once (its errors are reported once). */
  valueOf(name: string, e: Expr | undefined): Inferred {
    const known = this.memo.get(name);
    if (known) return known;
    // A value met again while inferring itself is part of a cycle, reported by cycles.ts.
    if (!e || this.inProgress.has(name)) return UNKNOWN;
    this.inProgress.add(name);
    const t = this.infer(e);
    this.inProgress.delete(name);
    this.memo.set(name, t);
    return t;
  }

  infer(e: Expr): Inferred {
    switch (e.kind) {
      case 'number':
        return NUMBER;
      case 'string':
        return STRING;
      case 'boolean':
        return BOOLEAN;
      case 'name':
        return this.name(e.name, e.span);
      case 'binary':
        return this.binary(e);
      case 'not':
        this.expect(e.operand, 'boolean', 'the operand of "not"');
        return BOOLEAN;
      case 'neg':
        this.expect(e.operand, 'number', 'the operand of "-"');
        return NUMBER;
      case 'if': {
        this.expect(e.cond, 'boolean', 'the condition of "if"');
        const t = this.infer(e.then);
        const f = this.infer(e.else);
        if (t.ty !== 'unknown' && f.ty !== 'unknown' && t.ty !== f.ty) {
          this.ctx.diags.add(
            'E_TYPE',
            e.else.span,
            `both branches of "if" must be of one type: "then" gives ${ARTICLE[t.ty]}, "else" ${ARTICLE[f.ty]}`,
          );
        }
        if (t.ty === 'unknown') return f;
        return t.choice && t.choice === f.choice ? t : { ty: t.ty };
      }
      case 'in': {
        const v = this.infer(e.value);
        if (e.set) return this.inSet(v, e.value, e.set);
        for (const item of e.list) this.compare(v, item, `"${e.negate ? 'not in' : 'in'}"`);
        return BOOLEAN;
      }
      case 'call':
        return inferCall(this, e);
      case 'index':
        return inferIndex(this, e);
      case 'attr':
        return inferAttr(this, e);
    }
  }

  name(name: string, span: Expr['span']): Inferred {
    const sym = this.ctx.value(name);
    if (!sym) {
      this.ctx.diags.add('E_UNDEFINED', span, `"${name}" is not declared${didYouMean(name, this.ctx.valueNames())}`);
      return UNKNOWN;
    }
    switch (sym.kind) {
      case 'quantity':
        return NUMBER;
      case 'broken':
        return UNKNOWN;
      case 'let':
        this.ctx.used.add(name);
        return this.valueOf(name, sym.decl.expr);
      case 'table': {
        this.ctx.used.add(name);
        const kind = sym.decl.tableKind.name;
        const how = kind === 'map' ? `index it: ${name}[key]` : `call it: ${name}(${kind === 'range' ? 'x' : 'row, column'})`;
        this.ctx.diags.add('E_TYPE', span, `"${name}" is a ${kind} table, not a value; ${how}`);
        return UNKNOWN;
      }
      case 'field': {
        const f = sym.model;
        if (!f) return UNKNOWN;
        const spec = FIELD_TYPES[f.type];
        if (spec.computed) return this.valueOf(name, f.value);
        if (!f.valueType) return UNKNOWN;
        // A multi-select field's options check the literals tested against it (`"logo" in extras`).
        return spec.choice || f.valueType === 'list' ? { ty: f.valueType, choice: f } : { ty: f.valueType };
      }
    }
  }

  /** `a op b` by the operator's type rule (src/lang/operators.ts). */
  private binary(e: BinaryExpr): Inferred {
    const { op } = e;
    const rule = operator(op).types;
    if ('operands' in rule) {
      this.expect(e.left, rule.operands, `the left side of "${op}"`);
      this.expect(e.right, rule.operands, `the right side of "${op}"`);
      return TYPED[rule.result];
    }
    const left = this.infer(e.left);
    const t = this.compare(left, e.right, `"${op}"`);
    this.checkOption(t, e.left);
    if (rule.compares === 'order' && (left.ty === 'boolean' || t.ty === 'boolean')) {
      this.ctx.diags.add('E_TYPE', e.span, `"${op}" compares numbers or strings (dates compare as strings), not booleans`);
    }
    return BOOLEAN;
  }

  /** `x in extras`: a string tested against a multi-select field's options (its literals must be among them). */
  private inSet(v: Inferred, value: Expr, set: Expr): Inferred {
    const s = this.infer(set);
    if (s.ty !== 'unknown' && s.ty !== 'list') {
      this.ctx.diags.add('E_TYPE', set.span, `"in" needs a list [a, b] or a multi-select field, found ${ARTICLE[s.ty]}`);
    }
    if (v.ty !== 'unknown' && v.ty !== 'string') {
      this.ctx.diags.add('E_TYPE', value.span, `"in" a multi-select field tests an option id (a string), found ${ARTICLE[v.ty]}`);
    }
    this.checkOption(s, value);
    return BOOLEAN;
  }

  /** Infers `right`, compared with a value of type `left`: one type, and option ids for choice fields. */
  private compare(left: Inferred, right: Expr, op: string): Inferred {
    const r = this.infer(right);
    if (left.ty !== 'unknown' && r.ty !== 'unknown' && left.ty !== r.ty) {
      this.ctx.diags.add(
        'E_TYPE',
        right.span,
        `${op} compares values of one type: ${ARTICLE[left.ty]} cannot be compared with ${ARTICLE[r.ty]}`,
      );
    }
    this.checkOption(left, right);
    return r;
  }

  /** A string literal compared with a choice field must be one of its options. */
  checkOption(side: Inferred, other: Expr): void {
    const field = side.choice;
    if (!field || other.kind !== 'string') return;
    checkOptionId(this.ctx, field, other);
  }
}
