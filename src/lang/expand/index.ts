// The expansion stage (syntax → expand → check): every `repeat` becomes the ordinary declarations of its
// instances, so the checker, the compiler, the runtime, the JSON Logic export and the configure engine never see
// one. An instance past the live `count` is inactive: its fields and groups are hidden, its price lines, output
// items and error rules do not apply and its constraints hold, all said in the language itself (conditions joined
// to the declarations' own), so hidden fields read empty as everywhere else (docs/schema-language.md, "repeat").
import type { Diagnostics } from '../diagnostics';
import { FIELD_TYPES } from '../fields/registry';
import type {
  BrokenDecl,
  Decl,
  Entry,
  Expr,
  Ident,
  OutputDecl,
  ParsedSchema,
  PriceDecl,
  PropEntry,
  RepeatDecl,
  Schema,
  Span,
} from '../syntax/ast';
import { isExpr } from '../syntax/ast';
import type { SourceMap } from '../syntax/source';
import { MAX_SOURCE_BYTES, MAX_SOURCE_TOKENS } from '../syntax/split';
import { Instance } from './instance';

/** Instances of one repeat at most; their copies also count against the schema's size limit. */
export const MAX_INSTANCES = 50;

/** Declarations a repeat may hold; price and output blocks add to the product's own. */
const REPEATABLE = new Set<Decl['kind']>(['field', 'let', 'group', 'rule', 'constraint', 'price', 'output']);

/** A name that may be a repeat's index hole, somewhere in the source: only then are top-level names searched. */
const MAYBE_HOLE = /[A-Za-z0-9_]\{[A-Za-z_]/;

export function expand(parsed: ParsedSchema, map: SourceMap, diags: Diagnostics): Schema {
  const broken = [...parsed.broken, ...parsed.broken.flatMap((b) => (b.keyword === 'repeat' ? unparsedNames(b, map) : []))];
  const repeats = parsed.decls.filter((d): d is RepeatDecl => d.kind === 'repeat');
  if (MAYBE_HOLE.test(map.text)) {
    const outside = new Instance(diags, null);
    for (const d of parsed.decls) if (d.kind !== 'repeat') outside.decl(d);
    for (const r of repeats) if (r.count) outside.expr(r.count);
  }
  if (repeats.length === 0) return { decls: parsed.decls as Decl[], broken };

  const values = new Set(['quantity']);
  for (const d of parsed.decls) if (d.kind === 'field' || d.kind === 'let' || d.kind === 'table') values.add(d.id.name);
  const price = parsed.decls.find((d): d is PriceDecl => d.kind === 'price');
  const outputs = new Map<string, OutputDecl>();
  for (const d of parsed.decls) if (d.kind === 'output' && !outputs.has(d.id.name)) outputs.set(d.id.name, d);
  const extended = new Map<Decl, Entry[]>();
  const extend = (target: Decl, entries: Entry[]) => {
    extended.set(target, [...(extended.get(target) ?? []), ...entries]);
  };

  let size = map.text.length;
  let tokens = parsed.tokens;
  const decls: Decl[] = [];
  for (const top of parsed.decls) {
    if (top.kind !== 'repeat') {
      decls.push(top);
      continue;
    }
    const range = instanceRange(top, diags);
    const body = top.span.end - top.span.start;
    const bodyTokens = parsed.repeatTokens.get(top) ?? 0;
    const copies = range ? range.to - range.from : 0;
    if (range && size + copies * body > MAX_SOURCE_BYTES) {
      const message = `this repeat makes ${copies + 1} copies of ${body} characters: the expanded schema would exceed ${MAX_SOURCE_BYTES} characters (4 MiB)`;
      diags.add('E_LIMIT', top.keyword, message);
    } else if (range && tokens + copies * bodyTokens > MAX_SOURCE_TOKENS) {
      const message = `this repeat makes ${copies + 1} copies of ${bodyTokens} tokens: the expanded schema would exceed ${MAX_SOURCE_TOKENS} tokens`;
      diags.add('E_LIMIT', top.keyword, message);
    } else if (range) {
      size += copies * body;
      tokens += copies * bodyTokens;
      diags.collapse(top.span);
      if (values.has(top.index.name)) {
        const message = `the index "${top.index.name}" of this repeat is also a value's name; choose another index`;
        diags.add('E_DUPLICATE', top.index.span, message);
      }
      const repeated = repeatable(top, diags);
      // Instance by instance (docs/schema-language.md, "repeat"): the form lists door 1's fields, then door 2's.
      for (let n = range.from; n <= range.to; n++) {
        for (const d of repeated) {
          if (n > range.from && !perInstance(top, d, n === range.from + 1 ? diags : null)) continue;
          const instance = new Instance(diags, top.index.name, n);
          const copy = top.count ? guard(instance.decl(d), active(top.count, n, map, instance)) : instance.decl(d);
          if (copy.kind === 'price') {
            if (price) extend(price, copy.entries);
            else
              missing(
                diags,
                broken,
                'price',
                undefined,
                copy.keyword,
                'the product has no price block; declare "price { … }" outside the repeat, which adds its lines to it',
              );
          } else if (copy.kind === 'output') {
            const group = outputs.get(copy.id.name);
            if (group) extend(group, copy.entries);
            else
              missing(
                diags,
                broken,
                'output',
                copy.id.name,
                copy.id.span,
                `the output group "${copy.id.name}" is not declared; declare it outside the repeat, which adds its items to it`,
              );
          } else decls.push(copy);
        }
      }
      continue;
    }
    broken.push(...brokenNames(top));
  }
  return { decls: decls.map((d) => withExtensions(d, extended.get(d))), broken };
}

/** The instances `from..to`, or null (reported) when the range is not whole numbers or too long. */
function instanceRange(r: RepeatDecl, diags: Diagnostics): { from: number; to: number } | null {
  const { from, to } = r;
  const whole = (n: Expr & { kind: 'number' }) => !n.percent && Number.isInteger(n.value);
  const span = { ...from.span, endLine: to.span.endLine, endColumn: to.span.endColumn, end: to.span.end };
  if (!whole(from) || !whole(to) || from.value < 0 || to.value < from.value) {
    diags.add('E_RANGE', span, `a repeat's range is two whole numbers, the first at least 0 and not above the second (1..4)`);
    return null;
  }
  if (to.value - from.value + 1 > MAX_INSTANCES) {
    const message = `this repeat has ${to.value - from.value + 1} instances; at most ${MAX_INSTANCES} are allowed`;
    diags.add('E_LIMIT', span, message);
    return null;
  }
  return { from: from.value, to: to.value };
}

/** The declarations of `r` that may be repeated; the others are reported once. */
function repeatable(r: RepeatDecl, diags: Diagnostics): Decl[] {
  const out: Decl[] = [];
  for (const d of r.decls) {
    if (d.kind === 'repeat') {
      diags.add(
        'E_REPEAT',
        d.keyword,
        'repeats do not nest; give the inner declarations both indexes in one repeat, or repeat them outside',
      );
    } else if (!REPEATABLE.has(d.kind)) {
      const what = d.kind === 'rule' ? d.severity : d.kind;
      diags.add(
        'E_REPEAT',
        d.keyword,
        `a repeat holds fields, lets, groups, rules, constraints, price lines and output items, not "${what}" declarations`,
      );
    } else if (d.kind === 'constraint' && d.entries.some((e) => e.kind === 'prop' && e.key.text === 'table')) {
      diags.add(
        'E_REPEAT',
        d.keyword,
        'a constraint in a repeat is a "require" condition; write compatibility tables outside the repeat',
      );
    } else if (validExtension(d, diags)) out.push(d);
  }
  return out;
}

/** A repeat's price block holds lines; its output blocks hold items (and their `items` labels). */
function validExtension(d: Decl, diags: Diagnostics): boolean {
  let ok = true;
  if (d.kind === 'output' && d.internal) {
    diags.add('E_REPEAT', d.keyword, `write "internal" where the output group "${d.id.name}" is declared, outside the repeat`);
    ok = false;
  }
  if (d.kind !== 'price' && d.kind !== 'output') return ok;
  const group = d.kind === 'output' ? d.id.name : '';
  for (const e of d.entries) {
    const fits = d.kind === 'price' ? e.kind === 'line' : e.kind === 'item' || (e.kind === 'prop' && e.key.text === 'items');
    if (fits) continue;
    const message =
      d.kind === 'price'
        ? "a repeat's price block holds lines and surcharges; quantity discounts and per-order charges go in the product's price block"
        : `a repeat's output block holds items (and their labels in "items"); the group's own properties go where "${group}" is declared`;
    diags.add('E_REPEAT', e.span, message);
    ok = false;
  }
  return ok;
}

/**
 * Whether `d` declares something new in every instance: its name holds the index. A declaration without it would
 * collide with itself, so it is reported (once, for the second instance) and made once. Price and output blocks
 * check their lines and items the same way.
 */
function perInstance(r: RepeatDecl, d: Decl, diags: Diagnostics | null): boolean {
  const hole = `{${r.index.name}}`;
  const check = (id: Ident, what: string) => {
    if (id.name.includes(hole)) return true;
    const message = `the ${what} "${id.name}" would be declared once per instance of the repeat: put ${hole} in its name (${id.name}_${hole})`;
    diags?.add('E_DUPLICATE', id.span, message);
    return false;
  };
  if (d.kind === 'price' || d.kind === 'output') {
    const ids = d.entries.flatMap((e) => (e.kind === 'line' || e.kind === 'item' ? [e.id] : []));
    return ids.map((id) => check(id, d.kind === 'price' ? 'price line' : 'output item')).every(Boolean);
  }
  if (d.kind === 'field' || d.kind === 'let' || d.kind === 'group' || d.kind === 'rule' || d.kind === 'constraint') {
    return check(d.id, d.kind === 'rule' ? 'rule' : d.kind);
  }
  return true;
}

/**
 * "Instance n is active", `count >= n`, and how to join it to a condition; the joined conditions carry their text
 * (the form shows it as their `source`) with the instance's holes filled in.
 */
interface Active {
  test: Expr;
  and: (e: Expr) => Expr;
  /** `count < n or e`, for constraints. */
  orIdle: (e: Expr) => Expr;
}

function active(count: Expr, n: number, map: SourceMap, instance: Instance): Active {
  const text = (e: Expr) => e.span.text ?? instance.text(map.text.slice(e.span.start, e.span.end));
  const span = { ...count.span, text: `${text(count)} >= ${n}` };
  const test: Expr = { kind: 'binary', op: '>=', left: count, right: { kind: 'number', value: n, percent: false, span }, span };
  const idle: Expr = { ...test, op: '<', span: { ...span, text: `${text(count)} < ${n}` } };
  const join = (op: 'and' | 'or', left: Expr, e: Expr): Expr => ({
    kind: 'binary',
    op,
    left,
    right: e,
    span: { ...e.span, text: `${left.span.text} ${op} (${text(e)})` },
  });
  return { test, and: (e) => join('and', test, e), orIdle: (e) => join('or', idle, e) };
}

/** `d` applying only while its instance is active. */
function guard(d: Decl, a: Active): Decl {
  switch (d.kind) {
    case 'field':
      // A computed field always has its value (hidden.md): it has no visibility to take away.
      return FIELD_TYPES[d.type.name as keyof typeof FIELD_TYPES]?.computed
        ? d
        : { ...d, entries: joinProp(d.entries, 'visible_when', a.test, a.and) };
    case 'group':
      return { ...d, entries: joinProp(d.entries, 'visible_when', a.test, a.and) };
    case 'rule':
      return { ...d, entries: joinProp(d.entries, 'when', null, a.and) };
    case 'constraint':
      return { ...d, entries: joinProp(d.entries, 'require', null, a.orIdle) };
    case 'price':
    case 'output':
      return {
        ...d,
        entries: d.entries.map((e) =>
          e.kind === 'line' || e.kind === 'item' ? { ...e, when: e.when ? a.and(e.when) : a.test } : e,
        ),
      };
    default:
      return d;
  }
}

/** `entries` with the property `key` joined by `join`, or set to `alone` when there is none (and `alone` given). */
function joinProp(entries: Entry[], key: string, alone: Expr | null, join: (e: Expr) => Expr): Entry[] {
  let found = false;
  const out = entries.map((e) => {
    if (e.kind !== 'prop' || e.key.text !== key) return e;
    // A value that is no expression is reported by the checker; a second property would only add noise.
    found = true;
    return isExpr(e.value) ? { ...e, value: join(e.value) } : e;
  });
  if (!found && alone) {
    const span = alone.span;
    const prop: PropEntry = { kind: 'prop', key: { kind: 'name', text: key, value: 0, span }, value: alone, span };
    out.push(prop);
  }
  return out;
}

/** A price or output block a repeat adds to is missing: reported, unless a declaration that did not parse may be it. */
function missing(diags: Diagnostics, broken: BrokenDecl[], keyword: string, name: string | undefined, at: Span, message: string) {
  if (broken.some((b) => b.keyword === keyword && (name === undefined || b.name === name))) return;
  diags.add('E_UNDEFINED', at, message);
}

/** `d` with the lines or items repeats add to it; their `items` labels join the group's one `items` block. */
function withExtensions(d: Decl, added: Entry[] | undefined): Decl {
  if (!added || (d.kind !== 'price' && d.kind !== 'output')) return d;
  const entries: Entry[] = [];
  let items: PropEntry | undefined;
  for (const e of [...d.entries, ...added]) {
    const isItems = d.kind === 'output' && e.kind === 'prop' && e.key.text === 'items' && e.value.kind === 'block';
    if (!isItems) entries.push(e);
    else if (!items) {
      items = e;
      entries.push(e);
    } else if (items.value.kind === 'block' && e.value.kind === 'block') {
      const merged: PropEntry = { ...items, value: { ...items.value, entries: [...items.value.entries, ...e.value.entries] } };
      entries[entries.indexOf(items)] = merged;
      items = merged;
    }
  }
  return { ...d, entries };
}

/**
 * What a repeat that is not expanded (its range or size is refused) leaves behind: its instances' names, when the
 * range is whole numbers, as declarations that did not parse, so that references to them cause no cascade of errors.
 */
function brokenNames(r: RepeatDecl): BrokenDecl[] {
  const out: BrokenDecl[] = [];
  const from = r.from.value;
  // An unreadable range leaves no names; a long one the first MAX_INSTANCES.
  const to = Number.isInteger(from) && Number.isInteger(r.to.value) ? Math.min(r.to.value, from + MAX_INSTANCES - 1) : -1;
  for (const d of r.decls) {
    if (d.kind !== 'field' && d.kind !== 'let' && d.kind !== 'group' && d.kind !== 'output') continue;
    for (let n = from; n <= to; n++) {
      const name = d.id.name.replaceAll(`{${r.index.name}}`, String(n));
      out.push({ keyword: d.kind, name, mentions: [name], span: d.span });
    }
  }
  return out;
}

/** The header of a repeat: its index and range. Linear: no nested repetition. */
const HEADER = /^repeat\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+([0-9]+)\s*\.\.([0-9]+)/;
/** Names a repeat that did not parse may stand for, at most: past them, references to it are reported. */
const MAX_UNPARSED_NAMES = 10_000;

/**
 * What a repeat that did not parse may declare: every name written in it with its index's hole, for each instance
 * of its range when its header reads, as names of declarations that did not parse (no cascade of errors).
 */
function unparsedNames(b: BrokenDecl, map: SourceMap): BrokenDecl[] {
  const header = HEADER.exec(map.text.slice(b.span.start, Math.min(b.span.end, b.span.start + 200)));
  if (!header) return [];
  const [, index = '', from = '0', to = '0'] = header;
  const first = Number(from);
  const last = Math.min(Number(to), first + MAX_INSTANCES - 1);
  const out: BrokenDecl[] = [];
  for (const m of new Set(b.mentions)) {
    if (!m.includes(`{${index}}`)) continue;
    for (let n = first; n <= last && out.length < MAX_UNPARSED_NAMES; n++) {
      const name = m.replaceAll(`{${index}}`, String(n));
      out.push(
        { keyword: 'field', name, mentions: [name], span: b.span },
        { keyword: 'group', name, mentions: [], span: b.span },
      );
    }
  }
  return out;
}
