// Syntax highlighting of the schema language for the editor: one pass of one regular expression, HTML out.
// Mirrors docs/schema-language.md (keywords, @translation keys, percentages); the field types and table kinds are
// written in from the language's own lists when the script is built.
import { KINDS as TABLE_KINDS } from '../../lang/check/tables';
import { FIELD_TYPE_NAMES } from '../../lang/fields/registry';

const kinds = JSON.stringify([...FIELD_TYPE_NAMES, ...TABLE_KINDS]);

export const highlightJs = String.raw`
(function () {
  'use strict';
  var KEYWORDS = new Set('product group field let table price output error warning translations if then else and or not in true false when line surcharge internal public'.split(' '));
  var KINDS = new Set(${kinds});
  var TOKEN = /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|("(?:[^"\\\n]|\\.)*"?)|(@[A-Za-z_][A-Za-z0-9_]*)|(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?%?)|([A-Za-z_][A-Za-z0-9_]*)/g;
  var KIND_CONTEXT = /(?:^|\n)[ \t]*(?:field|table)[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]*:[ \t]*$/;

  function escape(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }
  function span(cls, s) { return '<span class="tok-' + cls + '">' + escape(s) + '</span>'; }

  function classify(word, text, start, end) {
    if (KEYWORDS.has(word)) return 'kw';
    var after = text.slice(end, end + 40);
    if (KINDS.has(word) && KIND_CONTEXT.test(text.slice(Math.max(0, start - 200), start))) return 'type';
    if (/^[ \t]*\(/.test(after)) return 'fn';
    if (/^[ \t]*:/.test(after)) return 'prop';
    // A block opened at the start of a line: quantity { … }, options { … }, quantity_discount { … }.
    if (/^[ \t]*\{/.test(after) && /(^|\n)[ \t]*$/.test(text.slice(Math.max(0, start - 80), start))) return 'prop';
    return null;
  }

  window.cpqHighlight = function (text) {
    var out = '';
    var last = 0;
    TOKEN.lastIndex = 0;
    var m;
    while ((m = TOKEN.exec(text)) !== null) {
      out += escape(text.slice(last, m.index));
      if (m[1] !== undefined) out += span('comment', m[1]);
      else if (m[2] !== undefined) out += span('string', m[2]);
      else if (m[3] !== undefined) out += span('key', m[3]);
      else if (m[4] !== undefined) out += span('number', m[4]);
      else {
        var cls = classify(m[5], text, m.index, TOKEN.lastIndex);
        out += cls ? span(cls, m[5]) : escape(m[5]);
      }
      last = TOKEN.lastIndex;
    }
    return out + escape(text.slice(last));
  };
})();
`;
