// The preview's result panel: total, unit price, discount, price lines, warnings, errors and every output
// group of a calculation (src/cpq/calculation.ts) with its labels, units and texts (result.output_info), or the
// problems of a refused configuration.
export const previewResultJs = String.raw`
(function () {
  'use strict';
  var el = window.cpqFields.el;

  function money(amount, currency, lang) {
    try { return new Intl.NumberFormat(lang, { style: 'currency', currency: currency }).format(amount); }
    catch (e) { return amount + ' ' + currency; }
  }

  function table(caption, rows, numeric) {
    var body = el('tbody', {}, rows.map(function (r) {
      return el('tr', {}, [el('th', { scope: 'row', text: r[0] }), el('td', { className: numeric ? 'num' : '' }, [r[1]])]);
    }));
    return el('table', { className: 'pv-table' }, [el('caption', { text: caption }), body]);
  }

  function issues(kind, title, list, onPick) {
    if (!list.length) return null;
    return el('div', { className: 'notice ' + kind + ' pv-issues' }, [
      el('h3', { text: title }),
      el('ul', {}, list.map(function (i) {
        var text = i.message;
        if (i.field && onPick) {
          var b = el('button', { type: 'button', className: 'btn-link', text: text });
          b.addEventListener('click', function () { onPick(i.field); });
          return el('li', {}, [b]);
        }
        return el('li', { text: text });
      }))
    ]);
  }

  function renderOk(panel, body, ctx) {
    var t = body.result.totals;
    var cur = t.currency;
    var fmt = function (x) { return money(x, cur, ctx.lang); };
    var q = body.quantity.value;
    panel.appendChild(el('div', { className: 'pv-total' }, [
      el('span', { className: 'pv-total-label', text: 'Total' }),
      el('output', { className: 'pv-total-amount', id: 'pv-total', text: fmt(t.price) }),
      el('span', { className: 'muted', text: q === 1 ? 'for 1 piece' : 'for ' + ctx.formatNumber(q) + ' pieces, ' + fmt(t.unit_price) + ' each' })
    ]));
    var sums = [['Unit price', fmt(t.unit_price)], ['Quantity', ctx.formatNumber(q)]];
    if (t.charges) sums.push(['Per-order charges', fmt(t.charges)]);
    sums.push(['Subtotal', fmt(t.subtotal)]);
    if (t.discount) sums.push(['Quantity discount', '− ' + fmt(t.discount)]);
    panel.appendChild(table('Price lines', body.result.lines.map(function (l) {
      var notes = (l.kind === 'surcharge' ? ' (surcharge)' : '') + (l.per === 'order' && l.kind !== 'discount' ? ' (once per order)' : '');
      return [l.label + notes, fmt(l.amount)];
    }).concat(body.result.lines.length ? [] : [['No price lines apply', '']]), true));
    panel.appendChild(table('Totals', sums, true));
    var w = issues('warn', 'Warnings', body.warnings || []);
    if (w) panel.appendChild(w);
    var groups = body.result.groups || {};
    var texts = body.result.texts || {};
    var infos = body.result.output_info || {};
    Object.keys(groups).forEach(function (g) {
      var items = groups[g];
      var info = infos[g] || { items: {} };
      var described = function (k) { return info.items[k] || {}; };
      var name = function (k) { return described(k).label ? described(k).label + ' (' + k + ')' : k; };
      var rows = Object.keys(items).map(function (k) {
        var unit = described(k).unit;
        return [name(k), ctx.formatNumber(items[k]) + (unit ? ' ' + unit : '')];
      });
      var words = texts[g] || {};
      Object.keys(words).forEach(function (k) { rows.push([name(k), words[k]]); });
      var caption = 'Output: ' + g + (info.label ? ' — ' + info.label : '') + (info.internal ? ' · internal' : '');
      panel.appendChild(table(caption, rows.length ? rows : [['No items apply', '']], true));
    });
  }

  function render(panel, state, ctx) {
    panel.classList.remove('is-busy');
    panel.innerHTML = '';
    if (state.kind === 'ok') renderOk(panel, state.body, ctx);
    else if (state.kind === 'invalid') {
      panel.appendChild(el('div', { className: 'pv-total is-invalid' }, [
        el('span', { className: 'pv-total-label', text: 'Total' }),
        el('output', { className: 'pv-total-amount', id: 'pv-total', text: '—' }),
        el('span', { className: 'muted', text: 'No price until the configuration is valid' })
      ]));
      panel.appendChild(issues('error', 'Problems', state.body.errors || [], ctx.focusField));
      var w = issues('warn', 'Warnings', state.body.warnings || []);
      if (w) panel.appendChild(w);
    } else {
      panel.appendChild(el('div', { className: 'notice error', role: 'alert', text: state.message }));
    }
  }

  window.cpqResult = { render: render, money: money };
})();
`;
