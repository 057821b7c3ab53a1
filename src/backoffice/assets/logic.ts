// A small JSON Logic evaluator (jsonlogic.com semantics) for the conditions a form carries, so the preview can
// show, hide, enable and require fields as the author types. It knows the standard operations the form uses and
// the extra operation `value`, which reads the form's logic_values (window.cpqLogic.setValues); the other extra
// operations (docs/api.md) throw here, so a condition using them counts as its default until the server's states
// arrive (the storefront component registers all of them from src/lang/logic-ops.ts).
// window.cpqLogic.apply(logic, data): data maps field ids (and `quantity`) to the values set; unknown ops throw.
export const logicJs = String.raw`
(function () {
  'use strict';
  var own = Object.prototype.hasOwnProperty;

  // JSON Logic truthiness: like JavaScript, except that an empty array is false.
  function truthy(v) { return Array.isArray(v) ? v.length > 0 : !!v; }

  function lookup(data, path, fallback) {
    if (path === '' || path === null || path === undefined) return data;
    var parts = String(path).split('.');
    var at = data;
    for (var i = 0; i < parts.length; i++) {
      // Only own properties: a field called "constructor" or "__proto__" must not reach Object.prototype.
      if (at === null || typeof at !== 'object' || !own.call(at, parts[i])) return fallback;
      at = at[parts[i]];
    }
    return at === undefined ? fallback : at;
  }

  function num(v) { return typeof v === 'number' ? v : parseFloat(v); }

  function compare(op, a, b) {
    switch (op) {
      case '<': return a < b;
      case '<=': return a <= b;
      case '>': return a > b;
      default: return a >= b;
    }
  }

  // Operators whose arguments are evaluated first.
  var EAGER = {
    '==': function (a, b) { return a == b; },
    '===': function (a, b) { return a === b; },
    '!=': function (a, b) { return a != b; },
    '!==': function (a, b) { return a !== b; },
    '!': function (a) { return !truthy(a); },
    '!!': function (a) { return truthy(a); },
    '<': function (a, b, c) { return c === undefined ? compare('<', a, b) : a < b && b < c; },
    '<=': function (a, b, c) { return c === undefined ? compare('<=', a, b) : a <= b && b <= c; },
    '>': function (a, b) { return compare('>', a, b); },
    '>=': function (a, b) { return compare('>=', a, b); },
    'in': function (a, b) { return !!b && typeof b.indexOf === 'function' && b.indexOf(a) !== -1; },
    'cat': function () { return Array.prototype.map.call(arguments, function (x) { return x === null || x === undefined ? '' : String(x); }).join(''); },
    '+': function () { return Array.prototype.reduce.call(arguments, function (s, x) { return s + num(x); }, 0); },
    '*': function () { return Array.prototype.reduce.call(arguments, function (s, x) { return s * num(x); }, 1); },
    '-': function (a, b) { return b === undefined ? -num(a) : num(a) - num(b); },
    '/': function (a, b) { return num(a) / num(b); },
    'min': function () { return arguments.length ? Math.min.apply(null, Array.prototype.map.call(arguments, num)) : null; },
    'max': function () { return arguments.length ? Math.max.apply(null, Array.prototype.map.call(arguments, num)) : null; }
  };

  var values = Object.create(null);
  var memos = new WeakMap();

  // {"value": name}: the form's logic_values[name] on the same data, memoized per data object.
  function value(name, data) {
    if (!own.call(values, name)) throw new Error('No value named ' + name);
    var memo = memos.get(data);
    if (!memo) { memo = new Map(); memos.set(data, memo); }
    if (memo.has(name)) {
      var known = memo.get(name);
      if (known.busy) throw new Error('The value ' + name + ' reads itself');
      if (known.failed) throw known.failed;
      return known.v;
    }
    memo.set(name, { busy: true });
    try {
      var v = apply(values[name], data);
      memo.set(name, { v: v });
      return v;
    } catch (e) {
      memo.set(name, { failed: e });
      throw e;
    }
  }

  function apply(logic, data) {
    if (Array.isArray(logic)) return logic.map(function (x) { return apply(x, data); });
    if (logic === null || typeof logic !== 'object') return logic;
    var keys = Object.keys(logic);
    if (keys.length !== 1) throw new Error('A JSON Logic rule has exactly one operator');
    var op = keys[0];
    var args = logic[op];
    if (!Array.isArray(args)) args = [args];
    var i;
    switch (op) {
      case 'value':
        return value(String(apply(args, data)[0]), data);
      case 'var': {
        var a = apply(args, data);
        return lookup(data, a[0], a.length > 1 ? a[1] : null);
      }
      case 'if':
      case '?:':
        for (i = 0; i + 1 < args.length; i += 2) if (truthy(apply(args[i], data))) return apply(args[i + 1], data);
        return args.length % 2 === 1 ? apply(args[args.length - 1], data) : null;
      case 'and': {
        var lastAnd = null;
        for (i = 0; i < args.length; i++) { lastAnd = apply(args[i], data); if (!truthy(lastAnd)) return lastAnd; }
        return lastAnd;
      }
      case 'or': {
        var lastOr = null;
        for (i = 0; i < args.length; i++) { lastOr = apply(args[i], data); if (truthy(lastOr)) return lastOr; }
        return lastOr;
      }
    }
    if (!own.call(EAGER, op)) throw new Error('Unrecognized JSON Logic operation: ' + op);
    return EAGER[op].apply(null, args.map(function (x) { return apply(x, data); }));
  }

  function setValues(v) { values = v || Object.create(null); memos = new WeakMap(); }

  window.cpqLogic = { apply: apply, truthy: truthy, setValues: setValues };
})();
`;
