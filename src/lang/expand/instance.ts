// One instance of a repeat's declarations: a copy of their syntax tree with the index filled in. `{door}` in a
// name (`panel_{door}`) and in a string (`"Door {door}"`) becomes the instance's number, and so does `door` read
// as a value. Spans are kept, so every diagnostic about a copy points at the text written inside the block.
import type { Diagnostics } from '../diagnostics';
import type { Decl, Entry, Expr, Ident, Key, Span, Value } from '../syntax/ast';

/** `{name}` in a declared or referenced name; the grammar's `nameHole`. Linear: no nested repetition. */
const HOLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** `{name}` in a string, or the literal brace `{{` a message writes (left as it is). */
const TEXT_HOLE = /\{\{|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export class Instance {
  /**
   * `index` null: no repeat is around, so every hole is a mistake (reported, left as written). The copies made
   * then are not used: this only reports.
   */
  constructor(
    private readonly diags: Diagnostics,
    private readonly index: string | null,
    private readonly n = 0,
  ) {}

  name(name: string, span: Span): string {
    if (!name.includes('{')) return name;
    return name.replace(HOLE, (hole, inner: string) => {
      if (inner === this.index) return String(this.n);
      const message =
        this.index === null
          ? `"${name}" holds {${inner}}, the index of a repeat, outside any repeat; write the name without braces`
          : `"{${inner}}" in "${name}" is not the index of this repeat; its index is {${this.index}}`;
      this.diags.add('E_REPEAT', span, message);
      return hole;
    });
  }

  text(s: string): string {
    if (this.index === null || !s.includes('{')) return s;
    return s.replace(TEXT_HOLE, (hole, inner: string | undefined) => (inner === this.index ? String(this.n) : hole));
  }

  ident(id: Ident): Ident {
    return { name: this.name(id.name, id.span), span: id.span };
  }

  expr(e: Expr): Expr {
    switch (e.kind) {
      case 'number':
      case 'boolean':
        return e;
      case 'string':
        return { ...e, value: this.text(e.value) };
      case 'name':
        if (e.name === this.index) return { kind: 'number', value: this.n, percent: false, span: e.span };
        return { ...e, name: this.name(e.name, e.span) };
      case 'binary':
        return { ...e, left: this.expr(e.left), right: this.expr(e.right) };
      case 'not':
      case 'neg':
        return { ...e, operand: this.expr(e.operand) };
      case 'if':
        return { ...e, cond: this.expr(e.cond), then: this.expr(e.then), else: this.expr(e.else) };
      case 'in': {
        const copy: Expr = { ...e, value: this.expr(e.value), list: e.list.map((x) => this.expr(x)) };
        if (e.set) copy.set = this.expr(e.set);
        return copy;
      }
      case 'call':
        return { ...e, callee: this.ident(e.callee), args: e.args.map((x) => this.expr(x)) };
      case 'index':
        return { ...e, target: this.ident(e.target), key: this.expr(e.key) };
      case 'attr':
        return { ...e, target: this.ident(e.target), attr: this.ident(e.attr) };
    }
  }

  value(v: Value): Value {
    switch (v.kind) {
      case 'block':
        return { ...v, entries: this.entries(v.entries) };
      case 'list':
        return { ...v, items: v.items.map((x) => this.value(x)) };
      case 'transKey':
        return { ...v, key: this.name(v.key, v.span) };
      default:
        return this.expr(v);
    }
  }

  key(k: Key): Key {
    return k.kind === 'name' ? { ...k, text: this.name(k.text, k.span) } : k;
  }

  entries(list: Entry[]): Entry[] {
    return list.map((entry) => this.entry(entry));
  }

  entry(entry: Entry): Entry {
    switch (entry.kind) {
      case 'prop':
        return { ...entry, key: this.key(entry.key), value: this.value(entry.value) };
      case 'item': {
        const item: Entry = { ...entry, id: this.ident(entry.id), value: this.expr(entry.value) };
        if (entry.when) item.when = this.expr(entry.when);
        return item;
      }
      case 'line': {
        const line: Entry = {
          ...entry,
          id: this.ident(entry.id),
          label: this.value(entry.label),
          amount: this.expr(entry.amount),
        };
        if (entry.when) line.when = this.expr(entry.when);
        return line;
      }
      case 'expect': {
        const expect: Entry = { ...entry };
        if (entry.target) expect.target = this.ident(entry.target);
        if (entry.item) expect.item = this.ident(entry.item);
        return expect;
      }
    }
  }

  decl(d: Decl): Decl {
    switch (d.kind) {
      case 'product':
        return { ...d, entries: this.entries(d.entries) };
      case 'translations':
        return { ...d, lang: this.key(d.lang), entries: this.entries(d.entries) };
      case 'field': {
        const field: Decl = { ...d, id: this.ident(d.id), entries: this.entries(d.entries) };
        if (d.group) field.group = this.ident(d.group);
        return field;
      }
      case 'let':
        return { ...d, id: this.ident(d.id), expr: this.expr(d.expr) };
      case 'price':
        return { ...d, entries: this.entries(d.entries) };
      case 'test':
        return { ...d, name: { ...d.name, value: this.text(d.name.value) }, entries: this.entries(d.entries) };
      default:
        return { ...d, id: this.ident(d.id), entries: this.entries(d.entries) };
    }
  }
}
