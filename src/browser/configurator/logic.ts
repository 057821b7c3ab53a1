// A small JSON Logic evaluator (jsonlogic.com semantics) for the conditions a form carries, so the configurator
// shows, hides, enables and requires fields with no round trip. Unknown operations throw; the extra operations the
// server documents (src/lang/logic-ops.ts) plug in through addOperation, one table. As in json-logic-js, an
// operation gets the evaluated arguments and the data as `this`.

type Op = (this: unknown, ...args: unknown[]) => unknown;

const own = Object.prototype.hasOwnProperty;

/** JSON Logic truthiness: like JavaScript, except that an empty array is false. */
export function truthy(v: unknown): boolean {
  return Array.isArray(v) ? v.length > 0 : !!v;
}

function lookup(data: unknown, path: unknown, fallback: unknown): unknown {
  if (path === '' || path === null || path === undefined) return data;
  let at = data;
  for (const part of String(path).split('.')) {
    // Only own properties: a field called "constructor" or "__proto__" must not reach Object.prototype.
    if (at === null || typeof at !== 'object' || !own.call(at, part)) return fallback;
    at = (at as Record<string, unknown>)[part];
  }
  return at === undefined ? fallback : at;
}

const num = (v: unknown) => (typeof v === 'number' ? v : Number.parseFloat(String(v)));
// biome-ignore lint/suspicious/noExplicitAny: JSON Logic compares like JavaScript, on any values.
type Loose = any;
const chain = (test: (a: Loose, b: Loose) => boolean) => (a: unknown, b: unknown, c?: unknown) =>
  c === undefined ? test(a, b) : test(a, b) && test(b, c);

/** The standard operations whose arguments are evaluated first. */
const STANDARD: Record<string, Op> = {
  // biome-ignore lint/suspicious/noDoubleEquals: JSON Logic's == is JavaScript's loose equality.
  '==': (a, b) => a == b,
  '===': (a, b) => a === b,
  // biome-ignore lint/suspicious/noDoubleEquals: as above.
  '!=': (a, b) => a != b,
  '!==': (a, b) => a !== b,
  '!': (a) => !truthy(a),
  '!!': (a) => truthy(a),
  '<': chain((a, b) => a < b),
  '<=': chain((a, b) => a <= b),
  '>': (a: Loose, b: Loose) => a > b,
  '>=': (a: Loose, b: Loose) => a >= b,
  in: (a, b: Loose) => !!b && typeof b.indexOf === 'function' && b.indexOf(a) !== -1,
  cat: (...xs) => xs.map((x) => (x === null || x === undefined ? '' : String(x))).join(''),
  '+': (...xs) => xs.reduce<number>((s, x) => s + num(x), 0),
  '*': (...xs) => xs.reduce<number>((s, x) => s * num(x), 1),
  '-': (a, b) => (b === undefined ? -num(a) : num(a) - num(b)),
  '/': (a, b) => num(a) / num(b),
  '%': (a, b) => num(a) % num(b),
  min: (...xs) => (xs.length ? Math.min(...xs.map(num)) : null),
  max: (...xs) => (xs.length ? Math.max(...xs.map(num)) : null),
};

const OPS: Record<string, Op> = { ...STANDARD };

/** Adds or replaces an extra operation (json-logic-js's add_operation); a standard one cannot be replaced. */
export function addOperation(name: string, op: Op): void {
  if (!own.call(STANDARD, name)) OPS[name] = op;
}

export function apply(logic: unknown, data: unknown): unknown {
  if (Array.isArray(logic)) return logic.map((x) => apply(x, data));
  if (logic === null || typeof logic !== 'object') return logic;
  const keys = Object.keys(logic);
  if (keys.length !== 1) throw new Error('A JSON Logic rule has exactly one operator');
  const op = keys[0]!;
  const raw = (logic as Record<string, unknown>)[op];
  const args = Array.isArray(raw) ? raw : [raw];
  switch (op) {
    case 'var': {
      const a = apply(args, data) as unknown[];
      return lookup(data, a[0], a.length > 1 ? a[1] : null);
    }
    case 'if':
    case '?:': {
      let i = 0;
      for (; i + 1 < args.length; i += 2) if (truthy(apply(args[i], data))) return apply(args[i + 1], data);
      return i < args.length ? apply(args[i], data) : null;
    }
    case 'and':
    case 'or': {
      let last: unknown = null;
      for (const a of args) {
        last = apply(a, data);
        if (truthy(last) !== (op === 'and')) return last;
      }
      return last;
    }
  }
  if (!own.call(OPS, op)) throw new Error(`Unrecognized JSON Logic operation: ${op}`);
  return OPS[op]!.apply(
    data,
    args.map((x) => apply(x, data)),
  );
}
