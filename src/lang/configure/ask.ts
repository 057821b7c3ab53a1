// Fields marked `adjust: ask` (issue 33; docs/schema-language.md, "Effective values"): a default the values sent
// exclude is not adjusted but left to the buyer. The configuration shown keeps that default and does not price; its
// errors are each such field REQUIRED (with its own message), not the checks its default fails, since the buyer's
// choice is never blamed for a default, besides the values the adjusted configuration makes required.
import type { CompiledModel } from '../runtime/compiled-model';
import { format } from '../runtime/messages';
import type { Pack } from '../runtime/pack';
import { issue } from '../runtime/run';
import type { Evaluation } from '../runtime/types';

/** The adjusted configuration's evaluation, asking for the fields `asked` (by index, ascending). */
export function askFor(m: CompiledModel, pack: Pack, ev: Evaluation, asked: readonly number[]): Evaluation {
  const isAsked = new Set(asked);
  const fields = ev.fields.map((state, i) => (isAsked.has(i) ? { ...state, required: true } : state));
  const askedFor = asked.map((i) => {
    const f = m.ir.fields[i]!;
    return issue(
      'REQUIRED',
      format(pack.messages, 'REQUIRED_DEFAULT_EXCLUDED', { label: pack.fieldLabels[i]! }),
      f.id,
      f.id,
      f.at,
    );
  });
  // In field order, as the evaluation lists the fields it requires.
  const place = (field: string | undefined) => m.fieldIndex.get(field ?? '') ?? 0;
  const errors = [...askedFor, ...ev.errors.filter((e) => e.code === 'REQUIRED')].sort((x, y) => place(x.field) - place(y.field));
  return { ...ev, fields, errors, price: null, outputErrors: new Map() };
}
