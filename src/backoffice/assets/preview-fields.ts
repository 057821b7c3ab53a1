// The preview's field controls, one per kind of control a field type names in its registry record (its `preview`
// facet, src/lang/fields/), written into the script when it is built. Each control exposes
// get/set/setDisabled/setRequired/setError so the page script never touches type-specific markup.
import { FIELD_TYPES } from '../../lang/fields/registry';

const previews = JSON.stringify(Object.fromEntries(Object.entries(FIELD_TYPES).map(([type, spec]) => [type, spec.preview])));

export const previewFieldsJs = String.raw`
(function () {
  'use strict';
  var counter = 0;
  // Field type → { control, rangeHint }. A type this script does not know (a newer server) shows as a text box.
  var PREVIEWS = ${previews};
  function previewOf(f) { return Object.prototype.hasOwnProperty.call(PREVIEWS, f.type) ? PREVIEWS[f.type] : { control: 'text', rangeHint: false }; }
  function kindOf(f) { return previewOf(f).control; }
  function takesInput(f) { return kindOf(f) !== 'none'; }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      var v = attrs[k];
      if (v === undefined || v === null || v === false) return;
      if (k === 'text') e.textContent = v;
      else if (k === 'className') e.className = v;
      else e.setAttribute(k, v === true ? '' : String(v));
    });
    (children || []).forEach(function (c) { if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }

  // Option attributes come from the schema author; only plain colours and http(s)/relative images are used.
  function safeColour(v) { return typeof v === 'string' && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,30}|(rgb|hsl)a?\([0-9.,%\s]+\))$/.test(v) ? v : null; }
  function safeImage(v) { return typeof v === 'string' && /^(https:\/\/|\/)[^\s"'()\\]+$/.test(v) ? v : null; }

  function rangeHint(f, fmt) {
    var v = f.validation || {};
    var unit = f.unit ? ' ' + f.unit : '';
    if (v.min !== undefined && v.max !== undefined) return fmt(v.min) + ' – ' + fmt(v.max) + unit + (v.step ? ', step ' + fmt(v.step) : '');
    if (v.min !== undefined) return 'at least ' + fmt(v.min) + unit;
    if (v.max !== undefined) return 'at most ' + fmt(v.max) + unit;
    return '';
  }

  function create(f, ctx) {
    var id = 'pf-' + (++counter);
    var v = f.validation || {};
    var wrap = el('div', { className: 'pf pf-' + f.type, 'data-field': f.id });
    var help = f.help ? el('p', { className: 'hint', id: id + '-help', text: f.help }) : null;
    var preview = previewOf(f);
    var kind = preview.control;
    var hintText = preview.rangeHint ? rangeHint(f, ctx.formatNumber) : '';
    var hint = hintText ? el('p', { className: 'hint', id: id + '-range', text: hintText }) : null;
    var error = el('p', { className: 'field-error', id: id + '-error', hidden: true });
    var describedBy = [help && help.id, hint && hint.id, error.id].filter(Boolean).join(' ');
    var req = el('span', { className: 'req', 'aria-hidden': 'true', text: ' *', hidden: true });
    var inputs = [];
    var control = { field: f, root: wrap };

    function labelFor(target) { return el('label', { for: target, className: 'pf-label' }, [f.label || f.id, req]); }
    function changed() { ctx.onChange(f.id); }
    function input(attrs) {
      var i = el('input', Object.assign({ 'aria-describedby': describedBy }, attrs));
      i.addEventListener('input', changed);
      inputs.push(i);
      return i;
    }

    if (kind === 'number' || kind === 'range') {
      var isSlider = kind === 'range';
      // Without a declared default the server uses the minimum (or 0); the placeholder says so.
      var box = input({ id: id, type: isSlider ? 'range' : 'number', inputmode: 'decimal', min: v.min, max: v.max, step: v.step || 'any', value: f.default, placeholder: v.min !== undefined ? v.min : 0 });
      wrap.appendChild(labelFor(id));
      var row = el('div', { className: 'pf-row' }, [box]);
      if (isSlider) {
        var out = el('output', { for: id, className: 'pf-output' });
        var sync = function () { out.textContent = ctx.formatNumber(Number(box.value)) + (f.unit ? ' ' + f.unit : ''); };
        box.addEventListener('input', sync);
        sync();
        row.appendChild(out);
        control.sync = sync;
      } else if (f.unit) {
        row.appendChild(el('span', { className: 'pf-unit', text: f.unit }));
      }
      wrap.appendChild(row);
      if (Array.isArray(f.presets) && f.presets.length) {
        var presets = el('div', { className: 'pf-presets', role: 'group', 'aria-label': (f.label || f.id) + ': presets' });
        f.presets.forEach(function (p) {
          var b = el('button', { type: 'button', className: 'chip-btn', 'data-value': p, text: ctx.formatNumber(p) });
          b.addEventListener('click', function () { box.value = String(p); control.sync(); changed(); });
          presets.appendChild(b);
        });
        control.sync = function () {
          presets.querySelectorAll('button').forEach(function (b) { b.setAttribute('aria-pressed', String(Number(b.dataset.value) === Number(box.value) && box.value !== '')); });
        };
        box.addEventListener('input', control.sync);
        control.sync();
        wrap.appendChild(presets);
        control.presets = presets;
      }
      control.get = function () { return box.value === '' ? undefined : (isFinite(Number(box.value)) ? Number(box.value) : box.value); };
      control.set = function (x) { box.value = x === undefined ? '' : String(x); if (control.sync) control.sync(); };
    } else if (kind === 'select') {
      var select = el('select', { id: id, 'aria-describedby': describedBy });
      (f.options || []).forEach(function (o) { select.appendChild(el('option', { value: o.id, text: o.label || o.id })); });
      if (f.default !== undefined) select.value = f.default;
      select.addEventListener('change', changed);
      inputs.push(select);
      wrap.appendChild(labelFor(id));
      wrap.appendChild(select);
      control.get = function () { return select.value || undefined; };
      control.set = function (x) { if (x !== undefined) select.value = x; };
    } else if (kind === 'radios' || kind === 'swatches') {
      var isSwatch = kind === 'swatches';
      var set = el('fieldset', { className: 'pf-choices' + (isSwatch ? ' swatches' : ''), 'aria-describedby': describedBy });
      set.appendChild(el('legend', { className: 'pf-label' }, [f.label || f.id, req]));
      var name = id + '-choice';
      var first = (f.options || [])[0];
      (f.options || []).forEach(function (o) {
        var radio = input({ type: 'radio', name: name, value: o.id, className: isSwatch ? 'swatch-input' : null });
        radio.checked = o.id === (f.default !== undefined ? f.default : first && first.id);
        var parts = [radio];
        if (isSwatch) {
          var chip = el('span', { className: 'swatch-chip', 'aria-hidden': 'true' });
          var colour = safeColour(o.colour !== undefined ? o.colour : o.color);
          var image = safeImage(o.image);
          if (colour) chip.style.backgroundColor = colour;
          if (image) chip.style.backgroundImage = 'url("' + image + '")';
          parts.push(chip);
        }
        parts.push(el('span', { className: 'choice-label', text: o.label || o.id }));
        set.appendChild(el('label', { className: isSwatch ? 'swatch' : 'choice' }, parts));
      });
      wrap.appendChild(set);
      control.get = function () { var c = inputs.filter(function (i) { return i.checked; })[0]; return c ? c.value : undefined; };
      control.set = function (x) { inputs.forEach(function (i) { i.checked = i.value === x; }); };
    } else if (kind === 'checkboxes') {
      // A multi-select field: one checkbox per option; its value is the list of the checked ids.
      var many = el('fieldset', { className: 'pf-choices', 'aria-describedby': describedBy });
      many.appendChild(el('legend', { className: 'pf-label' }, [f.label || f.id, req]));
      var picked = Array.isArray(f.default) ? f.default : [];
      (f.options || []).forEach(function (o) {
        var box = input({ type: 'checkbox', value: o.id });
        box.checked = picked.indexOf(o.id) >= 0;
        many.appendChild(el('label', { className: 'choice' }, [box, el('span', { className: 'choice-label', text: o.label || o.id })]));
      });
      wrap.appendChild(many);
      control.get = function () { return inputs.filter(function (i) { return i.checked; }).map(function (i) { return i.value; }); };
      control.set = function (x) { inputs.forEach(function (i) { i.checked = Array.isArray(x) && x.indexOf(i.value) >= 0; }); };
    } else if (kind === 'checkbox') {
      var check = input({ id: id, type: 'checkbox' });
      check.checked = f.default === true;
      wrap.appendChild(el('label', { className: 'check', for: id }, [check, el('span', { text: f.label || f.id }), req]));
      control.get = function () { return check.checked; };
      control.set = function (x) { check.checked = x === true; };
    } else {
      var isDate = kind === 'date';
      var text = input({ id: id, type: isDate ? 'date' : 'text', value: f.default, maxlength: v.max_length, min: isDate ? v.min : null, max: isDate ? v.max : null });
      wrap.appendChild(labelFor(id));
      wrap.appendChild(text);
      control.get = function () { return text.value === '' ? undefined : text.value; };
      control.set = function (x) { text.value = x === undefined ? '' : String(x); };
    }
    if (hint) wrap.appendChild(hint);
    if (help) wrap.appendChild(help);
    wrap.appendChild(error);

    control.setDisabled = function (off) {
      wrap.classList.toggle('is-disabled', off);
      inputs.forEach(function (i) { i.disabled = off; });
      if (control.presets) control.presets.querySelectorAll('button').forEach(function (b) { b.disabled = off; });
    };
    control.setRequired = function (on) {
      req.hidden = !on;
      inputs.forEach(function (i) { if (on) i.setAttribute('aria-required', 'true'); else i.removeAttribute('aria-required'); });
    };
    control.setError = function (message) {
      error.hidden = !message;
      error.textContent = message || '';
      wrap.classList.toggle('has-error', !!message);
      inputs.forEach(function (i) { if (message) i.setAttribute('aria-invalid', 'true'); else i.removeAttribute('aria-invalid'); });
    };
    control.focus = function () { if (inputs[0]) inputs[0].focus(); };
    return control;
  }

  window.cpqFields = { create: create, el: el, kindOf: kindOf, takesInput: takesInput };
})();
`;
