// A dropdown: one <option> per option, and "Choose…" first when the field has no default.
import { el } from '../dom';
import type { Kind } from './frame';

export const select: Kind = {
  build(fr) {
    const f = fr.field;
    const box = el('select', { id: fr.id, part: 'input', 'aria-describedby': fr.describedBy });
    if (f.default === undefined) box.append(el('option', { value: '', text: fr.context.t('choose') }));
    for (const o of f.options ?? []) {
      const option = el('option', { value: o.id, text: o.label ?? o.id });
      fr.options.set(o.id, { input: option, reason: null });
      box.append(option);
    }
    box.addEventListener('change', fr.changed);
    fr.inputs.push(box);
    fr.wrap.append(fr.labelFor(), box);
    return {
      get: () => box.value || undefined,
      set: (x) => {
        box.value = typeof x === 'string' ? x : '';
      },
    };
  },
};
