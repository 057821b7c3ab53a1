// Prototype (not kept): a model's numeric lets, line amounts and output items evaluated eagerly by one loop over an
// instruction array with Float64Array registers, against closures-only on the same units. An upper bound: no
// `finite` checks, no work units, no readIn for the lets it computes.
import type { Expr, ProductIR } from '../../../src/lang/ir';
import { compileModel } from '../../../src/lang/runtime/compiled-model';
import { Ctx, DONE, type Fn } from '../../../src/lang/runtime/context';
import { roundHalfAway, roundTo, snapSelf, stepTo } from '../../../src/lang/runtime/numeric';
import type { Order } from '../configs';

const CONST = 0, REG = 1, LEAF = 2, ADD = 3, SUB = 4, MUL = 5, DIV = 6, NEG = 7, ROUND1 = 8, ROUND2 = 9, CEIL = 10,
  FLOOR = 11, CEILTO = 12, FLOORTO = 13, MIN2 = 14, MAX2 = 15, ABS = 16, STORE = 17, DROP = 18, QTY = 19;

export function registers(ir: ProductIR, orders: readonly Order[]) {
  const m = compileModel(ir);
  const c = new Ctx(m.slots, ir.fields.length);
  const names = m.slots.names;
  const slotOf = (n: string) => names.indexOf(n);
  const numericField = new Set(ir.fields.filter((f) => f.valueType === 'number').map((f) => f.id));
  const numericAttr = (e: Extract<Expr, { k: 'attr' }>) => {
    const f = ir.fields.find((x) => x.id === e.field);
    return f?.options?.every((o) => typeof o.attrs[e.attr] === 'number') ?? false;
  };
  const lets = ir.lets;
  const numLets = new Map<string, boolean>();
  const FNS: Record<string, number[]> = { round: [ROUND1, ROUND2], ceil: [CEIL], floor: [FLOOR], ceil_to: [-1, CEILTO], floor_to: [-1, FLOORTO], min: [-1, MIN2], max: [-1, MAX2], abs: [ABS] };
  const pure = (e: Expr): boolean => {
    switch (e.k) {
      case 'num': return true;
      case 'ref': return e.name === 'quantity' || numericField.has(e.name) || (Object.hasOwn(lets, e.name) && isNumLet(e.name));
      case 'attr': return e.field !== 'price' && numericAttr(e);
      case 'bin': return '+-*/'.includes(e.op) && e.op.length === 1 && pure(e.a) && pure(e.b);
      case 'neg': return pure(e.a);
      case 'call': return (FNS[e.fn]?.[e.args.length - 1] ?? -1) >= 0 && e.args.every(pure);
      case 'table': case 'index': return true; // a leaf closure
      default: return false;
    }
  };
  const isNumLet = (n: string): boolean => {
    if (!numLets.has(n)) { numLets.set(n, false); numLets.set(n, pure(lets[n]!)); }
    return numLets.get(n)!;
  };
  const code: number[] = [];
  const consts: number[] = [];
  const leaves: Fn[] = [];
  const emit = (e: Expr): void => {
    switch (e.k) {
      case 'num': code.push(CONST, consts.push(e.v) - 1); return;
      case 'ref': if (e.name === 'quantity') code.push(QTY, 0); else code.push(REG, slotOf(e.name)); return;
      case 'attr': code.push(REG, slotOf(`${e.field}.${e.attr}`)); return;
      case 'bin': emit(e.a); emit(e.b); code.push({ '+': ADD, '-': SUB, '*': MUL, '/': DIV }[e.op as '+']!, 0); return;
      case 'neg': emit(e.a); code.push(NEG, 0); return;
      case 'call': for (const a of e.args) emit(a); code.push(FNS[e.fn]![e.args.length - 1]!, 0); return;
      default: code.push(LEAF, leaves.push(m.compile(e)) - 1);
    }
  };
  // Numeric lets in dependency order.
  const done = new Set<string>();
  const letSlots: number[] = [];
  const visit = (e: Expr) => {
    if (e.k === 'ref' && Object.hasOwn(lets, e.name) && isNumLet(e.name) && !done.has(e.name)) {
      done.add(e.name);
      walk(lets[e.name]!, visit);
      emit(lets[e.name]!);
      const s = slotOf(e.name);
      code.push(STORE, s);
      letSlots.push(s);
    }
  };
  const walk = (e: Expr, f: (x: Expr) => void) => { f(e); for (const k of ['a', 'b', 'c', 't', 'e', 'key'] as const) { const x = (e as Record<string, unknown>)[k]; if (x && typeof x === 'object') walk(x as Expr, f); } for (const a of (e as { args?: Expr[] }).args ?? []) walk(a, f); };
  for (const n of Object.keys(lets)) visit({ k: 'ref', name: n });
  const closureUnits: Fn[] = [];
  let programUnits = 0;
  const unit = (e: Expr, fn: Fn) => { if (pure(e)) { emit(e); code.push(DROP, 0); programUnits++; } else closureUnits.push(fn); };
  m.lines.forEach((l) => { if (l.when) closureUnits.push(l.when); unit(l.ir.amount, l.amount); });
  for (const r of m.rules) closureUnits.push(r.when);
  for (const k of m.constraints) closureUnits.push(k.holds);
  m.outputs.forEach((g, gi) => g.items.forEach((it, ii) => { if (it.readsPrice) return; if (it.when) closureUnits.push(it.when); unit(ir.outputs[gi]!.items[ii]!.value, it.value); }));
  // Variant: the same trees as closures over unboxed registers (each node writes R[its register], returns nothing).
  type Step = () => void;
  const U = new Float64Array(4096);
  let next = names.length;
  const cl = (e: Expr): [Step | null, number] => {
    switch (e.k) {
      case 'num': { const r = next++; U[r] = e.v; return [null, r]; }
      case 'ref': if (e.name === 'quantity') { const r = next++; return [() => { U[r] = c.quantity; }, r]; } return [null, slotOf(e.name)];
      case 'attr': return [null, slotOf(`${e.field}.${e.attr}`)];
      case 'bin': {
        const [fa, a] = cl(e.a); const [fb, b] = cl(e.b); const r = next++;
        const op = e.op;
        const body: Step = op === '+' ? () => { U[r] = U[a]! + U[b]!; } : op === '-' ? () => { U[r] = U[a]! - U[b]!; } : op === '*' ? () => { U[r] = U[a]! * U[b]!; } : () => { if (U[b] === 0) throw new Error('div0'); U[r] = U[a]! / U[b]!; };
        if (fa && fb) return [() => { fa(); fb(); body(); }, r];
        if (fa) return [() => { fa(); body(); }, r];
        if (fb) return [() => { fb(); body(); }, r];
        return [body, r];
      }
      case 'neg': { const [fa, a] = cl(e.a); const r = next++; return [() => { fa?.(); U[r] = -U[a]!; }, r]; }
      case 'call': {
        const parts = e.args.map(cl); const r = next++; const [x, y] = parts;
        const fx = x![0], ax = x![1], fy = y?.[0], ay = y?.[1] ?? 0;
        const pre = () => { fx?.(); fy?.(); };
        switch (e.fn) {
          case 'round': return [parts.length === 1 ? () => { pre(); U[r] = roundHalfAway(U[ax]!); } : () => { pre(); U[r] = roundTo(U[ax]!, U[ay]!); }, r];
          case 'ceil': return [() => { pre(); U[r] = Math.ceil(snapSelf(U[ax]!)); }, r];
          case 'floor': return [() => { pre(); U[r] = Math.floor(snapSelf(U[ax]!)); }, r];
          case 'ceil_to': return [() => { pre(); U[r] = stepTo(U[ax]!, U[ay]!, true); }, r];
          case 'floor_to': return [() => { pre(); U[r] = stepTo(U[ax]!, U[ay]!, false); }, r];
          case 'min': return [() => { pre(); U[r] = Math.min(U[ax]!, U[ay]!); }, r];
          case 'max': return [() => { pre(); U[r] = Math.max(U[ax]!, U[ay]!); }, r];
          default: return [() => { pre(); U[r] = Math.abs(U[ax]!); }, r];
        }
      }
      default: { const f = m.compile(e); const r = next++; return [() => { U[r] = f(c) as number; }, r]; }
    }
  };
  const steps: Step[] = [];
  const storeLets: number[] = [];
  for (const s of letSlots) { const [f, r] = cl(lets[names[s]!]!); steps.push(f ? () => { f(); U[s] = U[r]!; } : () => { U[s] = U[r]!; }); storeLets.push(s); }
  m.lines.forEach((l) => { if (pure(l.ir.amount)) { const [f] = cl(l.ir.amount); if (f) steps.push(f); } });
  m.outputs.forEach((g, gi) => g.items.forEach((it, ii) => { if (it.readsPrice) return; const e = ir.outputs[gi]!.items[ii]!.value; if (pure(e)) { const [f] = cl(e); if (f) steps.push(f); } }));
  const prog = Int32Array.from(code);
  const K = Float64Array.from(consts);
  const R = new Float64Array(names.length);
  const S = new Float64Array(64);
  const letSet = new Set(letSlots);
  const inputs = names.flatMap((n, s) => (s < ir.fields.length || n.includes('.')) && !n.startsWith('price.') ? [s] : []);
  const rest = names.flatMap((n, s) => (!inputs.includes(s) && !letSet.has(s) && !n.startsWith('price.') ? [s] : []));
  const sent = new Map(orders.map((o) => [o, ir.fields.map((f) => o.configuration[f.id])]));
  const run = (): number => {
    let sp = 0;
    for (let pc = 0; pc < prog.length; pc += 2) {
      const arg = prog[pc + 1]!;
      switch (prog[pc]) {
        case CONST: S[sp++] = K[arg]!; break;
        case REG: S[sp++] = R[arg]!; break;
        case QTY: S[sp++] = c.quantity; break;
        case LEAF: S[sp++] = leaves[arg]!(c) as number; break;
        case ADD: sp--; S[sp - 1] = S[sp - 1]! + S[sp]!; break;
        case SUB: sp--; S[sp - 1] = S[sp - 1]! - S[sp]!; break;
        case MUL: sp--; S[sp - 1] = S[sp - 1]! * S[sp]!; break;
        case DIV: sp--; if (S[sp] === 0) throw new Error('div0'); S[sp - 1] = S[sp - 1]! / S[sp]!; break;
        case NEG: S[sp - 1] = -S[sp - 1]!; break;
        case ROUND1: S[sp - 1] = roundHalfAway(S[sp - 1]!); break;
        case ROUND2: sp--; S[sp - 1] = roundTo(S[sp - 1]!, S[sp]!); break;
        case CEIL: S[sp - 1] = Math.ceil(snapSelf(S[sp - 1]!)); break;
        case FLOOR: S[sp - 1] = Math.floor(snapSelf(S[sp - 1]!)); break;
        case CEILTO: sp--; S[sp - 1] = stepTo(S[sp - 1]!, S[sp]!, true); break;
        case FLOORTO: sp--; S[sp - 1] = stepTo(S[sp - 1]!, S[sp]!, false); break;
        case MIN2: sp--; S[sp - 1] = Math.min(S[sp - 1]!, S[sp]!); break;
        case MAX2: sp--; S[sp - 1] = Math.max(S[sp - 1]!, S[sp]!); break;
        case ABS: S[sp - 1] = Math.abs(S[sp - 1]!); break;
        case STORE: R[arg] = S[--sp]!; c.v[arg] = R[arg]!; c.st[arg] = DONE; break;
        case DROP: sp--; break;
      }
    }
    return sp;
  };
  const coverage = `${letSlots.length}/${Object.keys(lets).length} lets, ${programUnits}/${programUnits + closureUnits.length} units, ${prog.length / 2} instructions`;
  const check = (o: Order) => { const c2 = new Ctx(m.slots, ir.fields.length); c2.reset(o.quantity); const raw = sent.get(o)!; for (let i = 0; i < raw.length; i++) c2.raw[i] = raw[i]; return letSlots.every((s) => { try { return c2.force(s) === c.v[s]; } catch { return true; } }); };
  const fn2 = (o: Order) => {
    c.reset(o.quantity);
    const raw = sent.get(o)!;
    for (let i = 0; i < raw.length; i++) c.raw[i] = raw[i];
    let n = 0;
    for (const s of inputs) {
      try { if (c.st[s] !== DONE) c.force(s); const v = c.v[s]; U[s] = typeof v === 'number' ? v : 0; } catch { n++; }
    }
    try { for (let k = 0; k < steps.length; k++) steps[k]!(); for (const s of storeLets) { c.v[s] = U[s]!; c.st[s] = DONE; } } catch { n++; }
    for (const s of rest) { try { if (c.st[s] !== DONE) c.force(s); } catch { n++; } }
    for (const fn of closureUnits) { try { fn(c); } catch { n++; } }
    return n;
  };
  return {
    fn2,
    check,
    coverage,
    fn: (o: Order) => {
      c.reset(o.quantity);
      const raw = sent.get(o)!;
      for (let i = 0; i < raw.length; i++) c.raw[i] = raw[i];
      let n = 0;
      for (const s of inputs) {
        try { if (c.st[s] !== DONE) c.force(s); const v = c.v[s]; R[s] = typeof v === 'number' ? v : 0; } catch { n++; }
      }
      try { n += run(); } catch { n++; }
      for (const s of rest) { try { if (c.st[s] !== DONE) c.force(s); } catch { n++; } }
      for (const fn of closureUnits) { try { fn(c); } catch { n++; } }
      return n;
    },
  };
}
