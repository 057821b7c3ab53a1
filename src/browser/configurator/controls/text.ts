// A one-line text box, or a date picker bounded by the field's min and max.
import type { Body, Frame, Kind } from './frame';

function build(fr: Frame, date: boolean): Body {
  const v = fr.field.validation ?? {};
  const box = fr.input({
    id: fr.id,
    part: 'input',
    type: date ? 'date' : 'text',
    maxlength: v.max_length,
    min: date ? (v.min as string) : undefined,
    max: date ? (v.max as string) : undefined,
  });
  fr.wrap.append(fr.labelFor(), box);
  return {
    get: () => (box.value === '' ? undefined : box.value),
    set: (x) => {
      box.value = x === undefined || x === null ? '' : String(x);
    },
  };
}

export const text: Kind = { build: (fr) => build(fr, false) };
export const date: Kind = { build: (fr) => build(fr, true) };
