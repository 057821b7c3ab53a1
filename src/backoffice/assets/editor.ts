// The schema editor page: validates as the author types (debounced POST /api/admin/validate), lists the
// diagnostics (click to jump), saves a new version (PUT …/products/{id}), and keeps keyboard use comfortable.
export const editorJs = String.raw`
(function () {
  'use strict';
  var form = document.getElementById('schema-form');
  if (!form) return;
  var editor = window.cpqEditor(form.querySelector('.editor'));
  var textarea = editor.textarea;
  var readonly = textarea.readOnly;
  var summary = document.getElementById('diag-summary');
  var list = document.getElementById('diag-list');
  var caretStatus = document.getElementById('caret-status');
  var store = form.dataset.store;
  var saved = textarea.value;
  var seq = 0;
  var timer = null;

  function plural(n, word) { return n + ' ' + word + (n === 1 ? '' : 's'); }

  function show(errors, warnings) {
    var all = errors.map(function (d) { return Object.assign({ severity: 'error' }, d); })
      .concat(warnings.map(function (d) { return Object.assign({ severity: 'warning' }, d); }))
      .sort(function (a, b) { return a.line - b.line || a.column - b.column; });
    editor.setDiagnostics(all);
    summary.className = 'diag-summary ' + (errors.length ? 'has-error' : warnings.length ? 'has-warning' : 'is-clean');
    summary.textContent = errors.length || warnings.length
      ? plural(errors.length, 'error') + ', ' + plural(warnings.length, 'warning')
      : 'No problems found';
    list.innerHTML = '';
    all.forEach(function (d) {
      var li = document.createElement('li');
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'diag diag-' + d.severity;
      b.innerHTML = '<span class="diag-icon" aria-hidden="true"></span><span class="diag-pos"></span><span class="diag-text"><span class="diag-msg"></span><span class="diag-code"></span></span>';
      b.querySelector('.diag-pos').textContent = d.line + ':' + d.column;
      b.querySelector('.diag-msg').textContent = d.message;
      b.querySelector('.diag-code').textContent = d.code;
      b.setAttribute('aria-label', d.severity + ' at line ' + d.line + ', column ' + d.column + ': ' + d.message);
      b.addEventListener('click', function () { editor.jumpTo(d); updateCaret(); });
      li.appendChild(b);
      list.appendChild(li);
    });
    updateCaret();
  }

  function updateCaret() {
    if (!caretStatus) return;
    var at = editor.caret();
    var here = editor.diagnostics().filter(function (d) { return d.line === at.line; })[0];
    caretStatus.textContent = 'Line ' + at.line + ', column ' + at.column + (here ? ' — ' + here.message : '');
  }

  async function validate() {
    var mine = ++seq;
    var answer = await window.cpq.api('POST', '/api/admin/validate', { schema: textarea.value });
    if (mine !== seq) return;
    if (answer.ok) show(answer.body.errors, answer.body.warnings);
    else { summary.className = 'diag-summary has-error'; summary.textContent = 'Could not check the schema: ' + ((answer.body && answer.body.error) || answer.status); }
  }

  function scheduleValidate() {
    clearTimeout(timer);
    summary.className = 'diag-summary is-busy';
    summary.textContent = 'Checking…';
    timer = setTimeout(validate, 350);
  }

  function productId() {
    var input = document.getElementById('product-id');
    return input ? input.value.trim() : form.dataset.product;
  }

  function markIdError(message) {
    var input = document.getElementById('product-id');
    var box = document.getElementById('product-id-error');
    if (!input || !box) return false;
    input.setAttribute('aria-invalid', message ? 'true' : 'false');
    box.textContent = message || '';
    if (message) input.focus();
    return true;
  }

  async function save() {
    if (readonly) return;
    var id = productId();
    markIdError('');
    // The format is the API's to judge (its 400 lands on this field); an empty id would not even reach it.
    if (!id) {
      markIdError('Give the product an id, e.g. pvc-window.');
      return;
    }
    clearTimeout(timer);
    seq++;
    var button = document.getElementById('save');
    button.disabled = true;
    var text = textarea.value;
    var path = '/api/admin/stores/' + encodeURIComponent(store) + '/products/' + encodeURIComponent(id);
    var answer = await window.cpq.api('PUT', path, { schema: text });
    button.disabled = false;
    var body = answer.body || {};
    if (answer.status === 201) {
      saved = text;
      window.cpq.flash('Created product ' + id + ' (version 1).');
      location.assign('/admin/stores/' + encodeURIComponent(store) + '/products/' + encodeURIComponent(id));
    } else if (answer.ok) {
      saved = text;
      show([], body.warnings || []);
      window.cpq.notify(body.unchanged ? 'No changes: version ' + body.version + ' stays current.' : 'Saved as version ' + body.version + '.');
      if (location.search) history.replaceState(null, '', location.pathname);
      await window.cpq.refresh('#versions');
      await window.cpq.refresh('#product-head');
    } else if (answer.status === 422) {
      show(body.errors || [], body.warnings || []);
      window.cpq.notify('Not saved: ' + plural((body.errors || []).length, 'error') + ' in the schema. Fix them and save again.', 'error');
    } else if (answer.status === 400 && markIdError(body.error)) {
      window.cpq.notify(body.error, 'error');
    } else if (answer.status !== 401) {
      window.cpq.notify('Not saved: ' + (body.error || 'error ' + answer.status), 'error');
    }
  }

  var escaped = false;
  textarea.addEventListener('keydown', function (e) {
    if ((e.ctrlKey || e.metaKey) && (e.key === 's' || e.key === 'S')) { e.preventDefault(); save(); return; }
    if (readonly) return;
    if (e.key === 'Escape') { escaped = true; return; }
    if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey && !escaped) {
      e.preventDefault();
      document.execCommand('insertText', false, '  ');
    } else if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
      var before = textarea.value.slice(0, textarea.selectionStart);
      var indent = /[ \t]*/.exec(before.slice(before.lastIndexOf('\n') + 1))[0];
      if (/[{\[]\s*$/.test(before)) indent += '  ';
      e.preventDefault();
      document.execCommand('insertText', false, '\n' + indent);
    }
    if (e.key !== 'Shift') escaped = false;
  });

  textarea.addEventListener('input', function () { if (!readonly) scheduleValidate(); });
  ['keyup', 'click', 'focus'].forEach(function (t) { textarea.addEventListener(t, updateCaret); });
  form.addEventListener('submit', function (e) { e.preventDefault(); save(); });
  window.addEventListener('beforeunload', function (e) { if (!readonly && textarea.value !== saved) { e.preventDefault(); e.returnValue = ''; } });
  // A page opened from an older version starts with that source, which is an unsaved change.
  if (form.dataset.dirty === 'true') saved = null;
  if (!readonly) validate();
  else updateCaret();
})();
`;
