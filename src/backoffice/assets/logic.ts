// A small JSON Logic evaluator (jsonlogic.com semantics) for the conditions a form carries, so the preview can
// show, hide, enable and require fields as the author types. Covers what src/lang/runtime/jsonlogic.ts emits.
// window.cpqLogic.apply(logic, data): data maps field ids (and `quantity`) to values; unknown ops throw.
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

  window.cpqLogic = { apply: apply, truthy: truthy };
})();
`;
