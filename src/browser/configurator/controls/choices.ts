// Options shown side by side in a fieldset: radios, colour or image swatches (radios too), or checkboxes for a
// multi-select; each option has a place for the reason it is unavailable.
import { el } from '../dom';
import { safeColour, safeImage } from '../swatch';
import type { Body, Frame, Kind } from './frame';

function build(fr: Frame, swatch: boolean, many: boolean): Body {
  const f = fr.field;
  const set = el('fieldset', {
    part: 'choices',
    class: swatch ? 'choices swatches' : 'choices',
    'aria-describedby': fr.describedBy,
  });
  set.append(el('legend', { part: 'label', class: 'label' }, [fr.label, fr.req]));
  for (const o of f.options ?? []) {
    const input = fr.input({ type: many ? 'checkbox' : 'radio', name: fr.id, value: o.id, class: swatch ? 'sr' : undefined });
    const reason = el('span', { part: 'reason', class: 'reason', hidden: true });
    const parts: Node[] = [input];
    if (swatch) {
      const chip = el('span', { part: 'swatch', class: 'swatch', 'aria-hidden': 'true' });
      const colour = safeColour(o.colour ?? o.color);
      const image = safeImage(o.image);
      // CSSOM properties, not a style attribute: allowed under a CSP without 'unsafe-inline'.
      if (colour) chip.style.backgroundColor = colour;
      if (image) chip.style.backgroundImage = `url("${image}")`;
      parts.push(chip);
    }
    parts.push(el('span', { class: 'name', text: o.label ?? o.id }), reason);
    set.append(el('label', { part: swatch ? 'option swatch-option' : 'option', class: swatch ? 'sw' : 'choice' }, parts));
    fr.options.set(o.id, { input, reason });
  }
  fr.wrap.append(set);
  const boxes = fr.inputs as HTMLInputElement[];
  if (many) {
    // A multi-select sends the ids ticked, in the options' order; once the buyer has touched it, none ticked is
    // a choice too (the empty list), not "nothing entered" (which would bring its default back).
    return {
      get: () => boxes.filter((i) => i.checked).map((i) => i.value),
      set: (x) => {
        for (const i of boxes) i.checked = Array.isArray(x) && x.includes(i.value);
      },
    };
  }
  return {
    get: () => boxes.find((i) => i.checked)?.value,
    set: (x) => {
      for (const i of boxes) i.checked = i.value === x;
    },
  };
}

export const radios: Kind = { build: (fr) => build(fr, false, false) };
export const swatches: Kind = { build: (fr) => build(fr, true, false) };
export const checkboxes: Kind = {
  // Its range is how many options to tick.
  range: (v) => ({ min: v.min_selected, max: v.max_selected }),
  keepsTicked: true,
  build: (fr) => build(fr, false, true),
};
