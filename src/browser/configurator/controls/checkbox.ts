// A single checkbox: true or false, its label beside it.
import { el } from '../dom';
import type { Kind } from './frame';

export const checkbox: Kind = {
  build(fr) {
    const check = fr.input({ id: fr.id, part: 'input', type: 'checkbox' });
    fr.wrap.append(el('label', { part: 'label', class: 'check', for: fr.id }, [check, el('span', { text: fr.label }), fr.req]));
    return {
      get: () => check.checked,
      set: (x) => {
        check.checked = x === true;
      },
    };
  },
};
