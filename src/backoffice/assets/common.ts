// Loaded on every signed-in page: calls to the admin API with the session's CSRF token, forms that submit to
// it, confirmation dialogs, copy buttons, local times and one-shot notices. Plain browser JS; kept free of
// template literals because it lives in one.
export const commonJs = String.raw`
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="csrf-token"]');
  var csrf = meta ? meta.getAttribute('content') : '';

  function signInAgain() {
    location.assign('/admin/login?expired=1&next=' + encodeURIComponent(location.pathname + location.search));
  }

  async function api(method, path, body) {
    var headers = { Accept: 'application/json' };
    if (method !== 'GET') headers['X-CSRF-Token'] = csrf;
    // no-cache: the form endpoint allows caching for storefronts, but the author wants the version just saved.
    var init = { method: method, headers: headers, credentials: 'same-origin', cache: 'no-cache' };
    if (body !== undefined) { headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
    var res;
    try { res = await fetch(path, init); }
    catch (e) { return { status: 0, ok: false, body: { error: 'The service cannot be reached; check your connection and try again.' } }; }
    if (res.status === 401) { signInAgain(); }
    var text = await res.text();
    var data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = { error: 'Unexpected answer (' + res.status + ')' }; }
    return { status: res.status, ok: res.ok, body: data };
  }

  function flash(message, kind) { try { sessionStorage.setItem('cpq-flash', JSON.stringify({ message: message, kind: kind || 'ok' })); } catch (e) {} }

  function notify(message, kind) {
    var box = document.getElementById('flash');
    if (!box) return;
    box.className = 'notice ' + (kind || 'ok');
    box.textContent = message;
  }

  function showFlash() {
    var raw = null;
    try { raw = sessionStorage.getItem('cpq-flash'); sessionStorage.removeItem('cpq-flash'); } catch (e) {}
    if (!raw) return;
    try { var f = JSON.parse(raw); notify(f.message, f.kind); } catch (e) {}
  }

  var timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  function localTimes(root) {
    root.querySelectorAll('time[datetime]').forEach(function (t) {
      var d = new Date(t.getAttribute('datetime'));
      if (!isNaN(d.getTime())) { t.title = t.getAttribute('datetime'); t.textContent = timeFormat.format(d); }
    });
  }

  var dialog = null;
  function confirmDialog(title, message, action) {
    if (!dialog) {
      dialog = document.createElement('dialog');
      dialog.setAttribute('aria-labelledby', 'confirm-title');
      dialog.innerHTML = '<form method="dialog"><h2 id="confirm-title"></h2><p class="confirm-message"></p>' +
        '<div class="actions"><button class="btn" value="cancel" autofocus>Cancel</button>' +
        '<button class="btn danger solid confirm-yes" value="yes"></button></div></form>';
      document.body.appendChild(dialog);
    }
    dialog.querySelector('h2').textContent = title;
    dialog.querySelector('.confirm-message').textContent = message;
    dialog.querySelector('.confirm-yes').textContent = action;
    dialog.returnValue = '';
    return new Promise(function (resolve) {
      dialog.addEventListener('close', function () { resolve(dialog.returnValue === 'yes'); }, { once: true });
      dialog.showModal();
    });
  }

  function formBody(form) {
    var body = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === '_csrf' || el.disabled) return;
      if (el.dataset.type === 'array') {
        if (!Array.isArray(body[el.name])) body[el.name] = [];
        if (el.checked) body[el.name].push(el.value);
      } else if (el.value !== '' || !el.hasAttribute('data-optional')) {
        body[el.name] = el.value;
      }
    });
    return body;
  }

  function clearErrors(form) {
    form.querySelectorAll('.field-error[data-generated]').forEach(function (e) { e.remove(); });
    form.querySelectorAll('[aria-invalid]').forEach(function (e) { e.removeAttribute('aria-invalid'); });
    var box = form.querySelector('.form-error');
    if (box) box.textContent = '';
  }

  function showErrors(form, answer) {
    var body = answer.body || {};
    // A 400 lists each problem with a field in errors: {field, code, message, location}.
    var problems = Array.isArray(body.errors) ? body.errors : [];
    var placed = false;
    problems.forEach(function (d) {
      var el = d && d.field ? form.querySelector('[name="' + String(d.field).replace(/"/g, '') + '"]') : null;
      if (!el) return;
      placed = true;
      var msg = document.createElement('p');
      msg.className = 'field-error';
      msg.dataset.generated = '';
      msg.id = 'err-' + el.name;
      msg.textContent = d.message;
      el.setAttribute('aria-invalid', 'true');
      el.setAttribute('aria-describedby', msg.id);
      (el.closest('.field') || el.parentNode).appendChild(msg);
    });
    var box = form.querySelector('.form-error');
    if (box) box.textContent = placed ? 'Please correct the marked field.' : (body.error || 'Something went wrong (' + answer.status + ').');
    var first = form.querySelector('[aria-invalid="true"]');
    if (first) first.focus();
  }

  async function refresh(selector) {
    var res = await fetch(location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
    if (!res.ok) return;
    var doc = new DOMParser().parseFromString(await res.text(), 'text/html');
    var fresh = doc.querySelector(selector);
    var current = document.querySelector(selector);
    if (fresh && current) { current.replaceWith(fresh); localTimes(fresh); }
  }

  function fill(template, data) {
    return template.replace(/\{(\w+)\}/g, function (_, k) { return encodeURIComponent(data && data[k] != null ? data[k] : ''); });
  }

  var onSuccess = {
    reload: function (form) { if (form.dataset.flash) flash(form.dataset.flash); location.reload(); },
    redirect: function (form, body) { if (form.dataset.flash) flash(form.dataset.flash); location.assign(fill(form.dataset.redirect, body)); },
    refresh: async function (form) {
      await refresh(form.dataset.refresh);
      if (form.dataset.flash) notify(form.dataset.flash);
    },
    'show-key': async function (form, body) {
      var panel = document.getElementById('new-key');
      panel.querySelector('#new-key-value').value = body.key;
      panel.querySelector('.new-key-name').textContent = body.name;
      panel.hidden = false;
      form.reset();
      await refresh('#keys');
      var input = panel.querySelector('#new-key-value');
      input.focus();
      input.select();
    }
  };

  document.addEventListener('submit', async function (event) {
    var form = event.target;
    if (!form.matches('form.api-form')) return;
    event.preventDefault();
    if (form.dataset.confirm && !(await confirmDialog(form.dataset.confirmTitle || 'Are you sure?', form.dataset.confirm, form.dataset.confirmAction || 'Confirm'))) return;
    clearErrors(form);
    var button = form.querySelector('[type=submit]');
    if (button) button.disabled = true;
    form.setAttribute('aria-busy', 'true');
    var answer = await api(form.dataset.method, form.dataset.action, form.dataset.method === 'DELETE' ? undefined : formBody(form));
    form.removeAttribute('aria-busy');
    if (button) button.disabled = false;
    if (answer.ok) await onSuccess[form.dataset.success || 'reload'](form, answer.body);
    else if (answer.status !== 401) showErrors(form, answer);
  });

  document.addEventListener('click', async function (event) {
    var button = event.target.closest('[data-copy]');
    if (button) {
      var source = document.querySelector(button.dataset.copy);
      var text = source.value || source.textContent;
      try { await navigator.clipboard.writeText(text); }
      catch (e) { source.select(); document.execCommand('copy'); }
      var label = button.textContent;
      button.textContent = 'Copied';
      setTimeout(function () { button.textContent = label; }, 2000);
      return;
    }
    var dismiss = event.target.closest('[data-dismiss]');
    if (dismiss) {
      var target = document.querySelector(dismiss.dataset.dismiss);
      target.hidden = true;
      var input = target.querySelector('input');
      if (input) input.value = '';
    }
  });

  localTimes(document);
  showFlash();
  window.cpq = { api: api, notify: notify, flash: flash, confirm: confirmDialog, localTimes: localTimes, refresh: refresh };
})();
`;
