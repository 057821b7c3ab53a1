// The schema editor's view: a transparent textarea over a highlighted <pre>, a line-number gutter, and a third
// layer that underlines diagnostics at their line and column. window.cpqEditor(root) returns its controller.
export const editorViewJs = String.raw`
(function () {
  'use strict';
  function escape(s) { return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'); }

  // Line starts of a text, so that (line, column) ↔ offset conversions are O(log n).
  function lineStarts(text) {
    var starts = [0];
    for (var i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
    return starts;
  }

  // Columns count code points, as the API's do: an emoji is one column but two UTF-16 units of the textarea.
  function pairAt(text, i) {
    var c = text.charCodeAt(i), d = text.charCodeAt(i + 1);
    return c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff;
  }

  function offsetOf(starts, text, line, column) {
    var l = Math.min(Math.max(line, 1), starts.length);
    var lineEnd = l < starts.length ? starts[l] - 1 : text.length;
    var i = starts[l - 1];
    for (var k = 1; k < column && i < lineEnd; k++) i += pairAt(text, i) ? 2 : 1;
    return Math.min(i, lineEnd);
  }

  function positionOf(starts, text, offset) {
    var lo = 0, hi = starts.length - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (starts[mid] <= offset) lo = mid; else hi = mid - 1; }
    var column = 1;
    for (var i = starts[lo]; i < offset; i += pairAt(text, i) ? 2 : 1) column++;
    return { line: lo + 1, column: column };
  }

  // The stretch of text a diagnostic underlines: its own range, or the word at its start when the range is empty.
  function rangeOf(starts, text, d) {
    var start = offsetOf(starts, text, d.line, d.column);
    var end = d.end_line ? offsetOf(starts, text, d.end_line, d.end_column) : start;
    if (end <= start) {
      end = start;
      while (end < text.length && /[A-Za-z0-9_@."]/.test(text[end])) end++;
      if (end === start && end < text.length && text[end] !== '\n') end += pairAt(text, end) ? 2 : 1;
    }
    return { start: start, end: end, severity: d.severity };
  }

  window.cpqEditor = function (root) {
    var textarea = root.querySelector('textarea');
    var scroller = root.querySelector('.editor-scroll');
    var highlight = root.querySelector('.layer-hl');
    var marks = root.querySelector('.layer-diag');
    var gutter = root.querySelector('.gutter');
    var diagnostics = [];
    var pending = false;

    function renderGutter(lineCount) {
      var bySeverity = new Map();
      diagnostics.forEach(function (d) {
        if (bySeverity.get(d.line) !== 'error') bySeverity.set(d.line, d.severity);
      });
      var html = '';
      for (var i = 1; i <= lineCount; i++) {
        var sev = bySeverity.get(i);
        html += sev ? '<div class="ln has-' + sev + '">' + i + '</div>' : '<div class="ln">' + i + '</div>';
      }
      gutter.innerHTML = html;
    }

    function renderMarks(text, starts) {
      var ranges = diagnostics.map(function (d) { return rangeOf(starts, text, d); }).sort(function (a, b) { return a.start - b.start; });
      var html = '';
      var at = 0;
      ranges.forEach(function (r) {
        if (r.start < at) return;
        html += escape(text.slice(at, r.start));
        html += r.end > r.start
          ? '<span class="sq sq-' + r.severity + '">' + escape(text.slice(r.start, r.end)) + '</span>'
          : '<span class="sq sq-' + r.severity + ' sq-eol"> </span>';
        at = r.end;
      });
      marks.innerHTML = html + escape(text.slice(at));
    }

    function render() {
      pending = false;
      var text = textarea.value;
      var starts = lineStarts(text);
      // A trailing newline needs a visible last line in the <pre> for the layers to keep the textarea's height.
      highlight.innerHTML = window.cpqHighlight(text) + '\n';
      renderMarks(text, starts);
      renderGutter(starts.length);
    }

    function schedule() { if (!pending) { pending = true; requestAnimationFrame(render); } }

    function lineHeight() { return parseFloat(getComputedStyle(highlight).lineHeight) || 20; }

    function charWidth() {
      var probe = document.createElement('span');
      probe.textContent = 'MMMMMMMMMM';
      highlight.appendChild(probe);
      var w = probe.getBoundingClientRect().width / 10;
      probe.remove();
      return w;
    }

    function reveal(line, column) {
      var lh = lineHeight();
      var top = (line - 1) * lh;
      if (top < scroller.scrollTop || top + lh > scroller.scrollTop + scroller.clientHeight) scroller.scrollTop = Math.max(0, top - scroller.clientHeight / 3);
      var left = (column - 1) * charWidth();
      var visible = scroller.clientWidth - gutter.offsetWidth - 40;
      if (left < scroller.scrollLeft || left > scroller.scrollLeft + visible) scroller.scrollLeft = Math.max(0, left - visible / 2);
    }

    function jumpTo(d) {
      var text = textarea.value;
      var r = rangeOf(lineStarts(text), text, d);
      textarea.focus({ preventScroll: true });
      textarea.setSelectionRange(r.start, r.end);
      reveal(d.line, d.column);
    }

    function caret() { var text = textarea.value; return positionOf(lineStarts(text), text, textarea.selectionStart); }

    textarea.addEventListener('input', schedule);
    render();

    return {
      textarea: textarea,
      setDiagnostics: function (list) { diagnostics = list; render(); },
      diagnostics: function () { return diagnostics; },
      jumpTo: jumpTo,
      caret: caret,
      reveal: reveal
    };
  };
})();
`;
