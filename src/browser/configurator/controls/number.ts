// Numbers: a number box (with its unit and presets) or a slider (with its value shown beside it).
import { el } from '../dom';
import { type Body, type Frame, type Kind, rangeHint } from './frame';

function build(fr: Frame, slider: boolean): Body {
  const { field: f, context: c } = fr;
  const v = f.validation ?? {};
  const box = fr.input({
    id: fr.id,
    part: 'input',
    type: slider ? 'range' : 'number',
    inputmode: 'decimal',
    min: v.min as number,
    max: v.max as number,
    step: v.step ?? 'any',
    placeholder: slider ? undefined : String(v.min ?? 0),
  });
  fr.wrap.append(fr.labelFor());
  const row = el('div', { class: 'row' }, [box]);
  const out = slider ? el('output', { for: fr.id, class: 'out' }) : null;
  if (out) row.append(out);
  else if (f.unit) row.append(el('span', { part: 'unit', class: 'unit', text: f.unit }));
  fr.wrap.append(row);
  const presets = f.presets?.length
    ? el('div', { part: 'presets', class: 'presets', role: 'group', 'aria-label': `${fr.label}: ${c.t('presets')}` })
    : null;
  const sync = () => {
    if (out) out.textContent = c.number(Number(box.value)) + (f.unit ? ` ${f.unit}` : '');
    (f.presets ?? []).forEach((p, i) => {
      fr.buttons[i]!.setAttribute('aria-pressed', String(box.value !== '' && Number(box.value) === p));
    });
  };
  const set = (x: unknown) => {
    const next = x === undefined || x === null ? '' : String(x);
    // A kept form sets every control again; an input given the value it has still re-validates.
    if (box.value !== next) box.value = next;
    sync();
  };
  for (const p of f.presets ?? []) {
    const b = el('button', { type: 'button', part: 'preset', class: 'chip', text: c.number(p) + (f.unit ? ` ${f.unit}` : '') });
    b.addEventListener('click', () => {
      set(p);
      fr.changed();
    });
    fr.buttons.push(b);
    presets?.append(b);
  }
  if (presets) fr.wrap.append(presets);
  box.addEventListener('input', () => sync());
  // Called for every field on every update: only a range that moved touches the page.
  let range: [number | undefined, number | undefined] = [undefined, undefined];
  return {
    get: () => (box.value === '' ? undefined : Number.isFinite(Number(box.value)) ? Number(box.value) : box.value),
    set,
    setRange(min, max) {
      if (range[0] === min && range[1] === max) return;
      range = [min, max];
      const v = { ...f.validation, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
      for (const [k, x] of [
        ['min', v.min],
        ['max', v.max],
      ] as const) {
        if (x === undefined) box.removeAttribute(k);
        else box.setAttribute(k, String(x));
      }
      if (fr.hint) fr.hint.textContent = rangeHint(f, c, v);
    },
  };
}

export const number: Kind = { build: (fr) => build(fr, false) };
export const range: Kind = { build: (fr) => build(fr, true) };
