// The live preview page: renders a product's form document in its layout, applies visibility, enabled and
// required conditions in the browser (window.cpqLogic), and recalculates as the author changes values.
export const previewJs = String.raw`
(function () {
  'use strict';
  var root = document.getElementById('preview');
  if (!root) return;
  var el = window.cpqFields.el;
  var base = '/api/admin/stores/' + encodeURIComponent(root.dataset.store) + '/products/' + encodeURIComponent(root.dataset.product);
  var area = document.getElementById('pv-form');
  var panel = document.getElementById('pv-result');
  var langSelect = document.getElementById('pv-lang');
  var qty = document.getElementById('pv-quantity');
  var qtyError = document.getElementById('pv-quantity-error');
  var lang = root.dataset.lang || '';
  var form = null;
  var controls = new Map();
  var groupViews = [];
  var state = { visible: new Map(), enabled: new Map() };
  var selectedTab = 0;
  var seq = 0;
  var timer = null;
  var numbers = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });
  var ctx = {
    formatNumber: function (n) { return numbers.format(n); },
    onChange: function () { update(); },
    focusField: focusField,
    lang: lang
  };

  // A condition the browser cannot evaluate (an extra operation this evaluator lacks) counts as met; the
  // calculation's states stay authoritative.
  function holds(condition, data, otherwise) {
    if (!condition) return otherwise;
    try { return window.cpqLogic.truthy(window.cpqLogic.apply(condition.json_logic, data)); }
    catch (e) { return otherwise; }
  }

  // The conditions' JSON Logic reads the values the author has set (plus quantity) and derives the rest itself:
  // defaults, refused values, fields that are not visible (docs/api.md, "Conditions as JSON Logic").
  function settle() {
    var data = Object.create(null);
    if (qty.value !== '') data.quantity = Number(qty.value);
    controls.forEach(function (c, id) { var v = c.get(); if (v !== undefined) data[id] = v; });
    form.groups.forEach(function (g) {
      var gv = holds(g.visible_when, data, true), ge = holds(g.enabled_when, data, true);
      state.visible.set('group:' + g.id, gv);
      state.enabled.set('group:' + g.id, ge);
      g.fields.forEach(function (f) {
        if (!window.cpqFields.takesInput(f)) return;
        state.visible.set(f.id, gv && holds(f.visible_when, data, true));
        state.enabled.set(f.id, ge && holds(f.enabled_when, data, true));
      });
    });
    return data;
  }

  function showGroups() {
    groupViews.forEach(function (view) {
      var shown = state.visible.get('group:' + view.group.id);
      view.root.hidden = !shown;
      if (view.tab) view.tab.hidden = !shown;
      view.fieldset.disabled = !state.enabled.get('group:' + view.group.id);
    });
  }

  function update() {
    var data = settle();
    showGroups();
    controls.forEach(function (c, id) {
      c.root.hidden = !state.visible.get(id);
      c.setDisabled(!state.enabled.get(id));
      c.setRequired(c.field.required === true || holds(c.field.required_when, data, false));
    });
    if (groupViews.length && groupViews[selectedTab] && groupViews[selectedTab].tab && groupViews[selectedTab].tab.hidden) {
      var firstShown = groupViews.findIndex(function (v) { return !v.tab.hidden; });
      if (firstShown >= 0) selectTab(firstShown, false);
    }
    clearTimeout(timer);
    panel.classList.add('is-busy');
    timer = setTimeout(calculate, 250);
  }

  // The server's states are authoritative; they settle the conditions the browser could not evaluate.
  function applyServerStates(states) {
    (states.groups || []).forEach(function (g) {
      state.visible.set('group:' + g.id, g.visible);
      state.enabled.set('group:' + g.id, g.enabled);
    });
    showGroups();
    (states.fields || []).forEach(function (f) {
      var c = controls.get(f.id);
      if (!c) return;
      state.visible.set(f.id, f.visible);
      state.enabled.set(f.id, f.enabled);
      c.root.hidden = !f.visible;
      c.setDisabled(!f.enabled);
      c.setRequired(f.required);
    });
  }

  function configuration() {
    var out = Object.create(null);
    controls.forEach(function (c, id) {
      var v = c.get();
      if (v !== undefined && state.visible.get(id) && state.enabled.get(id)) out[id] = v;
    });
    return out;
  }

  async function calculate() {
    var mine = ++seq;
    var body = { configuration: configuration(), lang: lang, output_groups: ['*'] };
    if (qty.value !== '') body.quantity = Number(qty.value);
    var answer = await window.cpq.api('POST', base + '/calculate', body);
    if (mine !== seq || answer.status === 401) return;
    controls.forEach(function (c) { c.setError(null); });
    qty.removeAttribute('aria-invalid');
    qtyError.hidden = true;
    var result = answer.body || {};
    if (result.states) applyServerStates(result.states);
    if (answer.ok) window.cpqResult.render(panel, { kind: 'ok', body: result }, ctx);
    else if (answer.status === 422) {
      (result.errors || []).forEach(function (e) {
        if (e.field && controls.has(e.field)) controls.get(e.field).setError(e.message);
        else if (e.code === 'INVALID_QUANTITY') { qty.setAttribute('aria-invalid', 'true'); qtyError.textContent = e.message; qtyError.hidden = false; }
      });
      window.cpqResult.render(panel, { kind: 'invalid', body: result }, ctx);
    } else window.cpqResult.render(panel, { kind: 'error', message: result.error || 'The calculation failed (' + answer.status + ')' }, ctx);
  }

  function selectTab(index, focus) {
    selectedTab = index;
    groupViews.forEach(function (v, i) {
      v.tab.setAttribute('aria-selected', String(i === index));
      v.tab.tabIndex = i === index ? 0 : -1;
      v.root.classList.toggle('is-active', i === index);
    });
    if (focus) groupViews[index].tab.focus();
  }

  function focusField(id) {
    var c = controls.get(id);
    if (!c) return;
    var index = groupViews.findIndex(function (v) { return v.root.contains(c.root); });
    if (index >= 0 && groupViews[index].tab) selectTab(index, false);
    if (index >= 0 && groupViews[index].root.tagName === 'DETAILS') groupViews[index].root.open = true;
    c.focus();
  }

  function groupView(g, i, layout, tablist) {
    var fieldset = el('fieldset', { className: 'pv-fields' });
    var headingId = 'pv-g-' + i;
    var view = { group: g, fieldset: fieldset };
    if (layout === 'accordion') {
      view.root = el('details', { className: 'pv-group pv-acc', open: i === 0 }, [el('summary', { id: headingId, text: g.label }), fieldset]);
    } else if (layout === 'tabs') {
      view.tab = el('button', { type: 'button', role: 'tab', id: headingId, 'aria-controls': 'pv-panel-' + i, className: 'pv-tab', text: g.label });
      view.tab.addEventListener('click', function () { selectTab(i, false); });
      tablist.appendChild(view.tab);
      view.root = el('div', { className: 'pv-group pv-panel', role: 'tabpanel', id: 'pv-panel-' + i, 'aria-labelledby': headingId }, [fieldset]);
    } else {
      view.root = el('section', { className: 'pv-group' + (layout === 'inline' ? ' pv-inline' : ''), 'aria-labelledby': headingId }, [el('h2', { id: headingId, text: g.label }), fieldset]);
    }
    return view;
  }

  function render(previous) {
    area.innerHTML = '';
    controls = new Map();
    groupViews = [];
    area.className = 'pv-form layout-' + form.layout;
    var head = el('div', { className: 'pv-head' }, [el('h2', { text: form.name || form.product_id })]);
    if (form.description) head.appendChild(el('p', { className: 'muted', text: form.description }));
    area.appendChild(head);
    var tablist = form.layout === 'tabs' ? el('div', { role: 'tablist', className: 'pv-tabs', 'aria-label': 'Sections' }) : null;
    if (tablist) {
      area.appendChild(tablist);
      tablist.addEventListener('keydown', function (e) {
        var shown = groupViews.map(function (v, i) { return i; }).filter(function (i) { return !groupViews[i].tab.hidden; });
        var at = shown.indexOf(selectedTab);
        var next = e.key === 'ArrowRight' ? shown[(at + 1) % shown.length] : e.key === 'ArrowLeft' ? shown[(at - 1 + shown.length) % shown.length]
          : e.key === 'Home' ? shown[0] : e.key === 'End' ? shown[shown.length - 1] : undefined;
        if (next !== undefined) { e.preventDefault(); selectTab(next, true); }
      });
    }
    form.groups.forEach(function (g, i) {
      var view = groupView(g, i, form.layout, tablist);
      g.fields.forEach(function (f) {
        if (!window.cpqFields.takesInput(f)) return;
        var c = window.cpqFields.create(f, ctx);
        if (previous.has(f.id)) c.set(previous.get(f.id));
        controls.set(f.id, c);
        view.fieldset.appendChild(c.root);
      });
      groupViews.push(view);
      area.appendChild(view.root);
    });
    if (!controls.size) area.appendChild(el('p', { className: 'empty', text: 'This product has no fields to configure; its price does not depend on a choice.' }));
    if (tablist) selectTab(Math.min(selectedTab, groupViews.length - 1), false);
  }

  function languageName(code) {
    try { var n = new Intl.DisplayNames([code], { type: 'language' }).of(code); return n && n !== code ? n + ' (' + code + ')' : code; }
    catch (e) { return code; }
  }

  async function load(previous) {
    var answer = await window.cpq.api('GET', base + '/form' + (lang ? '?lang=' + encodeURIComponent(lang) : ''));
    if (!answer.ok) {
      if (answer.status === 401) return;
      area.innerHTML = '';
      area.appendChild(el('div', { className: 'notice error', role: 'alert', text: (answer.body && answer.body.error) || 'The form could not be loaded' }));
      return;
    }
    form = answer.body;
    window.cpqLogic.setValues(form.logic_values);
    lang = form.language;
    ctx.lang = lang;
    // Labels are in the form's language; screen readers should pronounce them so.
    area.lang = lang;
    numbers = new Intl.NumberFormat(lang, { maximumFractionDigits: 6 });
    langSelect.innerHTML = '';
    form.languages.forEach(function (code) { langSelect.appendChild(el('option', { value: code, text: languageName(code) })); });
    langSelect.value = lang;
    langSelect.disabled = form.languages.length < 2;
    qty.min = form.quantity.min; qty.max = form.quantity.max; qty.step = form.quantity.step;
    if (qty.value === '') qty.value = form.quantity.default !== undefined ? form.quantity.default : form.quantity.min;
    render(previous);
    update();
  }

  function currentValues() { var m = new Map(); controls.forEach(function (c, id) { m.set(id, c.get()); }); return m; }

  langSelect.addEventListener('change', function () {
    lang = langSelect.value;
    history.replaceState(null, '', location.pathname + '?lang=' + encodeURIComponent(lang));
    load(currentValues());
  });
  qty.addEventListener('input', update);
  document.getElementById('pv-reset').addEventListener('click', function () {
    qty.value = form.quantity.default !== undefined ? form.quantity.default : form.quantity.min;
    render(new Map());
    update();
  });
  load(new Map());
})();
`;
